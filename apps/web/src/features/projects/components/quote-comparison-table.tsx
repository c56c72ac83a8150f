import { Anchor, Stack, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { QuoteComparisonItem } from '../api/list-project-quotes';
import { cheapestQuoteId, quoteFigures } from '../utils/quote-figures';
import { QuoteBadges } from './quote-badges';

const columns = [
  'Funder',
  'Loan amount',
  'Rate',
  'Term',
  'Establishment fee',
  'Other fees',
  'Valid until',
  'All-in cost',
  'Status',
] as const;
const numeric = new Set<string>(['Loan amount', 'Rate', 'Term', 'Establishment fee', 'All-in cost']);

/** The desktop comparison: one row per quote; an expired quote's row is greyed out. */
export function QuoteComparisonTable({
  projectId,
  quotes,
}: {
  projectId: string;
  quotes: readonly QuoteComparisonItem[];
}) {
  const cheapest = cheapestQuoteId(quotes);
  return (
    <Table.ScrollContainer minWidth={1040}>
      <Table verticalSpacing="sm" aria-label="Quote comparison">
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (
              <Table.Th key={column} scope="col" ta={numeric.has(column) ? 'right' : undefined}>
                {column}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {quotes.map((quote) => {
            const f = quoteFigures(quote, projectId);
            return (
              <Table.Tr
                key={quote.id}
                data-expired={quote.expired || undefined}
                bg={quote.expired ? 'gray.1' : undefined}
                c={quote.expired ? 'gray.7' : undefined}
              >
                <Table.Th scope="row" fw={600}>
                  <Anchor component={Link} to={f.roomPath} c={quote.expired ? 'gray.8' : 'navy.9'} fw={600}>
                    {f.funder}
                  </Anchor>
                </Table.Th>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {f.loanAmount}
                </Table.Td>
                <Table.Td ta="right">{f.rate}</Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {f.term}
                </Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {f.establishmentFee}
                </Table.Td>
                <Table.Td maw={200} style={{ overflowWrap: 'anywhere' }}>
                  {f.otherFees}
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{f.validUntil}</Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  <Stack gap={0} align="flex-end">
                    <Text fw={700} fz="sm" c={quote.expired ? 'gray.7' : 'navy.9'}>
                      {f.allInCost}
                    </Text>
                    <Text fz="xs" c="gray.8" fw={600}>
                      {f.allInRate} per dollar lent
                    </Text>
                    <Text fz="xs" c="gray.7">
                      interest {f.interestCost}
                    </Text>
                  </Stack>
                </Table.Td>
                <Table.Td>
                  <QuoteBadges quote={quote} status={f.status} isCheapest={quote.id === cheapest} />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
