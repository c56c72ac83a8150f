// The loan bands the marketplace's kept summary is grouped by (migration 20261123000300).

/**
 * The lower edges of the loan bands `marketplace_summary` is kept in: the same list as the SQL
 * function marketplace_loan_band() of migration 20261123000300 (a test checks they agree).
 */
export const LOAN_BANDS = [
  0, 250_000, 500_000, 750_000, 1_000_000, 1_500_000, 2_000_000, 2_500_000, 3_000_000, 4_000_000, 5_000_000,
  6_000_000, 7_500_000, 10_000_000, 12_500_000, 15_000_000, 20_000_000, 25_000_000, 30_000_000, 40_000_000,
  50_000_000, 75_000_000, 100_000_000, 200_000_000,
] as const;

/**
 * The loan bands a range covers whole, as [lo, hi) (hi null: no upper end), or null when it covers
 * none. A range that starts and ends on band edges (up to $5m means up to and including 5,000,000)
 * leaves almost nothing outside.
 */
export function coveredLoanBands(min: number | undefined, max: number | undefined) {
  const lo = min === undefined ? 0 : LOAN_BANDS.find((edge) => edge >= min);
  const hi = max === undefined ? null : ([...LOAN_BANDS].reverse().find((edge) => edge <= max + 1) ?? 0);
  if (lo === undefined || (hi !== null && hi <= lo)) return null;
  return { lo, hi };
}
