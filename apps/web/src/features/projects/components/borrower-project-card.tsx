import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { formatAud } from '@plinth/domain/format';
import { listingLabel } from '@plinth/domain/listing';
import type { ProjectResponse } from '@plinth/domain/projects';
import { IconMapPin, IconUsers } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { placeOf } from '../utils/figures';
import { DealRoomButton } from './deal-room-button';
import { badgeColours } from './listing-status-badge';
import { PublishAction } from './publish-action';

/**
 * Spec 000 section 2 (Borrower project card): LIVE when paid, UNDER REVIEW when payment_pending,
 * else DRAFT. A paid listing an admin rejected (hidden) reads REJECTED rather than LIVE: calling it
 * live would tell the developer funders can see it when they cannot. A listing whose deal completed
 * reads FUNDED: it has left the market.
 */
const cardBadges = {
  Published: { text: 'LIVE', tone: 'success' },
  'Under Review': { text: 'UNDER REVIEW', tone: 'warning' },
  Draft: { text: 'DRAFT', tone: 'warning' },
  Rejected: { text: 'REJECTED', tone: 'error' },
  Funded: { text: 'FUNDED', tone: 'funded' },
} as const;

export function BorrowerProjectCard({ project }: { project: ProjectResponse }) {
  const navigate = useNavigate();
  const label = listingLabel(project);
  const badge = cardBadges[label];
  const colours = badgeColours[badge.tone];
  const deals = project.deal_count === 1 ? '1 deal' : `${project.deal_count} deals`;

  return (
    <Card component="article" withBorder radius="md" padding="lg" h="100%">
      <Stack gap="sm" h="100%">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <Title order={3} fz="lg" lh={1.3}>
            {project.title}
          </Title>
          <Badge variant="light" color={colours.color} c={colours.text} style={{ flexShrink: 0 }}>
            {badge.text}
          </Badge>
        </Group>
        <Stack gap={0}>
          <Text fz="xs" c="gray.7">
            Loan amount
          </Text>
          <Text fz={24} fw={700} c="navy.9">
            {formatAud(project.loan_amount)}
          </Text>
        </Stack>
        <Group gap="lg" c="gray.7">
          <Group gap={6} wrap="nowrap">
            <IconMapPin aria-hidden size={16} />
            <Text fz="sm">{placeOf(project)}</Text>
          </Group>
          <Group gap={6} wrap="nowrap">
            <IconUsers aria-hidden size={16} />
            <Text fz="sm">{deals}</Text>
          </Group>
        </Group>
        <Stack gap="xs" mt="auto" pt="xs">
          {/* A button, as the spec names it, rather than a link; it opens the project page. */}
          <Button variant="default" fullWidth onClick={() => navigate(`/project/${project.id}`)}>
            View Details
          </Button>
          <DealRoomButton project={project} fullWidth />
          {label === 'Draft' && <PublishAction project={project} action="Publish" size="sm" fullWidth />}
          {label === 'Under Review' && (
            <Button disabled fullWidth>
              Under Admin Review
            </Button>
          )}
          {label === 'Rejected' && (
            <Button component={Link} to={`/project/${project.id}/edit?resubmit=true`} fullWidth>
              Submit for Re-review
            </Button>
          )}
        </Stack>
      </Stack>
    </Card>
  );
}
