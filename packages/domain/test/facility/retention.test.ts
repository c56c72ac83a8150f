import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  retentionCapCents,
  retentionFor,
  retentionReleasedAtPracticalCompletion,
  retentionTermsError,
} from '../../src/facility/retention';

const line = 1_000_000_000n; // a $10,000,000 construction line; its 5 % cap is $500,000

describe('retentionFor', () => {
  it('withholds 5% of each certified amount', () => {
    expect(
      retentionFor({ certified_cents: 200_000_000n, line_budget_cents: line, held_before_cents: 0n }),
    ).toBe(10_000_000n);
  });
  it('rounds half-even to the cent', () => {
    // 5 % of 12,345 cents = 617.25 → 617; of 12,350 = 617.5 → 618 (even); of 12,330 = 616.5 → 616.
    expect(retentionFor({ certified_cents: 12_345n, line_budget_cents: line, held_before_cents: 0n })).toBe(
      617n,
    );
    expect(retentionFor({ certified_cents: 12_350n, line_budget_cents: line, held_before_cents: 0n })).toBe(
      618n,
    );
    expect(retentionFor({ certified_cents: 12_330n, line_budget_cents: line, held_before_cents: 0n })).toBe(
      616n,
    );
  });
  it('stops at 5% of the line: only what is left under the cap', () => {
    expect(
      retentionFor({
        certified_cents: 200_000_000n,
        line_budget_cents: line,
        held_before_cents: 45_000_000n,
      }),
    ).toBe(5_000_000n);
    expect(
      retentionFor({
        certified_cents: 200_000_000n,
        line_budget_cents: line,
        held_before_cents: 50_000_000n,
      }),
    ).toBe(0n);
    expect(
      retentionFor({
        certified_cents: 200_000_000n,
        line_budget_cents: line,
        held_before_cents: 60_000_000n,
      }),
    ).toBe(0n);
  });
  it('takes another rate and cap when the contract says so', () => {
    expect(
      retentionFor({
        certified_cents: 100_000_000n,
        line_budget_cents: line,
        held_before_cents: 0n,
        rate_bps: 1000,
        cap_bps: 250,
      }),
    ).toBe(10_000_000n);
    expect(
      retentionFor({
        certified_cents: 300_000_000n,
        line_budget_cents: line,
        held_before_cents: 0n,
        rate_bps: 1000,
        cap_bps: 250,
      }),
    ).toBe(25_000_000n);
  });
  it('nothing on a zero or negative certified amount', () => {
    expect(retentionFor({ certified_cents: 0n, line_budget_cents: line, held_before_cents: 0n })).toBe(0n);
    expect(retentionFor({ certified_cents: -5n, line_budget_cents: line, held_before_cents: 0n })).toBe(0n);
  });
  it('property: certifying a whole line in any instalments never holds more than the cap', () => {
    fc.assert(
      fc.property(
        fc.bigInt(1n, 10n ** 11n),
        fc.array(fc.integer({ min: 1, max: 1000 }), { minLength: 1, maxLength: 40 }),
        (budget, parts) => {
          const total = parts.reduce((a, b) => a + b, 0);
          let held = 0n;
          let certifiedSoFar = 0n;
          parts.forEach((p, i) => {
            const certified =
              i === parts.length - 1 ? budget - certifiedSoFar : (budget * BigInt(p)) / BigInt(total);
            certifiedSoFar += certified;
            const r = retentionFor({
              certified_cents: certified,
              line_budget_cents: budget,
              held_before_cents: held,
            });
            expect(r >= 0n && r <= certified).toBe(true);
            held += r;
          });
          expect(held <= retentionCapCents(budget)).toBe(true);
        },
      ),
    );
  });
});

describe('Queensland', () => {
  it('refuses a cap over 5% before practical completion', () => {
    expect(retentionTermsError('QLD', { rate_bps: 500, cap_bps: 1000 })).toBe(
      'In Queensland retention cannot exceed 5% of the contract price before practical completion',
    );
    expect(retentionTermsError('QLD', { rate_bps: 1000, cap_bps: 500 })).toBeNull();
    expect(retentionTermsError('NSW', { rate_bps: 500, cap_bps: 1000 })).toBeNull();
    expect(retentionTermsError('NSW', { rate_bps: 10_001, cap_bps: 500 })).toBe(
      'The retention rate must be a whole number of basis points from 0 to 10000',
    );
  });
  it('at practical completion releases half, and in Queensland down to 2.5% of the line at least', () => {
    expect(
      retentionReleasedAtPracticalCompletion({
        held_cents: 50_000_000n,
        line_budget_cents: line,
        state: 'NSW',
      }),
    ).toBe(25_000_000n);
    // Half of an odd amount: the holder keeps the half-even half (25,000,001 → keep 12,500,000 (even), release 12,500,001).
    expect(
      retentionReleasedAtPracticalCompletion({
        held_cents: 25_000_001n,
        line_budget_cents: line,
        state: 'NSW',
      }),
    ).toBe(12_500_001n);
    // QLD with $450,000 held on a $10m line: half would leave $225,000 (≤ $250,000): release $225,000.
    expect(
      retentionReleasedAtPracticalCompletion({
        held_cents: 45_000_000n,
        line_budget_cents: line,
        state: 'QLD',
      }),
    ).toBe(22_500_000n);
    // QLD with $500,000 held on a $8m line: 2.5 % is $200,000, so $300,000 is released (more than half).
    expect(
      retentionReleasedAtPracticalCompletion({
        held_cents: 50_000_000n,
        line_budget_cents: 800_000_000n,
        state: 'QLD',
      }),
    ).toBe(30_000_000n);
  });
});
