import { describe, expect, it } from 'vitest';
import { compareQuotes, lowestCostQuoteId, quoteAmountsDiffer, quoteCostRate } from '../src/proposals';

// Issue 37 item 3: quotes compare by cost per dollar lent (the all-in cost as a yearly rate on the
// amount offered), so a smaller loan at a dearer rate no longer wins on dollars alone.

const today = '2026-11-29';
const quote = (id: string, loan: number, rate: number, term: number, fee = 0) => ({
  id,
  status: 'pending' as const,
  loan_amount: loan,
  interest_rate: rate,
  loan_term: term,
  establishment_fee: fee,
  valid_until: '2026-12-31',
  created_at: `2026-11-0${id}T00:00:00Z`,
});

describe('quoteCostRate', () => {
  it('with no fee it is the interest rate; a fee adds its yearly share of the amount', () => {
    expect(quoteCostRate(quote('1', 3_800_000, 10.5, 18))).toBeCloseTo(10.5, 10);
    // 1 M at 9 % for 24 months with a 20,000 fee: 180,000 + 20,000 = 200,000 over 2 years = 10 %.
    expect(quoteCostRate(quote('2', 1_000_000, 9, 24, 20_000))).toBeCloseTo(10, 10);
  });
});

describe('compareQuotes by cost per dollar lent', () => {
  it('$4.0m at 9.9 % beats $3.8m at 10.5 % (both 18 months), though it costs more dollars', () => {
    const ranked = compareQuotes([quote('1', 3_800_000, 10.5, 18), quote('2', 4_000_000, 9.9, 18)], today);
    expect(ranked.map((q) => [q.id, q.all_in_cost, q.all_in_rate])).toEqual([
      ['2', 594_000, 9.9],
      ['1', 598_500, 10.5],
    ]);
    expect(lowestCostQuoteId(ranked)).toBe('2');
    expect(quoteAmountsDiffer(ranked)).toBe(true);
  });

  it('amounts differ only among live quotes: an expired or declined quote for another amount does not count', () => {
    const ranked = compareQuotes(
      [
        quote('1', 2_000_000, 9, 12),
        quote('2', 2_000_000, 9.5, 12),
        { ...quote('3', 5_000_000, 8, 12), status: 'declined' as const },
        { ...quote('4', 3_000_000, 7, 12), valid_until: '2026-01-01' },
      ],
      today,
    );
    expect(quoteAmountsDiffer(ranked)).toBe(false);
    // The declined one ranks by its rate but never takes the badge; the expired one goes last.
    expect(ranked.map((q) => q.id)).toEqual(['3', '1', '2', '4']);
    expect(lowestCostQuoteId(ranked)).toBe('1');
  });
});
