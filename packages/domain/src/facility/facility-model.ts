/**
 * A pure model of one facility's life (issue 33, decision 054): events in, journals and figures out.
 * The server keeps the same figures in PostgreSQL; this model is what the property tests drive, and the
 * reference for what each event must post. Figures are kept incrementally (running balances, per-line
 * totals); `recomputeFigures` derives them again from the journals and the draws alone, and the two must
 * always agree.
 */
import type { BudgetCategory } from './budget';
import { addDays, daysBetween, isLastDayOfMonth } from './dates';
import { checkCertification } from './draw-lines';
import { type DrawAction, type DrawState, nextDrawState } from './draw-machine';
import {
  applicableRateBps,
  type FacilityAction,
  type FacilityStatus,
  facilityAcceptsDraws,
  facilityNotActiveMessage,
  nextFacilityStatus,
} from './facility-machine';
import {
  type InBalance,
  type InBalanceCostLine,
  inBalance,
  inBalanceWithForecast,
  outOfBalanceMessage,
} from './in-balance';
import { accrualForDay, lineFeeForDays } from './interest';
import {
  type Account,
  balances,
  drawFundedJournal,
  equityReceivedJournal,
  equitySpentJournal,
  establishmentFeeJournal,
  facilityOpenedJournal,
  interestAccruedJournal,
  interestBearingCents,
  interestCapitalisedJournal,
  type Journal,
  lineFeeJournal,
  naturalBalance,
  retentionReleasedJournal,
} from './ledger';
import { retentionFor } from './retention';

export type FacilityTerms = {
  limit_cents: bigint;
  interest_rate_bps: number;
  default_margin_bps: number;
  line_fee_bps: number;
  establishment_fee_cents: bigint;
  close_date: string;
  maturity_date: string;
  latest_practical_completion_date: string;
  retention_rate_bps?: number;
  retention_cap_bps?: number;
};

export type ModelBudgetLine = { id: string; name: string; category: BudgetCategory; budget_cents: bigint };

export type ModelDrawLine = {
  budget_line_id: string;
  claimed_cents: bigint;
  certified_cents?: bigint;
  cost_to_complete_cents?: bigint | null;
  retention_cents?: bigint;
};

export type ModelDraw = {
  id: string;
  state: DrawState;
  lines: ModelDrawLine[];
  /** Order of certification, so the latest cost to complete per line can be found again. */
  certified_seq?: number;
};

export type LineFigures = {
  paid_cents: bigint;
  pending_cents: bigint;
  cost_to_complete_cents: bigint | null;
  retention_held_cents: bigint;
};

/** A journal as posted: its day, and for a retention release the line it was released on. */
export type PostedJournal = Journal & { date: string; budget_line_id?: string };

/** One day's accrual, as the server's daily job records it (once per facility per day). */
export type AccrualDay = { date: string; balance_cents: bigint; rate_bps: number; accrual_cents: bigint };

export type FacilityModel = {
  terms: FacilityTerms;
  budget: readonly ModelBudgetLine[];
  status: FacilityStatus;
  /** The next day to accrue. */
  today: string;
  /** First day of the open interest (and line fee) period. */
  period_start: string;
  /** Exact interest numerator of the open period so far (see `accrualForDay`). */
  numerator: bigint;
  delay_days: number;
  draws: Record<string, ModelDraw>;
  certifications: number;
  journals: PostedJournal[];
  accrual_days: AccrualDay[];
  /** Running balances, updated journal by journal. */
  balances: Record<Account, bigint>;
  /** Running per-line figures, updated event by event. */
  lines: Record<string, LineFigures>;
};

export type FacilityEvent =
  | { type: 'facility'; action: FacilityAction }
  | { type: 'equity_received'; amount_cents: bigint }
  /** Equity in hand paid straight to a cost (e.g. the land settlement), outside any draw. */
  | { type: 'equity_spent'; budget_line_id: string; amount_cents: bigint }
  | { type: 'draw_submitted'; draw_id: string; lines: { budget_line_id: string; claimed_cents: bigint }[] }
  | {
      type: 'draw_certified';
      draw_id: string;
      lines: { budget_line_id: string; certified_cents: bigint; cost_to_complete_cents: bigint | null }[];
      delay_days: number;
    }
  | { type: 'draw_action'; draw_id: string; action: Exclude<DrawAction, 'submit' | 'certify'> }
  | { type: 'accrue_day' }
  | { type: 'retention_released'; budget_line_id: string; amount_cents: bigint };

export type ModelStep = { ok: true; model: FacilityModel } | { ok: false; message: string };

const zeroBalances = () => balances([]);

export function newFacilityModel(terms: FacilityTerms, budget: readonly ModelBudgetLine[]): FacilityModel {
  return {
    terms,
    budget,
    status: 'setting_up',
    today: terms.close_date,
    period_start: terms.close_date,
    numerator: 0n,
    delay_days: 0,
    draws: {},
    certifications: 0,
    journals: [],
    accrual_days: [],
    balances: zeroBalances(),
    lines: Object.fromEntries(
      budget.map((b) => [
        b.id,
        { paid_cents: 0n, pending_cents: 0n, cost_to_complete_cents: null, retention_held_cents: 0n },
      ]),
    ),
  };
}

const nat = (b: Record<Account, bigint>, a: Account) => naturalBalance(a, b[a]);

function post(
  model: FacilityModel,
  journal: Journal,
  extra: { budget_line_id?: string } = {},
): FacilityModel {
  const next = { ...model.balances };
  for (const p of journal.postings) next[p.account] += p.amount_cents;
  return {
    ...model,
    balances: next,
    journals: [...model.journals, { ...journal, date: model.today, ...extra }],
  };
}

const fail = (message: string): ModelStep => ({ ok: false, message });

/** Applies one event, or says why it cannot happen (the server's 4xx). */
export function applyFacilityEvent(model: FacilityModel, event: FacilityEvent): ModelStep {
  switch (event.type) {
    case 'facility': {
      const move = nextFacilityStatus(model.status, event.action);
      if (!move.ok) return fail(move.message);
      let m: FacilityModel = { ...model, status: move.status };
      if (event.action === 'activate') {
        m = { ...m, period_start: m.today, numerator: 0n };
        m = post(m, facilityOpenedJournal(m.terms.limit_cents));
        if (m.terms.establishment_fee_cents > 0n)
          m = post(
            m,
            establishmentFeeJournal({
              amount_cents: m.terms.establishment_fee_cents,
              undrawn_cents: nat(m.balances, 'undrawn'),
            }),
          );
      }
      return { ok: true, model: m };
    }
    case 'equity_received': {
      if (event.amount_cents <= 0n) return fail('The amount of equity must be above $0');
      if (model.status === 'repaid') return fail('This facility is repaid and can no longer change');
      return { ok: true, model: post(model, equityReceivedJournal(event.amount_cents)) };
    }
    case 'equity_spent': {
      const line = model.lines[event.budget_line_id];
      const budgetLine = model.budget.find((b) => b.id === event.budget_line_id);
      if (!line || !budgetLine) return fail("This budget line is not in the facility's approved budget");
      if (event.amount_cents <= 0n) return fail('The amount of equity spent must be above $0');
      if (event.amount_cents > nat(model.balances, 'equity'))
        return fail('More equity cannot be spent than has been received and not yet spent');
      if (line.paid_cents + line.pending_cents + event.amount_cents > budgetLine.budget_cents)
        return fail('The amount would take the line past its budget');
      const m = post(model, equitySpentJournal(event.amount_cents), { budget_line_id: event.budget_line_id });
      return {
        ok: true,
        model: {
          ...m,
          lines: {
            ...m.lines,
            [event.budget_line_id]: { ...line, paid_cents: line.paid_cents + event.amount_cents },
          },
        },
      };
    }
    case 'draw_submitted': {
      if (!facilityAcceptsDraws(model.status)) return fail(facilityNotActiveMessage(model.status));
      const existing = model.draws[event.draw_id];
      if (existing) {
        const move = nextDrawState(existing.state, 'submit');
        if (!move.ok) return fail(move.message);
      }
      const draw: ModelDraw = {
        id: event.draw_id,
        state: 'submitted',
        lines: event.lines.map((l) => ({ ...l })),
      };
      return { ok: true, model: { ...model, draws: { ...model.draws, [draw.id]: draw } } };
    }
    case 'draw_certified':
      return certify(model, event);
    case 'draw_action':
      return drawAction(model, event.draw_id, event.action);
    case 'accrue_day':
      return { ok: true, model: accrueDay(model) };
    case 'retention_released': {
      const line = model.lines[event.budget_line_id];
      if (!line) return fail("This budget line is not in the facility's approved budget");
      if (event.amount_cents <= 0n) return fail('The retention released must be above $0');
      if (event.amount_cents > line.retention_held_cents)
        return fail('More retention cannot be released than is held on the line');
      const undrawn = nat(model.balances, 'undrawn');
      const equity = nat(model.balances, 'equity');
      if (event.amount_cents > undrawn + equity)
        return fail('The undrawn limit and the equity in hand do not cover this release');
      let m = post(
        model,
        retentionReleasedJournal({
          amount_cents: event.amount_cents,
          equity_in_hand_cents: equity,
          undrawn_cents: undrawn,
        }),
        { budget_line_id: event.budget_line_id },
      );
      m = {
        ...m,
        lines: {
          ...m.lines,
          [event.budget_line_id]: {
            ...line,
            retention_held_cents: line.retention_held_cents - event.amount_cents,
          },
        },
      };
      return { ok: true, model: m };
    }
  }
}

function certify(model: FacilityModel, event: Extract<FacilityEvent, { type: 'draw_certified' }>): ModelStep {
  if (!facilityAcceptsDraws(model.status)) return fail(facilityNotActiveMessage(model.status));
  const draw = model.draws[event.draw_id];
  if (!draw) return fail('There is no such draw');
  const move = nextDrawState(draw.state, 'certify');
  if (!move.ok) return fail(move.message);
  const byId = new Map(model.budget.map((b) => [b.id, b]));
  const claimed = new Map(draw.lines.map((l) => [l.budget_line_id, l.claimed_cents]));
  const errors = checkCertification(
    event.lines.map((l) => {
      const figures = model.lines[l.budget_line_id];
      return {
        budget_line_id: l.budget_line_id,
        name: byId.get(l.budget_line_id)?.name ?? '',
        claimed_cents: claimed.get(l.budget_line_id) ?? 0n,
        certified_cents: l.certified_cents,
        certified_before_cents: figures ? figures.paid_cents + figures.pending_cents : 0n,
        budget_cents: byId.get(l.budget_line_id)?.budget_cents ?? 0n,
        cost_to_complete_cents: l.cost_to_complete_cents,
      };
    }),
    claimed.keys(),
  );
  if (errors.length > 0) return fail(errors.map((e) => e.message).join('; '));
  const certifiedBy = new Map(event.lines.map((l) => [l.budget_line_id, l]));
  const lines = { ...model.lines };
  for (const l of event.lines) {
    const f = lines[l.budget_line_id]!;
    lines[l.budget_line_id] = {
      ...f,
      pending_cents: f.pending_cents + l.certified_cents,
      cost_to_complete_cents: l.cost_to_complete_cents ?? f.cost_to_complete_cents,
    };
  }
  const certifications = model.certifications + 1;
  const updated: ModelDraw = {
    ...draw,
    state: move.state,
    certified_seq: certifications,
    lines: draw.lines.map((l) => {
      const c = certifiedBy.get(l.budget_line_id)!;
      return { ...l, certified_cents: c.certified_cents, cost_to_complete_cents: c.cost_to_complete_cents };
    }),
  };
  return {
    ok: true,
    model: {
      ...model,
      lines,
      certifications,
      delay_days: Math.max(0, event.delay_days),
      draws: { ...model.draws, [draw.id]: updated },
    },
  };
}

function drawAction(
  model: FacilityModel,
  drawId: string,
  action: Exclude<DrawAction, 'submit' | 'certify'>,
): ModelStep {
  const draw = model.draws[drawId];
  if (!draw) return fail('There is no such draw');
  const move = nextDrawState(draw.state, action);
  if (!move.ok) return fail(move.message);
  if ((action === 'approve' || action === 'fund') && !facilityAcceptsDraws(model.status))
    return fail(facilityNotActiveMessage(model.status));
  if (action === 'approve' || action === 'fund') {
    const { shortfall_cents } = modelInBalance(model);
    if (shortfall_cents > 0n) return fail(outOfBalanceMessage(shortfall_cents));
  }
  const wasPending = draw.state === 'certified' || draw.state === 'approved';
  let m: FacilityModel = model;
  const lines = { ...model.lines };
  let updated: ModelDraw = { ...draw, state: move.state };
  if (action === 'fund') {
    const byId = new Map(model.budget.map((b) => [b.id, b]));
    let certified = 0n;
    let retention = 0n;
    const drawLines = draw.lines.map((l) => {
      const c = l.certified_cents ?? 0n;
      const budgetLine = byId.get(l.budget_line_id)!;
      const f = lines[l.budget_line_id]!;
      const r =
        budgetLine.category === 'construction'
          ? retentionFor({
              certified_cents: c,
              line_budget_cents: budgetLine.budget_cents,
              held_before_cents: f.retention_held_cents,
              rate_bps: model.terms.retention_rate_bps,
              cap_bps: model.terms.retention_cap_bps,
            })
          : 0n;
      certified += c;
      retention += r;
      lines[l.budget_line_id] = {
        ...f,
        paid_cents: f.paid_cents + c,
        pending_cents: f.pending_cents - c,
        retention_held_cents: f.retention_held_cents + r,
      };
      return { ...l, retention_cents: r };
    });
    const undrawn = nat(model.balances, 'undrawn');
    const equity = nat(model.balances, 'equity');
    if (certified - retention > undrawn + equity)
      return fail('The undrawn limit and the equity in hand do not cover this draw');
    m = post(
      model,
      drawFundedJournal({
        certified_cents: certified,
        retention_cents: retention,
        equity_in_hand_cents: equity,
        undrawn_cents: undrawn,
      }),
    );
    updated = { ...updated, lines: drawLines };
  } else if (wasPending && (action === 'return' || action === 'reject')) {
    for (const l of draw.lines) {
      const f = lines[l.budget_line_id]!;
      lines[l.budget_line_id] = { ...f, pending_cents: f.pending_cents - (l.certified_cents ?? 0n) };
    }
    // A returned draw is certified again after it is resubmitted: its certified figures no longer count.
    updated = {
      ...updated,
      lines: draw.lines.map((l) => ({ budget_line_id: l.budget_line_id, claimed_cents: l.claimed_cents })),
    };
    delete updated.certified_seq;
  }
  m = { ...m, lines, draws: { ...m.draws, [drawId]: updated } };
  // The latest cost to complete may have come from the draw just returned or rejected.
  if (action === 'return' || action === 'reject')
    m = { ...m, lines: withLatestCostToComplete(m.lines, m.draws) };
  return { ok: true, model: m };
}

function withLatestCostToComplete(lines: Record<string, LineFigures>, draws: Record<string, ModelDraw>) {
  const latest = latestCostToComplete(draws);
  const out: Record<string, LineFigures> = {};
  for (const [id, f] of Object.entries(lines))
    out[id] = { ...f, cost_to_complete_cents: latest.get(id) ?? null };
  return out;
}

/** The latest cost to complete per line among draws still certified, approved or funded. */
function latestCostToComplete(draws: Record<string, ModelDraw>): Map<string, bigint> {
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
function accrueDay(model: FacilityModel): FacilityModel {
  let m = model;
  if (m.status === 'active' || m.status === 'in_default') {
    const rate = applicableRateBps(m.status, m.terms);
    const balance_cents = interestBearingCents(m.balances);
    const day = accrualForDay({ numerator_before: m.numerator, balance_cents, rate_bps: rate });
    m = {
      ...m,
      numerator: day.numerator,
      accrual_days: [
        ...m.accrual_days,
        { date: m.today, balance_cents, rate_bps: rate, accrual_cents: day.accrual_cents },
      ],
    };
    if (day.accrual_cents > 0n) m = post(m, interestAccruedJournal(day.accrual_cents));
    if (isLastDayOfMonth(m.today)) {
      const fee = lineFeeForDays(
        m.terms.limit_cents,
        m.terms.line_fee_bps,
        daysBetween(m.period_start, m.today) + 1,
      );
      if (fee > 0n)
        m = post(m, lineFeeJournal({ amount_cents: fee, undrawn_cents: nat(m.balances, 'undrawn') }));
      const accrued = nat(m.balances, 'accrued_interest');
      if (accrued > 0n)
        m = post(
          m,
          interestCapitalisedJournal({ amount_cents: accrued, undrawn_cents: nat(m.balances, 'undrawn') }),
        );
      m = { ...m, numerator: 0n, period_start: addDays(m.today, 1) };
    }
  }
  return { ...m, today: addDays(m.today, 1) };
}

/** The figures the in-balance test needs, from any source. */
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
