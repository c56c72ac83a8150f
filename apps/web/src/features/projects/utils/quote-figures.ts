import { dealRoomPath } from '@plinth/domain/deals';
import { formatAud, formatRate } from '@plinth/domain/format';
import { lowestCostQuoteId, proposalStatusLabels } from '@plinth/domain/proposals';
import type { QuoteComparisonItem } from '../api/list-project-quotes';
import { badgeColours } from '../components/listing-status-badge';
import { dateOrDash, NOT_SET } from './figures';

/** One quote's figures as the comparison shows them, in one place for the table and the cards. */
export function quoteFigures(quote: QuoteComparisonItem, projectId: string) {
  const tone =
    quote.status === 'accepted'
      ? badgeColours.success
      : quote.status === 'declined'
        ? badgeColours.error
        : badgeColours.warning;
  return {
    funder: quote.funder_name,
    roomPath: dealRoomPath({ id: quote.deal_id, project_id: projectId }),
    loanAmount: formatAud(quote.loan_amount),
    rate: formatRate(quote.interest_rate),
    term: quote.loan_term === 1 ? '1 month' : `${quote.loan_term} months`,
    establishmentFee: formatAud(quote.establishment_fee),
    otherFees: quote.other_fees ?? NOT_SET,
    validUntil: dateOrDash(quote.valid_until),
    allInCost: formatAud(quote.all_in_cost),
    /** Cost per dollar lent (issue 37 item 3), shown beside the dollars. */
    allInRate: `${formatRate(quote.all_in_rate)} a year`,
    interestCost: formatAud(quote.interest_cost),
    status: { label: proposalStatusLabels[quote.status], ...tone },
  };
}

/** 'Lowest cost': the domain's pick, the first live quote in the server's order (per dollar lent). */
export const cheapestQuoteId = (quotes: readonly QuoteComparisonItem[]) => lowestCostQuoteId(quotes);
