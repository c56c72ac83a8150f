import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applyFacilityEvent,
  type FacilityEvent,
  type FacilityModel,
  type FacilityTerms,
  type ModelBudgetLine,
  modelInBalance,
  newFacilityModel,
  recomputedInBalance,
  recomputeFigures,
} from '../../src/facility/facility-model';
import { outOfBalanceMessage } from '../../src/facility/in-balance';
import { interestForDays } from '../../src/facility/interest';
import { accounts, balances, drawnCents, journalTotal, naturalBalance } from '../../src/facility/ledger';

const $ = (dollars: number) => BigInt(dollars) * 100n;

const budget: ModelBudgetLine[] = [
  { id: 'land', name: 'Land', category: 'land', budget_cents: $(4_000_000) },
  { id: 'build', name: 'Construction', category: 'construction', budget_cents: $(10_000_000) },
  { id: 'cont', name: 'Contingency', category: 'contingency', budget_cents: $(500_000) },
  { id: 'fees', name: 'Professional fees', category: 'professional_fees', budget_cents: $(800_000) },
  { id: 'fin', name: 'Interest', category: 'finance', budget_cents: $(1_500_000) },
];

const terms = (limit_cents: bigint): FacilityTerms => ({
  limit_cents,
  interest_rate_bps: 1000,
  default_margin_bps: 400,
  line_fee_bps: 150,
  establishment_fee_cents: $(120_000),
  close_date: '2026-01-15',
  maturity_date: '2027-01-31',
  latest_practical_completion_date: '2026-12-15',
});

function run(model: FacilityModel, events: FacilityEvent[]): FacilityModel {
  let m = model;
  for (const e of events) {
    const step = applyFacilityEvent(m, e);
    if (!step.ok) throw new Error(`${e.type}: ${step.message}`);
    m = step.model;
  }
  return m;
}

function checkInvariants(m: FacilityModel) {
  for (const j of m.journals) expect(journalTotal(j.postings)).toBe(0n);
  const all = balances(m.journals.flatMap((j) => j.postings));
  expect(m.balances).toEqual(all);
  for (const a of accounts) expect(naturalBalance(a, all[a])).toBeGreaterThanOrEqual(0n);
  if (m.status !== 'setting_up') {
    expect(drawnCents(all)).toBeLessThanOrEqual(m.terms.limit_cents);
    expect(naturalBalance('undrawn', all.undrawn)).toBe(m.terms.limit_cents - drawnCents(all));
  }
  const scratch = recomputeFigures(m);
  expect(scratch.lines).toEqual(m.lines);
  expect(scratch.numerator).toBe(m.numerator);
  expect(recomputedInBalance(m)).toEqual(modelInBalance(m));
  // Nothing certified beyond a line's budget, ever.
  for (const line of m.budget) {
    const f = m.lines[line.id]!;
    expect(f.paid_cents + f.pending_cents).toBeLessThanOrEqual(line.budget_cents);
    expect(f.pending_cents).toBeGreaterThanOrEqual(0n);
  }
}

describe('the facility model: a draw from claim to funding', () => {
  const start = run(newFacilityModel(terms($(12_000_000)), budget), [
    { type: 'facility', action: 'activate' },
    { type: 'equity_received', amount_cents: $(5_000_000) },
    { type: 'equity_spent', budget_line_id: 'land', amount_cents: $(4_000_000) },
    {
      type: 'draw_submitted',
      draw_id: 'd1',
      lines: [{ budget_line_id: 'build', claimed_cents: $(2_000_000) }],
    },
    {
      type: 'draw_certified',
      draw_id: 'd1',
      lines: [
        { budget_line_id: 'build', certified_cents: $(1_800_000), cost_to_complete_cents: $(8_200_000) },
      ],
      delay_days: 0,
    },
    { type: 'draw_action', draw_id: 'd1', action: 'approve' },
    { type: 'draw_action', draw_id: 'd1', action: 'fund' },
  ]);

  it('posts the opening, the establishment fee and the funded draw, equity first, retention withheld', () => {
    expect(start.journals.map((j) => j.kind)).toEqual([
      'facility_opened',
      'establishment_fee',
      'equity_received',
      'equity_spent',
      'draw_funded',
    ]);
    const funded = start.journals[4]!;
    // Certified $1,800,000; retention 5 % = $90,000; net $1,710,000 = $1,000,000 equity + $710,000 debt.
    expect(funded.postings).toEqual([
      { account: 'project_costs', amount_cents: $(1_800_000) },
      { account: 'retention_held', amount_cents: -$(90_000) },
      { account: 'equity', amount_cents: -$(1_000_000) },
      { account: 'principal', amount_cents: -$(710_000) },
      { account: 'commitment', amount_cents: $(710_000) },
      { account: 'undrawn', amount_cents: -$(710_000) },
    ]);
    expect(naturalBalance('undrawn', start.balances.undrawn)).toBe($(12_000_000 - 120_000 - 710_000));
    expect(start.lines.build).toEqual({
      paid_cents: $(1_800_000),
      pending_cents: 0n,
      cost_to_complete_cents: $(8_200_000),
      retention_held_cents: $(90_000),
    });
    checkInvariants(start);
  });

  it('accrues daily on principal and capitalises at month end with the line fee', () => {
    let m = start;
    for (let i = 0; i < 17; i++) m = run(m, [{ type: 'accrue_day' }]); // 15–31 January
    expect(m.today).toBe('2026-02-01');
    const kinds = m.journals.map((j) => j.kind);
    expect(kinds.filter((k) => k === 'interest_accrued')).toHaveLength(17);
    const interest = interestForDays($(710_000), 1000, 17);
    const capitalised = m.journals.find((j) => j.kind === 'interest_capitalised')!;
    expect(capitalised.postings[0]).toEqual({ account: 'accrued_interest', amount_cents: interest });
    expect(naturalBalance('capitalised_interest', m.balances.capitalised_interest)).toBe(interest);
    const lineFee = m.journals.find((j) => j.kind === 'line_fee')!;
    expect(lineFee.postings[0]).toEqual({
      account: 'fee_cost',
      amount_cents: interestForDays($(12_000_000), 150, 17),
    });
    checkInvariants(m);
  });

  it('refuses approval while out of balance, with the shortfall in the message', () => {
    const tight = run(newFacilityModel(terms($(9_000_000)), budget), [
      { type: 'facility', action: 'activate' },
      {
        type: 'draw_submitted',
        draw_id: 'd1',
        lines: [{ budget_line_id: 'build', claimed_cents: $(1_000_000) }],
      },
      {
        type: 'draw_certified',
        draw_id: 'd1',
        lines: [{ budget_line_id: 'build', certified_cents: $(1_000_000), cost_to_complete_cents: null }],
        delay_days: 0,
      },
    ]);
    const { shortfall_cents } = modelInBalance(tight);
    expect(shortfall_cents > 0n).toBe(true);
    expect(applyFacilityEvent(tight, { type: 'draw_action', draw_id: 'd1', action: 'approve' })).toEqual({
      ok: false,
      message: outOfBalanceMessage(shortfall_cents),
    });
    const topped = run(tight, [{ type: 'equity_received', amount_cents: shortfall_cents }]);
    expect(modelInBalance(topped).shortfall_cents).toBe(0n);
    expect(applyFacilityEvent(topped, { type: 'draw_action', draw_id: 'd1', action: 'approve' }).ok).toBe(
      true,
    );
  });

  it('refuses certifying past the line budget and moves the state machine forbids', () => {
    const m = run(newFacilityModel(terms($(12_000_000)), budget), [
      { type: 'facility', action: 'activate' },
      {
        type: 'draw_submitted',
        draw_id: 'd1',
        lines: [{ budget_line_id: 'cont', claimed_cents: $(600_000) }],
      },
    ]);
    const over = applyFacilityEvent(m, {
      type: 'draw_certified',
      draw_id: 'd1',
      lines: [{ budget_line_id: 'cont', certified_cents: $(600_000), cost_to_complete_cents: null }],
      delay_days: 0,
    });
    expect(over).toEqual({
      ok: false,
      message:
        "Line 1 (Contingency): certified to date would be $600,000, over the line's budget of $500,000 by $100,000",
    });
    expect(applyFacilityEvent(m, { type: 'draw_action', draw_id: 'd1', action: 'fund' })).toEqual({
      ok: false,
      message: 'Only an approved draw can be funded; this draw is submitted',
    });
  });
});

// ---- the property ---------------------------------------------------------------------------------

type Intent =
  | { kind: 'equity'; amount: number }
  | { kind: 'top_up' }
  | { kind: 'spend'; line: number; amount: number }
  | { kind: 'submit'; lines: { line: number; amount: number }[] }
  | { kind: 'advance'; draw: number; share: number; ctc: number | null; delay: number }
  | { kind: 'action'; draw: number; action: 'return' | 'reject' | 'cancel' }
  | { kind: 'accrue'; days: number }
  | { kind: 'release'; line: number; share: number }
  | { kind: 'default'; days: number };

const intent: fc.Arbitrary<Intent> = fc.oneof(
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('equity' as const),
      amount: fc.integer({ min: 1, max: 2_000_000 }),
    }),
  },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('top_up' as const) }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('spend' as const),
      line: fc.nat(),
      amount: fc.integer({ min: 1, max: 400_000 }),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('submit' as const),
      lines: fc.array(fc.record({ line: fc.nat(), amount: fc.integer({ min: 0, max: 3_000_000 }) }), {
        minLength: 1,
        maxLength: 4,
      }),
    }),
  },
  {
    weight: 10,
    arbitrary: fc.record({
      kind: fc.constant('advance' as const),
      draw: fc.nat(),
      share: fc.integer({ min: 0, max: 100 }),
      ctc: fc.option(fc.integer({ min: 0, max: 150 })),
      delay: fc.integer({ min: 0, max: 120 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('action' as const),
      draw: fc.nat(),
      action: fc.constantFrom('return' as const, 'reject' as const, 'cancel' as const),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({ kind: fc.constant('accrue' as const), days: fc.integer({ min: 1, max: 31 }) }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('release' as const),
      line: fc.nat(),
      share: fc.integer({ min: 1, max: 100 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('default' as const), days: fc.integer({ min: 1, max: 20 }) }),
  },
);

const open = ['submitted', 'certified', 'approved', 'returned'];

function toEvents(m: FacilityModel, i: Intent, n: number): FacilityEvent[] {
  const live = Object.values(m.draws).filter((d) => open.includes(d.state));
  const all = Object.values(m.draws);
  const pick = (k: number, from = live.length > 0 ? live : all) => from[k % Math.max(1, from.length)];
  switch (i.kind) {
    case 'equity':
      return [{ type: 'equity_received', amount_cents: $(i.amount) }];
    case 'top_up': {
      const { shortfall_cents } = modelInBalance(m);
      return shortfall_cents > 0n ? [{ type: 'equity_received', amount_cents: shortfall_cents }] : [];
    }
    case 'spend':
      return [
        {
          type: 'equity_spent',
          budget_line_id: budget[i.line % budget.length]!.id,
          amount_cents: $(i.amount),
        },
      ];
    case 'submit': {
      const seen = new Set<string>();
      const lines = i.lines
        .map((l) => ({ budget_line_id: budget[l.line % budget.length]!.id, claimed_cents: $(l.amount) }))
        .filter((l) => !seen.has(l.budget_line_id) && seen.add(l.budget_line_id));
      return [{ type: 'draw_submitted', draw_id: `d${n}`, lines }];
    }
    case 'advance': {
      const draw = pick(i.draw);
      if (!draw) return [];
      if (draw.state === 'submitted') {
        // Certify a share of each claimed line, never beyond what is left of its budget.
        return [
          {
            type: 'draw_certified',
            draw_id: draw.id,
            lines: draw.lines.map((l) => {
              const line = budget.find((b) => b.id === l.budget_line_id)!;
              const f = m.lines[l.budget_line_id]!;
              const left = line.budget_cents - f.paid_cents - f.pending_cents;
              const want = (l.claimed_cents * BigInt(i.share)) / 100n;
              const certified = want < left ? want : left < 0n ? 0n : left;
              // The surveyor's cost to complete: a share (0–150 %) of what the budget leaves after this claim.
              const after = left - certified;
              return {
                budget_line_id: l.budget_line_id,
                certified_cents: certified,
                cost_to_complete_cents: i.ctc === null ? null : (after * BigInt(i.ctc)) / 100n,
              };
            }),
            delay_days: i.delay,
          },
        ];
      }
      // Half the time the developer tops up the equity the in-balance test asks for first.
      const { shortfall_cents } = modelInBalance(m);
      const topUp: FacilityEvent[] =
        shortfall_cents > 0n && i.share % 2 === 0
          ? [{ type: 'equity_received', amount_cents: shortfall_cents }]
          : [];
      if (draw.state === 'certified')
        return [...topUp, { type: 'draw_action', draw_id: draw.id, action: 'approve' }];
      if (draw.state === 'approved')
        return [...topUp, { type: 'draw_action', draw_id: draw.id, action: 'fund' }];
      if (draw.state === 'returned')
        return [{ type: 'draw_submitted', draw_id: draw.id, lines: draw.lines.map((l) => ({ ...l })) }];
      return [{ type: 'draw_action', draw_id: draw.id, action: 'fund' }];
    }
    case 'action':
      return [{ type: 'draw_action', draw_id: pick(i.draw)?.id ?? 'none', action: i.action }];
    case 'accrue':
      return Array.from({ length: i.days }, () => ({ type: 'accrue_day' as const }));
    case 'release': {
      // Release part of what is held on a line that holds some (only construction lines do).
      const holding = budget.filter((b) => m.lines[b.id]!.retention_held_cents > 0n);
      const line = holding[i.line % Math.max(1, holding.length)];
      if (!line) return [];
      const held = m.lines[line.id]!.retention_held_cents;
      return [
        {
          type: 'retention_released',
          budget_line_id: line.id,
          amount_cents: (held * BigInt(i.share)) / 100n,
        },
      ];
    }
    case 'default':
      // A default for a few days (interest at the default rate), then cured.
      return [
        { type: 'facility', action: 'declare_default' },
        ...Array.from({ length: i.days }, () => ({ type: 'accrue_day' as const })),
        { type: 'facility', action: 'cure' },
      ];
  }
}

describe('property: random sequences of draws, certifications, equity and accruals', () => {
  it('every journal sums to zero, drawn ≤ limit, no balance negative, incremental = from scratch', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 11_000_000, max: 16_000_000 }),
        fc.array(intent, { minLength: 15, maxLength: 30 }),
        (limitDollars, intents) => {
          let m = run(newFacilityModel(terms($(limitDollars)), budget), [
            { type: 'facility', action: 'activate' },
          ]);
          checkInvariants(m);
          intents.forEach((i, n) => {
            for (const e of toEvents(m, i, n)) {
              const step = applyFacilityEvent(m, e);
              if (step.ok) m = step.model;
              else expect(step.message.length).toBeGreaterThan(0);
            }
            checkInvariants(m);
          });
        },
      ),
      { numRuns: 50 },
    );
  }, 120_000);
});
