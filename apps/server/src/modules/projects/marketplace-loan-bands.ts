import { LOAN_BANDS } from '@plinth/domain/marketplace';

// The loan bands the marketplace's kept summary is grouped by (the domain's LOAN_BANDS, migration
// 20261123000300), as the stats' counts use them.

/**
 * The loan bands a range covers whole, as [lo, hi) (hi null: no upper end), or null when it covers
 * none: the counts and capital read those from the kept sums, and the rest of the range listing by
 * listing. A range that starts and ends on band edges (up to $5m means up to and including
 * 5,000,000) leaves almost nothing outside. (The average return does not depend on the loan range
 * at all: it is a fixed cell's, from the day's snapshot, decision 032.)
 */
export function coveredLoanBands(min: number | undefined, max: number | undefined) {
  const lo = min === undefined ? 0 : LOAN_BANDS.find((edge) => edge >= min);
  const hi = max === undefined ? null : ([...LOAN_BANDS].reverse().find((edge) => edge <= max + 1) ?? 0);
  if (lo === undefined || (hi !== null && hi <= lo)) return null;
  return { lo, hi };
}
