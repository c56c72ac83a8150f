/**
 * A pure model of one facility's life (issue 33, decision 054): events in, journals and figures out.
 * The server keeps the same figures in PostgreSQL; this model is what the property tests drive, and the
 * reference for what each event must post. Figures are kept incrementally (running balances, per-line
 * totals); `recomputeFigures` derives them again from the journals and the draws alone, and the two must
 * always agree.
 */
import { addDays, daysBetween, isLastDayOfMonth } from './dates';
import { checkCertification } from './draw-lines';
import { type DrawAction, nextDrawState } from './draw-machine';
import { modelInBalance, withLatestCostToComplete } from './facility-figures';
import {
  applicableRateBps,
  facilityAcceptsDraws,
  facilityNotActiveMessage,
  nextFacilityStatus,
} from './facility-machine';
import type {
  FacilityEvent,
  FacilityModel,
  FacilityTerms,
  ModelBudgetLine,
  ModelDraw,
  ModelStep,
} from './facility-model-types';
import { outOfBalanceMessage } from './in-balance';
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

export { modelInBalance, recomputedInBalance, recomputeFigures } from './facility-figures';
export type * from './facility-model-types';

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
