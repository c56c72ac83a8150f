/**
 * The facility model's figures (decision 054): the in-balance test on the model's running totals, and the
 * same figures derived again from scratch, from the journals and the draws alone.
 */
import { applicableRateBps } from './facility-machine';
import type { FacilityModel, LineFigures, ModelDraw } from './facility-model-types';
import { type InBalance, type InBalanceCostLine, inBalance, inBalanceWithForecast } from './in-balance';
import { type Account, balances, interestBearingCents, naturalBalance } from './ledger';

const nat = (b: Record<Account, bigint>, a: Account) => naturalBalance(a, b[a]);

export function withLatestCostToComplete(
  lines: Record<string, LineFigures>,
  draws: Record<string, ModelDraw>,
) {
  const latest = latestCostToComplete(draws);
  const out: Record<string, LineFigures> = {};
  for (const [id, f] of Object.entries(lines))
    out[id] = { ...f, cost_to_complete_cents: latest.get(id) ?? null };
  return out;
}

/** The latest cost to complete per line among draws still certified, approved or funded. */
export function latestCostToComplete(draws: Record<string, ModelDraw>): Map<string, bigint> {
  const counted = Object.values(draws)
    .filter((d) => d.certified_seq !== undefined && ['certified', 'approved', 'funded'].includes(d.state))
    .sort((a, b) => (a.certified_seq ?? 0) - (b.certified_seq ?? 0));
  const latest = new Map<string, bigint>();
  for (const d of counted)
    for (const l of d.lines)
      if (l.cost_to_complete_cents != null) latest.set(l.budget_line_id, l.cost_to_complete_cents);
  return latest;
}

/** Accrues `today`'s interest; on a month's last day charges the line fee and capitalises; moves to the next day. */

export type FacilityFigures = {
  balances: Record<Account, bigint>;
  lines: Record<string, LineFigures>;
  numerator: bigint;
};

function inBalanceFrom(model: FacilityModel, figures: FacilityFigures): InBalance {
  const b = figures.balances;
  const lines: InBalanceCostLine[] = model.budget.map((line) => {
    const f = figures.lines[line.id]!;
    return {
      budget_line_id: line.id,
      name: line.name,
      category: line.category,
      budget_cents: line.budget_cents,
      paid_cents: f.paid_cents,
      pending_cents: f.pending_cents,
      cost_to_complete_cents: f.cost_to_complete_cents,
    };
  });
  const received = nat(b, 'equity_contributed');
  const base = {
    undrawn_cents: nat(b, 'undrawn'),
    equity_received_cents: received,
    equity_spent_cents: received - nat(b, 'equity'),
    retention_held_cents: nat(b, 'retention_held'),
    lines,
  };
  if (model.status === 'setting_up' || model.status === 'repaid')
    return inBalance({ ...base, finance_cents: 0n });
  const { forecast: _, ...result } = inBalanceWithForecast({
    ...base,
    forecast: {
      from: model.today,
      line_fee_from: model.period_start,
      maturity_date: model.terms.maturity_date,
      latest_practical_completion_date: model.terms.latest_practical_completion_date,
      delay_days: model.delay_days,
      rate_bps: applicableRateBps(model.status, model.terms),
      line_fee_bps: model.terms.line_fee_bps,
      limit_cents: model.terms.limit_cents,
      balance_cents: interestBearingCents(b),
      accrued_cents: nat(b, 'accrued_interest'),
      numerator_before: figures.numerator,
    },
  });
  return result;
}

/** The in-balance test on the model's running figures. */
export const modelInBalance = (model: FacilityModel) =>
  inBalanceFrom(model, { balances: model.balances, lines: model.lines, numerator: model.numerator });

/**
 * The same figures derived again from scratch: balances from every posting, per-line figures from the
 * draws, the open period's numerator from its last accrual journal.
 */
export function recomputeFigures(model: FacilityModel): FacilityFigures {
  const b = balances(model.journals.flatMap((j) => j.postings));
  const lines: Record<string, LineFigures> = {};
  for (const line of model.budget)
    lines[line.id] = {
      paid_cents: 0n,
      pending_cents: 0n,
      cost_to_complete_cents: null,
      retention_held_cents: 0n,
    };
  for (const d of Object.values(model.draws))
    for (const l of d.lines) {
      const f = lines[l.budget_line_id]!;
      if (d.state === 'funded') {
        f.paid_cents += l.certified_cents ?? 0n;
        f.retention_held_cents += l.retention_cents ?? 0n;
      } else if (d.state === 'certified' || d.state === 'approved')
        f.pending_cents += l.certified_cents ?? 0n;
    }
  for (const j of model.journals)
    if (j.kind === 'equity_spent' && j.budget_line_id)
      lines[j.budget_line_id]!.paid_cents += j.postings.find(
        (p) => p.account === 'project_costs',
      )!.amount_cents;
  for (const j of model.journals)
    if (j.kind === 'retention_released' && j.budget_line_id) {
      const f = lines[j.budget_line_id]!;
      f.retention_held_cents -= j.postings.find((p) => p.account === 'retention_held')!.amount_cents;
    }
  for (const [id, ctc] of latestCostToComplete(model.draws)) lines[id]!.cost_to_complete_cents = ctc;
  // The open period's exact numerator: Σ balance × rate over its days so far.
  let numerator = 0n;
  for (const day of model.accrual_days)
    if (day.date >= model.period_start) numerator += day.balance_cents * BigInt(day.rate_bps);
  return { balances: b, lines, numerator };
}

export const recomputedInBalance = (model: FacilityModel) => inBalanceFrom(model, recomputeFigures(model));
