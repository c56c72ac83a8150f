import type { Draw } from '@plinth/domain/facilities';

/**
 * Drawn against budget over time: one point at the close and one per funded draw (its funding day),
 * the cumulative certified cost paid beside the approved budget.
 */
export function drawnOverTime(
  closeDate: string,
  budgetCents: number,
  draws: readonly { status: Draw['status']; funded_on: string | null; certified_cents: number | null }[],
) {
  const funded = draws
    .filter((d) => d.status === 'funded' && d.funded_on)
    .sort((a, b) => (a.funded_on! < b.funded_on! ? -1 : a.funded_on! > b.funded_on! ? 1 : 0));
  let paid = 0;
  const points = [{ date: closeDate, paid_cents: 0, budget_cents: budgetCents }];
  for (const d of funded) {
    paid += d.certified_cents ?? 0;
    points.push({ date: d.funded_on!, paid_cents: paid, budget_cents: budgetCents });
  }
  return points;
}
