import { describe, expect, it } from 'vitest';
import { type CertificationLine, checkCertification, checkClaim } from '../../src/facility/draw-lines';

const budget = [
  { id: 'b1', name: 'Construction' },
  { id: 'b2', name: 'Professional fees' },
];

describe('checkClaim', () => {
  it('accepts a claim on budget lines, each once', () => {
    expect(
      checkClaim(
        [
          { budget_line_id: 'b1', claimed_cents: 100n },
          { budget_line_id: 'b2', claimed_cents: 0n },
        ],
        budget,
      ),
    ).toEqual([]);
  });
  it('a claim may exceed what is left of a line (the surveyor certifies within the budget)', () => {
    expect(checkClaim([{ budget_line_id: 'b1', claimed_cents: 10n ** 12n }], budget)).toEqual([]);
  });
  it('refuses no lines, unknown and repeated lines, negatives and an all-zero claim', () => {
    expect(checkClaim([], budget)).toEqual([
      { index: -1, budget_line_id: '', message: 'A claim needs at least one line' },
    ]);
    expect(checkClaim([{ budget_line_id: 'zz', claimed_cents: 5n }], budget)).toEqual([
      {
        index: 0,
        budget_line_id: 'zz',
        message: "Line 1: this budget line is not in the facility's approved budget",
      },
    ]);
    expect(
      checkClaim(
        [
          { budget_line_id: 'b1', claimed_cents: 5n },
          { budget_line_id: 'b1', claimed_cents: 6n },
        ],
        budget,
      ),
    ).toEqual([
      {
        index: 1,
        budget_line_id: 'b1',
        message: 'Line 2 (Construction): this budget line is already on line 1',
      },
    ]);
    expect(checkClaim([{ budget_line_id: 'b2', claimed_cents: -1n }], budget)).toEqual([
      {
        index: 0,
        budget_line_id: 'b2',
        message: 'Line 1 (Professional fees): the claimed amount cannot be negative',
      },
    ]);
    expect(checkClaim([{ budget_line_id: 'b2', claimed_cents: 0n }], budget)).toEqual([
      { index: -1, budget_line_id: '', message: 'A claim needs at least one line above $0' },
    ]);
  });
});

const line = (over: Partial<CertificationLine> = {}): CertificationLine => ({
  budget_line_id: 'b1',
  name: 'Construction',
  claimed_cents: 100_000_000n,
  certified_cents: 90_000_000n,
  certified_before_cents: 500_000_000n,
  budget_cents: 1_000_000_000n,
  ...over,
});

describe('checkCertification', () => {
  it('accepts certified ≤ claimed within the budget', () => {
    expect(checkCertification([line()], ['b1'])).toEqual([]);
    expect(
      checkCertification([line({ certified_cents: 100_000_000n, certified_before_cents: 900_000_000n })]),
    ).toEqual([]);
  });
  it('refuses more than claimed', () => {
    expect(checkCertification([line({ certified_cents: 100_000_001n })])).toEqual([
      {
        index: 0,
        budget_line_id: 'b1',
        message:
          'Line 1 (Construction): the certified amount ($1,000,000.01) is more than the claimed amount ($1,000,000)',
      },
    ]);
  });
  it('refuses certified to date over the line budget', () => {
    expect(checkCertification([line({ certified_before_cents: 950_000_000n })])).toEqual([
      {
        index: 0,
        budget_line_id: 'b1',
        message:
          "Line 1 (Construction): certified to date would be $10,400,000, over the line's budget of $10,000,000 by $400,000",
      },
    ]);
  });
  it('refuses negatives', () => {
    expect(
      checkCertification([line({ certified_cents: -1n, cost_to_complete_cents: -2n })]).map((e) => e.message),
    ).toEqual([
      'Line 1 (Construction): the certified amount cannot be negative',
      'Line 1 (Construction): the cost to complete cannot be negative',
    ]);
  });
  it('needs a reason where less than claimed is certified (when reasons are passed)', () => {
    expect(checkCertification([line({ reason: '  ' })]).map((e) => e.message)).toEqual([
      'Line 1 (Construction): a reason is needed when less than the claimed amount is certified',
    ]);
    expect(checkCertification([line({ reason: 'Slab 80% complete, not 90%' })])).toEqual([]);
    expect(checkCertification([line({ certified_cents: 100_000_000n, reason: '' })])).toEqual([]);
  });
  it('refuses lines not in the claim, repeated lines, and claimed lines left out', () => {
    expect(checkCertification([line({ budget_line_id: 'b9' })], ['b1']).map((e) => e.message)).toEqual([
      'Line 1 (Construction): this budget line is not in the claim',
      'Every claimed line needs a certified amount (0 if none of it is certified)',
    ]);
    expect(checkCertification([line(), line()], ['b1']).map((e) => e.message)).toEqual([
      'Line 2 (Construction): this budget line is already on line 1',
    ]);
    expect(checkCertification([], ['b1'])).toEqual([
      { index: -1, budget_line_id: '', message: 'A certification needs at least one line' },
    ]);
  });
});
