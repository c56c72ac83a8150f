import { describe, expect, it } from 'vitest';
import {
  type InBalanceInput,
  inBalance,
  isInBalance,
  lineRequirement,
  outOfBalanceMessage,
} from '../../src/facility/in-balance';

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
