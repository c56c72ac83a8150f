import { Alert, Paper, Stack, Text, Title } from '@mantine/core';
import { proposalMessages, quoteAmountsDiffer } from '@plinth/domain/proposals';
import { LoadFailedAlert, LoadingBlock } from '../../../components/load-states';
import { useProjectQuotes } from '../api/list-project-quotes';
import { useIsMobile } from '../hooks/use-is-mobile';
import { QuoteComparisonCards } from './quote-comparison-cards';
import { QuoteComparisonTable } from './quote-comparison-table';

/**
 * Beyond the spec (issue 9): every quote on the project, across all its deals, side by side for its
 * developer: cheapest all-in cost first, expired quotes last and greyed out.
 */
export function QuoteComparison({ projectId }: { projectId: string }) {
  const query = useProjectQuotes(projectId);
  const isMobile = useIsMobile();
  return (
    <Stack gap="sm" component="section" aria-labelledby="quote-comparison-heading">
      <Stack gap={2}>
        <Title order={2} fz="lg" id="quote-comparison-heading">
          Quote Comparison
        </Title>
        <Text fz="sm" c="gray.7">
          All-in cost over the term: interest on the full loan for the whole term plus the establishment fee.
          Beside it, the cost per dollar lent: that all-in cost as a yearly rate on the amount offered, which
          ranks the quotes. Other fees are shown beside it, as each funder wrote them.
        </Text>
      </Stack>
      {query.isPending ? (
        <LoadingBlock label="Loading quotes" />
      ) : query.isError ? (
        <LoadFailedAlert title="Failed to load quotes">{query.error.message}</LoadFailedAlert>
      ) : query.data.items.length === 0 ? (
        <Paper withBorder radius="md" p="md">
          <Text fz="sm" fw={600}>
            {proposalMessages.comparisonEmpty}
          </Text>
          <Text fz="sm" c="gray.7">
            Funders quote from their deal room; every quote appears here side by side.
          </Text>
        </Paper>
      ) : (
        <>
          {quoteAmountsDiffer(query.data.items) && (
            <Alert color="blue" variant="light" role="note">
              {proposalMessages.comparisonAmountsDiffer}
            </Alert>
          )}
          {isMobile ? (
            <QuoteComparisonCards projectId={projectId} quotes={query.data.items} />
          ) : (
            <QuoteComparisonTable projectId={projectId} quotes={query.data.items} />
          )}
        </>
      )}
    </Stack>
  );
}
