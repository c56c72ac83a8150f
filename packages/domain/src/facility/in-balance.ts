/**
 * The in-balance (cost-to-complete) test (issue 33, decision 054): once the pending claims are paid,
 * do the undrawn limit and the equity in hand still finish the project?
 *
 *   available = undrawn limit + equity received and not yet spent
 *   required  = Σ cost lines max(budget left, surveyor's cost to complete)
 *             + finance (forecast interest and line fees) + retention held
 *   shortfall = max(0, required − available)
 */
import type { BudgetCategory } from './budget';
import { addDays } from './dates';
import {
  evenMonthlyDraws,
  type FinanceForecast,
  type ForecastFinanceInput,
  forecastFinance,
} from './interest';
import { formatAud, maxCents } from './money';

export type InBalanceCostLine = {
  budget_line_id: string;
  name: string;
  category: BudgetCategory;
  budget_cents: bigint;
  /** Certified on this line in funded draws (paid to the builder plus retention withheld). */
  paid_cents: bigint;
  /** Certified on this line in draws certified or approved but not yet funded. */
  pending_cents?: bigint;
  /** The surveyor's latest cost to complete after the certified work (null: none reported). */
  cost_to_complete_cents?: bigint | null;
};

export type InBalanceInput = {
  undrawn_cents: bigint;
  equity_received_cents: bigint;
  equity_spent_cents: bigint;
  retention_held_cents: bigint;
  /** Forecast interest (incl. accrued, not yet capitalised) and line fees to the finance end date. */
  finance_cents: bigint;
  /** Every budget line; lines in the finance category are replaced by the forecast. */
  lines: readonly InBalanceCostLine[];
};

export type InBalanceBasis = 'budget_left' | 'cost_to_complete' | 'forecast' | 'held';

export type InBalanceLine = {
  /** The budget line's id, or 'finance' / 'retention' for the two rows that are not budget lines. */
  key: string;
  budget_line_id: string | null;
  name: string;
  required_cents: bigint;
  basis: InBalanceBasis;
};

export type InBalance = {
  available_cents: bigint;
  required_cents: bigint;
  shortfall_cents: bigint;
  lines: InBalanceLine[];
};

export const financeLineName = 'Finance (interest and line fees)';
export const retentionLineName = 'Retention held';

/** What one cost line still needs, and on which basis. */
export function lineRequirement(line: InBalanceCostLine): { required_cents: bigint; basis: InBalanceBasis } {
  const left = maxCents(0n, line.budget_cents - line.paid_cents);
  const ctc = line.cost_to_complete_cents;
  if (ctc == null) return { required_cents: left, basis: 'budget_left' };
  const toComplete = ctc + (line.pending_cents ?? 0n);
  return toComplete > left
    ? { required_cents: toComplete, basis: 'cost_to_complete' }
    : { required_cents: left, basis: 'budget_left' };
}

export function inBalance(input: InBalanceInput): InBalance {
  const equityInHand = maxCents(0n, input.equity_received_cents - input.equity_spent_cents);
  const available_cents = maxCents(0n, input.undrawn_cents) + equityInHand;
  const lines: InBalanceLine[] = [];
  for (const line of input.lines) {
    if (line.category === 'finance') continue;
    const { required_cents, basis } = lineRequirement(line);
    lines.push({
      key: line.budget_line_id,
      budget_line_id: line.budget_line_id,
      name: line.name,
      required_cents,
      basis,
    });
  }
  lines.push({
    key: 'finance',
    budget_line_id: null,
    name: financeLineName,
    required_cents: maxCents(0n, input.finance_cents),
    basis: 'forecast',
  });
  lines.push({
    key: 'retention',
    budget_line_id: null,
    name: retentionLineName,
    required_cents: maxCents(0n, input.retention_held_cents),
    basis: 'held',
  });
  let required_cents = 0n;
  for (const l of lines) required_cents += l.required_cents;
  const shortfall_cents = maxCents(0n, required_cents - available_cents);
  return { available_cents, required_cents, shortfall_cents, lines };
}

export const isInBalance = (result: Pick<InBalance, 'shortfall_cents'>) => result.shortfall_cents === 0n;

/** The refusal when a draw is approved or funded while the loan is out of balance (the server's 409). */
export const outOfBalanceMessage = (shortfall_cents: bigint) =>
  `The loan is out of balance by ${formatAud(shortfall_cents)}: equity of ${formatAud(shortfall_cents)} is needed first`;

export type InBalanceForecastInput = Omit<InBalanceInput, 'finance_cents'> & {
  /** The forecast's terms; the planned draws are worked out here. */
  forecast: Omit<ForecastFinanceInput, 'planned_draws'>;
};

/**
 * The in-balance test with its finance line forecast (what the server answers): the cost lines and
 * retention held that equity in hand does not cover are assumed drawn evenly on the first of each month
 * up to practical completion (moved by the surveyor's delay), and bear interest from then; the forecast
 * of interest and line fees on that is the finance line.
 */
export function inBalanceWithForecast(
  input: InBalanceForecastInput,
): InBalance & { forecast: FinanceForecast } {
  const costs = inBalance({ ...input, finance_cents: 0n });
  const equityInHand = maxCents(0n, input.equity_received_cents - input.equity_spent_cents);
  const toDraw = maxCents(0n, costs.required_cents - equityInHand);
  const completion = addDays(
    input.forecast.latest_practical_completion_date,
    Math.max(0, input.forecast.delay_days ?? 0),
  );
  const forecast = forecastFinance({
    ...input.forecast,
    planned_draws: evenMonthlyDraws(toDraw, input.forecast.from, completion),
  });
  return { ...inBalance({ ...input, finance_cents: forecast.total_cents }), forecast };
}
