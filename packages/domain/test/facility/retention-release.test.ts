import { describe, expect, it } from 'vitest';
import {
  addMonths,
  defectsLiabilityEnds,
  defectsLiabilityRelease,
  practicalCompletionRelease,
} from '../../src/facility/retention-release';

// Issue 34 item 3 (decision 061): half at practical completion (Queensland: at least down to 2.5 % of
// the line), the rest at the end of the defects liability period (12 months by default).

describe('the defects liability period', () => {
  it('ends 12 months after practical completion by default; month ends are kept within the month', () => {
    expect(defectsLiabilityEnds('2026-06-30')).toBe('2027-06-30');
    expect(defectsLiabilityEnds('2026-06-30', 3)).toBe('2026-09-30');
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2027-12-15', 2)).toBe('2028-02-15');
    expect(addMonths('2026-05-31', 0)).toBe('2026-05-31');
  });
});

describe('practicalCompletionRelease', () => {
  const lines = [
    { budget_line_id: 'a', held_cents: 10_000_001n, budget_cents: 600_000_000n },
    { budget_line_id: 'b', held_cents: 0n, budget_cents: 100_000_000n },
  ];

  it('half of what each line holds (what stays held is rounded half-even: $100,000.01 keeps $50,000.00), lines holding nothing left out', () => {
    expect(practicalCompletionRelease(lines, 'NSW')).toEqual({
      releases: [{ budget_line_id: 'a', amount_cents: 5_000_001n }],
      total_cents: 5_000_001n,
    });
  });

  it('Queensland: at least down to 2.5 % of the line where half would leave more', () => {
    // Held $400,000 on a $10,000,000 line (above 5 %, agreed before the cap): 2.5 % is $250,000.
    const held = [{ budget_line_id: 'a', held_cents: 40_000_000n, budget_cents: 1_000_000_000n }];
    expect(practicalCompletionRelease(held, 'NSW').total_cents).toBe(20_000_000n);
    expect(practicalCompletionRelease(held, 'QLD').total_cents).toBe(20_000_000n);
    const heavy = [{ budget_line_id: 'a', held_cents: 60_000_000n, budget_cents: 1_000_000_000n }];
    expect(practicalCompletionRelease(heavy, 'NSW').total_cents).toBe(30_000_000n);
    expect(practicalCompletionRelease(heavy, 'QLD').total_cents).toBe(35_000_000n);
  });
});

describe('defectsLiabilityRelease', () => {
  it('everything still held, per line', () => {
    expect(
      defectsLiabilityRelease([
        { budget_line_id: 'a', held_cents: 5_000_001n, budget_cents: 1n },
        { budget_line_id: 'b', held_cents: 0n, budget_cents: 1n },
      ]),
    ).toEqual({ releases: [{ budget_line_id: 'a', amount_cents: 5_000_001n }], total_cents: 5_000_001n });
  });
});
