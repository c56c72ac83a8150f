import { Stack, Text } from '@mantine/core';
import { formatAud, formatRate } from '@plinth/domain/format';
import { quoteAllInCost } from '@plinth/domain/proposals';
import { formatDay, NOT_SET } from '../utils/deal-labels';
import { DetailList } from './detail-list';

/** The figures of a quote, whether sent (a proposal) or still in the wizard's review step. */
export interface QuoteFigures {
  loan_amount: number;
  interest_rate: number;
  loan_term: number;
  establishment_fee: number;
  other_fees: string | null;
  conditions: string | null;
  valid_until: string | null;
}

/** A quote's terms, its all-in cost over the term (the domain's figure) and its conditions. */
export function ProposalFigures({ quote }: { quote: QuoteFigures }) {
  const cost = quoteAllInCost(quote);
  return (
    <Stack gap="md">
      <DetailList
        items={[
          { label: 'Loan Amount', value: formatAud(quote.loan_amount) },
          { label: 'Interest Rate', value: formatRate(quote.interest_rate) },
          { label: 'Loan Term', value: `${quote.loan_term} months` },
          { label: 'Establishment Fee', value: formatAud(quote.establishment_fee) },
          { label: 'Other Fees', value: quote.other_fees ?? NOT_SET },
          { label: 'Valid Until', value: quote.valid_until ? formatDay(quote.valid_until) : NOT_SET },
          { label: 'Interest Over Term', value: formatAud(cost.interest) },
          { label: 'All-in Cost', value: formatAud(cost.total) },
        ]}
      />
      <Text fz="xs" c="gray.7">
        All-in cost: interest on the full facility for the whole term plus the establishment fee
        {quote.other_fees ? '; other fees are listed beside it, not added in' : ''}.
      </Text>
      {quote.conditions && (
        <Stack gap={2}>
          <Text fz="xs" fw={700} c="gray.7" tt="uppercase" style={{ letterSpacing: '0.04em' }}>
            Conditions
          </Text>
          <Text fz="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {quote.conditions}
          </Text>
        </Stack>
      )}
    </Stack>
  );
}
