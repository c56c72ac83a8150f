import { describe, expect, it } from 'vitest';
import {
  applyReallocation,
  type BudgetPosition,
  budgetTotal,
  contingencyLeft,
} from '../../src/facility/variations';

// Issue 34 item 2 (decision 061): reallocations net to zero, never take a line below what is
// certified on it, and so never take contingency below zero.

const budget: BudgetPosition[] = [
  { id: 'land', name: 'Land', category: 'land', amount_cents: 300_000_000n, used_cents: 290_000_000n },
  { id: 'build', name: 'Construction', category: 'construction', amount_cents: 600_000_000n, used_cents: 0n },
  {
    id: 'cont',
    name: 'Contingency',
    category: 'contingency',
    amount_cents: 30_000_000n,
    used_cents: 5_000_000n,
  },
  { id: 'fin', name: 'Interest', category: 'finance', amount_cents: 50_000_000n, used_cents: 0n },
];

describe('applyReallocation', () => {
  it('moves the amount from one line to the other: the total is unchanged (nets to zero)', () => {
    const r = applyReallocation(budget, {
      from_line_id: 'cont',
      to_line_id: 'build',
      amount_cents: 25_000_000n,
    });
    if (!r.ok) throw new Error(r.message);
    expect(r.lines.map((l) => l.amount_cents - budget.find((b) => b.id === l.id)!.amount_cents)).toEqual([
      0n,
      25_000_000n,
      -25_000_000n,
      0n,
    ]);
    expect(budgetTotal(r.lines)).toBe(budgetTotal(budget));
    expect(contingencyLeft(r.lines)).toBe(0n);
  });

  it('contingency never below zero: more than is left of it is refused', () => {
    expect(
      applyReallocation(budget, { from_line_id: 'cont', to_line_id: 'build', amount_cents: 25_000_001n }),
    ).toEqual({
      ok: false,
      message: 'Contingency has only $250,000 left; $250,000.01 cannot be moved out of it',
    });
  });

  it('never below what is already certified or drawn on the from-line', () => {
    expect(
      applyReallocation(budget, { from_line_id: 'land', to_line_id: 'build', amount_cents: 10_000_001n }),
    ).toEqual({
      ok: false,
      message: 'Land has only $100,000 not yet certified; $100,000.01 cannot be moved out of it',
    });
    expect(
      applyReallocation(budget, { from_line_id: 'land', to_line_id: 'build', amount_cents: 10_000_000n }).ok,
    ).toBe(true);
  });

  it('refuses the same line, a line outside the budget, the finance line and amounts not above zero', () => {
    const refuse = (
      input: { from_line_id: string; to_line_id: string; amount_cents: bigint },
      message: string,
    ) => expect(applyReallocation(budget, input)).toEqual({ ok: false, message });
    refuse(
      { from_line_id: 'build', to_line_id: 'build', amount_cents: 1n },
      'A reallocation moves money between two different lines',
    );
    refuse(
      { from_line_id: 'x', to_line_id: 'build', amount_cents: 1n },
      "Both lines must be in the facility's approved budget",
    );
    refuse(
      { from_line_id: 'fin', to_line_id: 'build', amount_cents: 1n },
      'The finance line follows the interest forecast; it cannot be reallocated',
    );
    refuse(
      { from_line_id: 'cont', to_line_id: 'fin', amount_cents: 1n },
      'The finance line follows the interest forecast; it cannot be reallocated',
    );
    refuse({ from_line_id: 'cont', to_line_id: 'build', amount_cents: 0n }, 'The amount must be above $0');
  });
});
