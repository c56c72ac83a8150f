import { describe, expect, it } from 'vitest';
import {
  applyVariation,
  type BudgetPosition,
  budgetTotal,
  consentReasonText,
  consentRequiredFor,
  contingencyLeft,
  defaultConsentThresholdCents,
  variationLineError,
} from '../../src/facility/variations';

// Issue 34 item 1 (decision 061): what incorporating a variation does to the budget, and the consent
// rule's triggers, each on its own.

const budget: BudgetPosition[] = [
  { id: 'land', name: 'Land', category: 'land', amount_cents: 300_000_000n, used_cents: 300_000_000n },
  {
    id: 'build',
    name: 'Construction',
    category: 'construction',
    amount_cents: 600_000_000n,
    used_cents: 100_000_000n,
  },
  {
    id: 'cont-a',
    name: 'Contingency A',
    category: 'contingency',
    amount_cents: 10_000_000n,
    used_cents: 4_000_000n,
  },
  { id: 'cont-b', name: 'Contingency B', category: 'contingency', amount_cents: 20_000_000n, used_cents: 0n },
  { id: 'fin', name: 'Interest', category: 'finance', amount_cents: 50_000_000n, used_cents: 0n },
];
const amount = (lines: readonly BudgetPosition[], id: string) => lines.find((l) => l.id === id)!.amount_cents;

describe('applyVariation', () => {
  it('from contingency: the line goes up, contingency lines down in order, each no lower than what is used; total unchanged', () => {
    const r = applyVariation(budget, {
      budget_line_id: 'build',
      cost_cents: 9_000_000n,
      funding: 'contingency',
    });
    if (!r.ok) throw new Error(r.message);
    expect(amount(r.lines, 'build')).toBe(609_000_000n);
    expect(amount(r.lines, 'cont-a')).toBe(4_000_000n); // down to what is used of it ($60,000 of $100,000 free)
    expect(amount(r.lines, 'cont-b')).toBe(17_000_000n); // the remaining $30,000
    expect(budgetTotal(r.lines)).toBe(budgetTotal(budget));
    expect(contingencyLeft(r.lines)).toBe(contingencyLeft(budget) - 9_000_000n);
    expect([r.contingency_used_cents, r.equity_called_cents, r.limit_increase_cents]).toEqual([
      9_000_000n,
      0n,
      0n,
    ]);
  });

  it('from equity or a limit increase: the line and the total go up by the cost, contingency untouched', () => {
    for (const funding of ['equity', 'limit_increase'] as const) {
      const r = applyVariation(budget, { budget_line_id: 'land', cost_cents: 1_000_000n, funding });
      if (!r.ok) throw new Error(r.message);
      expect(budgetTotal(r.lines)).toBe(budgetTotal(budget) + 1_000_000n);
      expect(contingencyLeft(r.lines)).toBe(contingencyLeft(budget));
      expect(r.equity_called_cents).toBe(funding === 'equity' ? 1_000_000n : 0n);
      expect(r.limit_increase_cents).toBe(funding === 'limit_increase' ? 1_000_000n : 0n);
    }
  });

  it('contingency never goes below zero: more than is left is refused with the figure', () => {
    expect(contingencyLeft(budget)).toBe(26_000_000n);
    expect(
      applyVariation(budget, { budget_line_id: 'build', cost_cents: 26_000_001n, funding: 'contingency' }),
    ).toEqual({
      ok: false,
      message: 'Contingency has only $260,000 left; it cannot fund $260,000.01',
    });
    const all = applyVariation(budget, {
      budget_line_id: 'build',
      cost_cents: 26_000_000n,
      funding: 'contingency',
    });
    expect(all.ok && contingencyLeft(all.lines)).toBe(0n);
  });

  it('only cost lines take a variation: not the finance line, not contingency, not a line outside the budget', () => {
    expect(variationLineError(budget.find((l) => l.id === 'fin'))).toBe(
      'The finance line follows the interest forecast; a variation changes a cost line',
    );
    expect(variationLineError(budget.find((l) => l.id === 'cont-a'))).toBe(
      'A variation changes a cost line, not contingency (contingency may fund it)',
    );
    expect(applyVariation(budget, { budget_line_id: 'nope', cost_cents: 1n, funding: 'equity' })).toEqual({
      ok: false,
      message: "This budget line is not in the facility's approved budget",
    });
    expect(applyVariation(budget, { budget_line_id: 'build', cost_cents: -1n, funding: 'equity' }).ok).toBe(
      false,
    );
  });
});

describe('consentRequiredFor: when the lender must consent', () => {
  const base = {
    cost_cents: 5_000_000n,
    funding: 'contingency' as const,
    threshold_cents: defaultConsentThresholdCents,
    contingency_left_cents: 26_000_000n,
    shortfall_after_cents: 0n,
  };

  it('none of the triggers: the developer approval incorporates it', () => {
    expect(consentRequiredFor(base)).toEqual([]);
  });

  it('above the threshold ($100,000 by default; exactly the threshold is not above it)', () => {
    expect(defaultConsentThresholdCents).toBe(10_000_000n);
    expect(consentRequiredFor({ ...base, cost_cents: 10_000_000n })).toEqual([]);
    expect(
      consentRequiredFor({ ...base, cost_cents: 10_000_001n, contingency_left_cents: 50_000_000n }),
    ).toEqual(['above_threshold']);
    expect(
      consentRequiredFor({
        ...base,
        cost_cents: 10_000_001n,
        funding: 'equity',
        threshold_cents: 20_000_000n,
      }),
    ).toEqual([]);
  });

  it('contingency exhausted: funded from contingency and leaving none (only when contingency funds it)', () => {
    expect(consentRequiredFor({ ...base, contingency_left_cents: 5_000_000n })).toEqual([
      'contingency_exhausted',
    ]);
    expect(consentRequiredFor({ ...base, contingency_left_cents: 5_000_001n })).toEqual([]);
    expect(consentRequiredFor({ ...base, funding: 'equity', contingency_left_cents: 0n })).toEqual([]);
  });

  it('out of balance: the in-balance test would fail with the variation', () => {
    expect(consentRequiredFor({ ...base, shortfall_after_cents: 1n })).toEqual(['out_of_balance']);
  });

  it('a limit increase: only the lender can raise its limit', () => {
    expect(consentRequiredFor({ ...base, funding: 'limit_increase' })).toEqual(['limit_increase']);
  });

  it('every trigger at once, each said with its figures', () => {
    const all = {
      ...base,
      cost_cents: 30_000_000n,
      contingency_left_cents: 30_000_000n,
      shortfall_after_cents: 25_000_000n,
    };
    expect(consentRequiredFor(all)).toEqual(['above_threshold', 'contingency_exhausted', 'out_of_balance']);
    expect(consentRequiredFor(all).map((r) => consentReasonText(r, all))).toEqual([
      "The cost of $300,000 is above the facility's consent threshold of $100,000",
      'It would use up the contingency',
      'The loan would be out of balance by $250,000',
    ]);
    expect(consentReasonText('limit_increase', all)).toBe(
      "It raises the facility's limit, which only the lender can agree to",
    );
  });
});
