import { Group, Loader, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { type FunderMatches, matchingFundersHeadline } from '@plinth/domain/funder-matches';
import { IconUsersGroup } from '@tabler/icons-react';
import { useFunderMatches } from '../api/get-funder-matches';

type AfterPublication = NonNullable<FunderMatches['after_publication']>;

const funders = (count: AfterPublication['alerted']) => `${count} funders`;

/**
 * After publication (issue 22 item 2): 'Alerted: 12 funders · Opened the preview: 4'. The server
 * says a count under 3 (but not 0) as 'fewer than 3', which reads as it is.
 */
export const afterPublicationLine = ({ alerted, opened }: AfterPublication) =>
  `Alerted: ${funders(alerted)} · Opened the preview: ${opened}`;

const INTRO =
  "Counted from the lending criteria funders on Plinth have saved; no funder's own limits are shown.";

/**
 * The market for this project (issue 22 item 4; decision 041): how many active funders lend on
 * projects like it, and the one criterion that alone keeps most others out. `compact` is the
 * publish step's version (inside the Publish modal, before the developer pays); otherwise a card
 * on the project's overview for its owner.
 */
export function FunderMatchesCard({ projectId, compact = false }: { projectId: string; compact?: boolean }) {
  const query = useFunderMatches(projectId);
  // Null until the listing is first published.
  const after = query.data?.after_publication;

  const body = query.isPending ? (
    <Group gap="xs">
      <Loader size="xs" aria-hidden />
      <Text fz="sm" c="gray.7">
        Counting funders who lend on projects like this…
      </Text>
    </Group>
  ) : query.isError ? (
    <Text fz="sm" c="gray.7">
      The number of funders who lend on projects like this could not be loaded just now.
    </Text>
  ) : (
    <Stack gap={4}>
      <Text fw={600} data-testid="funder-matches-headline">
        {matchingFundersHeadline(query.data.matching_funders)}
      </Text>
      {query.data.near_misses[0] && (
        <Text fz="sm" c="gray.8">
          {query.data.near_misses[0].text}.
        </Text>
      )}
      {after && (
        <Text fz="sm" c="gray.8" data-testid="funder-matches-after-publication">
          {afterPublicationLine(after)}
        </Text>
      )}
    </Stack>
  );

  if (compact) {
    return (
      <Group
        gap="sm"
        align="flex-start"
        wrap="nowrap"
        role="region"
        aria-label="Funders who lend on projects like this"
        aria-live="polite"
      >
        <ThemeIcon variant="light" radius="xl" aria-hidden>
          <IconUsersGroup size={18} />
        </ThemeIcon>
        {body}
      </Group>
    );
  }
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="funder-matches-heading">
      <Title order={2} fz="lg" mb={4} id="funder-matches-heading">
        Funders for this project
      </Title>
      <Text fz="sm" c="gray.7" mb="sm">
        {INTRO}
      </Text>
      <div aria-live="polite">{body}</div>
    </Paper>
  );
}
