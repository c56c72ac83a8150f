import type { Draw } from '@plinth/domain/facilities';
import type { BudgetCategory } from '@plinth/domain/facility/budget';

export interface CostReportLine {
  budget_line_id: string;
  code: string;
  name: string;
  category: BudgetCategory;
  budget_cents: number;
  claimed_cents: number;
  certified_cents: number;
  paid_cents: number;
  retention_cents: number;
  /** What the line still needs (the server's in-balance figure), null for lines it does not test. */
  to_complete_cents: number | null;
}

/** Draws whose claim counts: submitted onwards, not returned, rejected or cancelled. */
const countsClaim = (status: Draw['status']) =>
  status === 'submitted' || status === 'certified' || status === 'approved' || status === 'funded';
const countsCertified = (status: Draw['status']) =>
  status === 'certified' || status === 'approved' || status === 'funded';

/**
 * The cost report by budget line: the approved budget, and what the draws claimed, the surveyor
 * certified, the funder paid (certified in funded draws) and holds as retention; 'to complete' is the
 * in-balance test's own figure for the line, so the report and the test never disagree.
 */
export function costReport(
  budget: readonly {
    id: string;
    code: string;
    name: string;
    category: BudgetCategory;
    amount_cents: number;
  }[],
  draws: readonly Pick<Draw, 'status' | 'lines'>[],
  toComplete: ReadonlyMap<string, number>,
): CostReportLine[] {
  const rows = new Map<string, CostReportLine>(
    budget.map((l) => [
      l.id,
      {
        budget_line_id: l.id,
        code: l.code,
        name: l.name,
        category: l.category,
        budget_cents: l.amount_cents,
        claimed_cents: 0,
        certified_cents: 0,
        paid_cents: 0,
        retention_cents: 0,
        to_complete_cents: toComplete.get(l.id) ?? null,
      },
    ]),
  );
  for (const draw of draws) {
    if (!countsClaim(draw.status)) continue;
    for (const line of draw.lines) {
      const row = rows.get(line.budget_line_id);
      if (!row) continue;
      row.claimed_cents += line.claimed_cents;
      if (countsCertified(draw.status)) row.certified_cents += line.certified_cents ?? 0;
      if (draw.status === 'funded') {
        row.paid_cents += line.certified_cents ?? 0;
        row.retention_cents += line.retention_cents ?? 0;
      }
    }
  }
  return [...rows.values()];
}

export type CostReportTotals = Omit<
  CostReportLine,
  'budget_line_id' | 'code' | 'name' | 'category' | 'to_complete_cents'
> & { to_complete_cents: number };

export function costReportTotals(lines: readonly CostReportLine[]): CostReportTotals {
  const totals: CostReportTotals = {
    budget_cents: 0,
    claimed_cents: 0,
    certified_cents: 0,
    paid_cents: 0,
    retention_cents: 0,
    to_complete_cents: 0,
  };
  for (const l of lines) {
    totals.budget_cents += l.budget_cents;
    totals.claimed_cents += l.claimed_cents;
    totals.certified_cents += l.certified_cents;
    totals.paid_cents += l.paid_cents;
    totals.retention_cents += l.retention_cents;
    totals.to_complete_cents += l.to_complete_cents ?? 0;
  }
  return totals;
}

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
