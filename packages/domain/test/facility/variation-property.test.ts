import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { BudgetCategory } from '../../src/facility/budget';
import { retentionCapCents, retentionFor } from '../../src/facility/retention';
import { practicalCompletionRelease } from '../../src/facility/retention-release';
import {
  applyReallocation,
  applyVariation,
  type BudgetPosition,
  budgetTotal,
  consentRequiredFor,
  contingencyLeft,
  defaultConsentThresholdCents,
  type VariationFunding,
} from '../../src/facility/variations';

// Issue 34's property (decision 061): over random sequences of certified work, variations,
// reallocations and practical completion — contingency never goes negative and no line below what is
// certified on it; each incorporated variation moves the budget total by its cost unless contingency
// funds it (then the total stays and only contingency moves); reallocations never move the total;
// the limit rises by exactly the limit increases; retention stays within its cap (5 % of the line
// when withheld; in Queensland 2.5 % after practical completion).

type Op =
  | { kind: 'certify'; line: number; amount: number }
  | { kind: 'variation'; line: number; cost: number; funding: VariationFunding }
  | { kind: 'reallocation'; from: number; to: number; amount: number }
  | { kind: 'practical_completion' };

const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    kind: fc.constant('certify' as const),
    line: fc.nat(),
    amount: fc.integer({ min: 1, max: 300_000_000 }),
  }),
  fc.record({
    kind: fc.constant('variation' as const),
    line: fc.nat(),
    cost: fc.integer({ min: 0, max: 40_000_000 }),
    funding: fc.constantFrom<VariationFunding>('contingency', 'equity', 'limit_increase'),
  }),
  fc.record({
    kind: fc.constant('reallocation' as const),
    from: fc.nat(),
    to: fc.nat(),
    amount: fc.integer({ min: 1, max: 50_000_000 }),
  }),
  fc.constant({ kind: 'practical_completion' as const }),
);

const categories: BudgetCategory[] = [
  'land',
  'construction',
  'construction',
  'contingency',
  'contingency',
  'other',
];

const world = fc.record({
  state: fc.constantFrom('NSW', 'VIC', 'QLD'),
  amounts: fc.tuple(...categories.map(() => fc.integer({ min: 1, max: 800_000_000 }))),
  ops: fc.array(op, { maxLength: 60 }),
});

describe('variations and reallocations, property', () => {
  it('contingency never negative; totals move only by incorporated costs; retention within its cap', () => {
    fc.assert(
      fc.property(world, ({ state, amounts, ops }) => {
        let lines: BudgetPosition[] = categories.map((category, i) => ({
          id: `l${i}`,
          name: `Line ${i}`,
          category,
          amount_cents: BigInt(amounts[i]!),
          used_cents: 0n,
        }));
        let total = budgetTotal(lines);
        let limitRaised = 0n;
        let equityCalled = 0n;
        const held = new Map<string, bigint>();
        const capBase = new Map<string, { budget: bigint; bps: number }>();
        let completed = false;
        for (const o of ops) {
          const before = budgetTotal(lines);
          if (o.kind === 'certify' && !completed) {
            const line = lines[o.line % lines.length]!;
            const certified =
              BigInt(o.amount) < line.amount_cents - line.used_cents
                ? BigInt(o.amount)
                : line.amount_cents - line.used_cents;
            if (certified <= 0n) continue;
            if (line.category === 'construction') {
              const r = retentionFor({
                certified_cents: certified,
                line_budget_cents: line.amount_cents,
                held_before_cents: held.get(line.id) ?? 0n,
              });
              held.set(line.id, (held.get(line.id) ?? 0n) + r);
              capBase.set(line.id, { budget: line.amount_cents, bps: 500 });
            }
            lines = lines.map((l) => (l.id === line.id ? { ...l, used_cents: l.used_cents + certified } : l));
          } else if (o.kind === 'variation') {
            const line = lines[o.line % lines.length]!;
            const cost = BigInt(o.cost);
            const left = contingencyLeft(lines);
            const r = applyVariation(lines, {
              budget_line_id: line.id,
              cost_cents: cost,
              funding: o.funding,
            });
            if (!r.ok) {
              // Refused only for a line that cannot take one, or contingency that cannot fund it.
              expect(line.category === 'contingency' || (o.funding === 'contingency' && cost > left)).toBe(
                true,
              );
              continue;
            }
            const reasons = consentRequiredFor({
              cost_cents: cost,
              funding: o.funding,
              threshold_cents: defaultConsentThresholdCents,
              contingency_left_cents: left,
              shortfall_after_cents: 0n,
            });
            if (o.funding === 'contingency' && cost > 0n && contingencyLeft(r.lines) === 0n)
              expect(reasons).toContain('contingency_exhausted');
            if (cost > defaultConsentThresholdCents) expect(reasons).toContain('above_threshold');
            lines = r.lines;
            if (o.funding !== 'contingency') total += cost;
            expect(budgetTotal(lines)).toBe(before + (o.funding === 'contingency' ? 0n : cost));
            expect(contingencyLeft(lines)).toBe(left - r.contingency_used_cents);
            limitRaised += r.limit_increase_cents;
            equityCalled += r.equity_called_cents;
          } else if (o.kind === 'reallocation') {
            const from = lines[o.from % lines.length]!;
            const to = lines[o.to % lines.length]!;
            const r = applyReallocation(lines, {
              from_line_id: from.id,
              to_line_id: to.id,
              amount_cents: BigInt(o.amount),
            });
            if (!r.ok) {
              expect(from.id === to.id || BigInt(o.amount) > from.amount_cents - from.used_cents).toBe(true);
              continue;
            }
            lines = r.lines;
            expect(budgetTotal(lines)).toBe(before);
          } else if (o.kind === 'practical_completion' && !completed) {
            completed = true;
            const { releases } = practicalCompletionRelease(
              lines
                .filter((l) => held.has(l.id))
                .map((l) => ({
                  budget_line_id: l.id,
                  held_cents: held.get(l.id)!,
                  budget_cents: l.amount_cents,
                })),
              state,
            );
            for (const r of releases) {
              expect(r.amount_cents).toBeLessThanOrEqual(held.get(r.budget_line_id)!);
              held.set(r.budget_line_id, held.get(r.budget_line_id)! - r.amount_cents);
            }
            for (const l of lines)
              if (held.has(l.id))
                capBase.set(l.id, { budget: l.amount_cents, bps: state === 'QLD' ? 250 : 500 });
          }
          // The invariants, after every step.
          expect(budgetTotal(lines)).toBe(total);
          expect(contingencyLeft(lines) >= 0n).toBe(true);
          for (const l of lines) expect(l.amount_cents >= l.used_cents, l.id).toBe(true);
          for (const [id, h] of held) {
            const cap = capBase.get(id)!;
            expect(h >= 0n && h <= retentionCapCents(cap.budget, cap.bps), `${state} ${id} ${h}`).toBe(true);
          }
        }
        expect(total).toBe(
          budgetTotal(categories.map((_, i) => ({ amount_cents: BigInt(amounts[i]!) }))) +
            limitRaised +
            equityCalled,
        );
      }),
      { numRuns: 300 },
    );
  });
});
