import { describe, expect, it } from 'vitest';
import {
  type InBalanceInput,
  inBalance,
  inBalanceWithForecast,
  isInBalance,
  lineRequirement,
  outOfBalanceMessage,
} from '../../src/facility/in-balance';
import { evenMonthlyDraws, forecastFinance } from '../../src/facility/interest';

const $ = (dollars: number) => BigInt(dollars) * 100n;

// Issue 33's worked example. Limit $19,000,000; after draw 7 the undrawn limit is $7,260,000 against:
// construction to complete + retention $5,710,000 (budget left $5,500,000, retention held $210,000),
// contingency $350,000, soft costs $390,000, finance $810,000.
const afterDraw7: InBalanceInput = {
  undrawn_cents: $(7_260_000),
  equity_received_cents: $(4_000_000),
  equity_spent_cents: $(4_000_000),
  retention_held_cents: $(210_000),
  finance_cents: $(810_000),
  lines: [
    {
      budget_line_id: 'land',
      name: 'Land',
      category: 'land',
      budget_cents: $(4_000_000),
      paid_cents: $(4_000_000),
    },
    {
      budget_line_id: 'build',
      name: 'Construction',
      category: 'construction',
      budget_cents: $(14_000_000),
      paid_cents: $(8_500_000),
      cost_to_complete_cents: $(5_400_000),
    },
    {
      budget_line_id: 'cont',
      name: 'Contingency',
      category: 'contingency',
      budget_cents: $(700_000),
      paid_cents: $(350_000),
    },
    {
      budget_line_id: 'soft',
      name: 'Soft costs',
      category: 'professional_fees',
      budget_cents: $(900_000),
      paid_cents: $(510_000),
    },
    {
      budget_line_id: 'fin',
      name: 'Interest',
      category: 'finance',
      budget_cents: $(1_500_000),
      paid_cents: 0n,
    },
  ],
};

describe('inBalance: the worked example', () => {
  it('after draw 7 the loan is exactly in balance', () => {
    const r = inBalance(afterDraw7);
    expect(r).toMatchObject({
      available_cents: $(7_260_000),
      required_cents: $(7_260_000),
      shortfall_cents: 0n,
    });
    expect(isInBalance(r)).toBe(true);
    expect(r.lines).toEqual([
      { key: 'land', budget_line_id: 'land', name: 'Land', required_cents: 0n, basis: 'budget_left' },
      {
        key: 'build',
        budget_line_id: 'build',
        name: 'Construction',
        required_cents: $(5_500_000),
        basis: 'budget_left',
      },
      {
        key: 'cont',
        budget_line_id: 'cont',
        name: 'Contingency',
        required_cents: $(350_000),
        basis: 'budget_left',
      },
      {
        key: 'soft',
        budget_line_id: 'soft',
        name: 'Soft costs',
        required_cents: $(390_000),
        basis: 'budget_left',
      },
      {
        key: 'finance',
        budget_line_id: null,
        name: 'Finance (interest and line fees)',
        required_cents: $(810_000),
        basis: 'forecast',
      },
      {
        key: 'retention',
        budget_line_id: null,
        name: 'Retention held',
        required_cents: $(210_000),
        basis: 'held',
      },
    ]);
  });

  it("the surveyor's two-month delay lifts finance to $1,060,000: out of balance by $250,000", () => {
    const r = inBalance({ ...afterDraw7, finance_cents: $(1_060_000) });
    expect(r).toMatchObject({
      available_cents: $(7_260_000),
      required_cents: $(7_510_000),
      shortfall_cents: $(250_000),
    });
    expect(isInBalance(r)).toBe(false);
    expect(outOfBalanceMessage(r.shortfall_cents)).toBe(
      'The loan is out of balance by $250,000: equity of $250,000 is needed first',
    );
  });

  it('once $250,000 of equity is received it is back in balance', () => {
    const r = inBalance({ ...afterDraw7, finance_cents: $(1_060_000), equity_received_cents: $(4_250_000) });
    expect(r).toMatchObject({ available_cents: $(7_510_000), shortfall_cents: 0n });
  });
});

describe('lineRequirement', () => {
  const base = {
    budget_line_id: 'b',
    name: 'B',
    category: 'construction' as const,
    budget_cents: 1000n,
    paid_cents: 400n,
  };
  it('the larger of budget left and cost to complete', () => {
    expect(lineRequirement(base)).toEqual({ required_cents: 600n, basis: 'budget_left' });
    expect(lineRequirement({ ...base, cost_to_complete_cents: 500n })).toEqual({
      required_cents: 600n,
      basis: 'budget_left',
    });
    expect(lineRequirement({ ...base, cost_to_complete_cents: 750n })).toEqual({
      required_cents: 750n,
      basis: 'cost_to_complete',
    });
  });
  it('a certified but unfunded claim still needs paying on top of the cost to complete after it', () => {
    expect(lineRequirement({ ...base, pending_cents: 200n, cost_to_complete_cents: 500n })).toEqual({
      required_cents: 700n,
      basis: 'cost_to_complete',
    });
  });
  it('an overspent line needs nothing more than its cost to complete', () => {
    expect(lineRequirement({ ...base, paid_cents: 1200n })).toEqual({
      required_cents: 0n,
      basis: 'budget_left',
    });
  });
});

describe('outOfBalanceMessage', () => {
  it('prints cents when there are some', () => {
    expect(outOfBalanceMessage(12_345n)).toBe(
      'The loan is out of balance by $123.45: equity of $123.45 is needed first',
    );
  });
});

describe('inBalanceWithForecast', () => {
  const forecast = {
    from: '2026-03-10',
    maturity_date: '2026-12-31',
    latest_practical_completion_date: '2026-09-30',
    rate_bps: 1000,
    line_fee_bps: 150,
    limit_cents: $(19_000_000),
    balance_cents: $(11_000_000),
  };
  const { finance_cents: _, ...withoutFinance } = afterDraw7;

  it('forecasts interest on what is left to draw, spread monthly to practical completion', () => {
    const r = inBalanceWithForecast({ ...withoutFinance, forecast });
    // Costs still to pay (construction, contingency, soft costs) and retention held: $6,450,000; no equity in hand.
    const planned = evenMonthlyDraws($(6_450_000), '2026-03-10', '2026-09-30');
    expect(planned.map((d) => d.date)).toEqual([
      '2026-04-01',
      '2026-05-01',
      '2026-06-01',
      '2026-07-01',
      '2026-08-01',
      '2026-09-01',
    ]);
    expect(r.forecast).toEqual(forecastFinance({ ...forecast, planned_draws: planned }));
    expect(r.lines.find((l) => l.key === 'finance')?.required_cents).toBe(r.forecast.total_cents);
    expect(r.required_cents).toBe($(6_450_000) + r.forecast.total_cents);
  });

  it('a delay moves the planned draws and the end date, and lifts the shortfall', () => {
    const before = inBalanceWithForecast({ ...withoutFinance, forecast });
    const after = inBalanceWithForecast({ ...withoutFinance, forecast: { ...forecast, delay_days: 120 } });
    expect(after.forecast.end_date).toBe('2027-01-28');
    expect(
      after.shortfall_cents > before.shortfall_cents || after.required_cents > before.required_cents,
    ).toBe(true);
  });

  it('equity in hand is spent first, so less is drawn and less interest forecast', () => {
    const noEquity = inBalanceWithForecast({ ...withoutFinance, forecast });
    const withEquity = inBalanceWithForecast({
      ...withoutFinance,
      equity_received_cents: $(5_000_000),
      forecast,
    });
    expect(withEquity.forecast.interest_cents < noEquity.forecast.interest_cents).toBe(true);
  });
});

describe('evenMonthlyDraws', () => {
  it('splits evenly with the remainder on the last, or all at once when no month is left', () => {
    expect(evenMonthlyDraws(100n, '2026-01-15', '2026-03-31')).toEqual([
      { date: '2026-02-01', amount_cents: 50n },
      { date: '2026-03-01', amount_cents: 50n },
    ]);
    expect(evenMonthlyDraws(101n, '2026-01-15', '2026-04-01')).toEqual([
      { date: '2026-02-01', amount_cents: 33n },
      { date: '2026-03-01', amount_cents: 33n },
      { date: '2026-04-01', amount_cents: 35n },
    ]);
    expect(evenMonthlyDraws(100n, '2026-01-15', '2026-01-20')).toEqual([
      { date: '2026-01-15', amount_cents: 100n },
    ]);
    expect(evenMonthlyDraws(0n, '2026-01-15', '2026-06-20')).toEqual([]);
  });
});
