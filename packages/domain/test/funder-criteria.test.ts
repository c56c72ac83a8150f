import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  criteriaFromProfile,
  type FunderCriteria,
  funderCriteriaBody,
  funderCriteriaMessages,
  limitAsMatched,
  matchCriteria,
  matchReasons,
  nearMisses,
  normaliseCriteria,
  rankByCriteria,
  shownFunderCount,
} from '../src/funder-criteria';

const any: FunderCriteria = normaliseCriteria({});
// A $4.5m loan in Parramatta NSW: land $3m (LVR 150 %), cost $6m + profit $1.2m = revenue $7.2m
// (loan / GRV 62.5 %), margin on cost 20 %.
const listing = {
  property_type: 'Residential',
  state: 'NSW',
  development_stage: 'Construction',
  loan_amount: 4_500_000,
  land_value: 3_000_000,
  total_project_cost: 6_000_000,
  expected_profit: 1_200_000,
  expected_gdc: null,
};
const messageOf = (body: unknown) => funderCriteriaBody.safeParse(body).error?.issues[0]?.message;

describe('funder criteria: validation', () => {
  it('takes every key omitted, as any', () => {
    expect(funderCriteriaBody.safeParse({}).success).toBe(true);
    expect(any).toEqual({
      property_types: null,
      states: null,
      development_stages: null,
      min_loan: null,
      max_loan: null,
      max_loan_to_grv: null,
      max_lvr: null,
      min_margin_on_cost: null,
    });
  });

  it('refuses a minimum above the maximum, and figures out of range, with their messages', () => {
    expect(messageOf({ min_loan: 5_000_000, max_loan: 4_000_000 })).toBe(
      funderCriteriaMessages.loanRangeOrder,
    );
    expect(messageOf({ min_loan: 0 })).toBe(funderCriteriaMessages.loanAmount);
    expect(messageOf({ max_loan: 2.5 })).toBe(funderCriteriaMessages.loanAmount);
    expect(messageOf({ max_loan_to_grv: 101 })).toBe(funderCriteriaMessages.maxLoanToGrv);
    expect(messageOf({ max_lvr: 0 })).toBe(funderCriteriaMessages.maxLvr);
    expect(messageOf({ min_margin_on_cost: -1 })).toBe(funderCriteriaMessages.minMarginOnCost);
    expect(funderCriteriaBody.safeParse({ states: ['NSW', 'Narnia'] }).success).toBe(false);
    expect(funderCriteriaBody.safeParse({ min_loan: 4_000_000, max_loan: 4_000_000 }).success).toBe(true);
  });

  it('stores an empty or a complete list as any, and a list in the canonical order', () => {
    const c = normaliseCriteria({
      property_types: [],
      states: ['VIC', 'NSW', 'VIC'],
      development_stages: ['Planning', 'Pre-Construction', 'Construction', 'Near Completion'],
    });
    expect(c).toMatchObject({ property_types: null, states: ['NSW', 'VIC'], development_stages: null });
  });

  it('prefills from the onboarding focus and deal sizes', () => {
    const c = criteriaFromProfile({
      investment_focus: 'Residential Development',
      typical_deal_size_min: 2_000_000,
      typical_deal_size_max: 10_000_000,
    });
    expect(c).toMatchObject({ property_types: ['Residential'], min_loan: 2_000_000, max_loan: 10_000_000 });
    expect(
      criteriaFromProfile({
        investment_focus: 'All Property Types',
        typical_deal_size_min: null,
        typical_deal_size_max: null,
      }),
    ).toEqual(any);
  });
});

describe('funder criteria: matching', () => {
  const one = (criteria: Partial<FunderCriteria>) => matchCriteria({ ...any, ...criteria }, listing);

  it('matches anything when nothing is set, and says so', () => {
    const m = one({});
    expect(m).toEqual({ isMatch: true, met: [], failed: [] });
    expect(matchReasons(any, listing, m)).toEqual(['Any listing: you have set no criteria']);
  });

  it('checks each open criterion', () => {
    expect(one({ property_types: ['Residential', 'Commercial'] }).isMatch).toBe(true);
    expect(one({ property_types: ['Commercial'] }).failed).toEqual(['property_types']);
    expect(one({ states: ['VIC'] }).failed).toEqual(['states']);
    expect(one({ development_stages: ['Planning'] }).failed).toEqual(['development_stages']);
    expect(one({ min_loan: 4_500_000, max_loan: 4_500_000 }).isMatch).toBe(true); // bounds included
    expect(one({ max_loan: 4_000_000 }).failed).toEqual(['loan_range']);
    expect(one({ min_loan: 5_000_000 }).failed).toEqual(['loan_range']);
  });

  it('checks each confidential limit on the full file’s figures, in steps', () => {
    expect(one({ max_loan_to_grv: 65 }).met).toEqual(['max_loan_to_grv']); // 4.5 / 7.2 = 62.5 %
    expect(one({ max_loan_to_grv: 62 }).met).toEqual(['max_loan_to_grv']); // applied as 65 %
    expect(one({ max_loan_to_grv: 60 }).failed).toEqual(['max_loan_to_grv']);
    expect(one({ max_lvr: 150 }).isMatch).toBe(true); // 4.5 / 3 = 150 %, on a step's edge
    expect(one({ max_lvr: 146 }).isMatch).toBe(true); // applied as 150 %
    expect(one({ max_lvr: 145 }).failed).toEqual(['max_lvr']);
    expect(one({ min_margin_on_cost: 20 }).isMatch).toBe(true); // 1.2 / 6 = 20 %
    expect(one({ min_margin_on_cost: 22 }).isMatch).toBe(true); // applied as 20 %
    expect(one({ min_margin_on_cost: 22.5 }).failed).toEqual(['min_margin_on_cost']);
  });

  it('moves a limit to the step on its generous side', () => {
    expect(limitAsMatched('min_margin_on_cost', 21)).toBe(20);
    expect(limitAsMatched('min_margin_on_cost', 17.5)).toBe(17.5);
    expect(limitAsMatched('max_lvr', 62)).toBe(65);
    expect(limitAsMatched('max_lvr', 65)).toBe(65);
    expect(limitAsMatched('max_loan_to_grv', 0.1)).toBe(5);
  });

  // The leak this closes: a funder saving limit after limit (17.3 %, 17.4 % …) and watching one
  // listing match or not could read its margin, LVR or loan / GRV to any precision.
  it('never tells apart two listings whose ratios fall in the same step, whatever the limit', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 39 }),
        fc.double({ min: 0, max: 100, noNaN: true }),
        fc.double({ min: 1, max: 500, noNaN: true }),
        (band, minMargin, maxLvr) => {
          const c = { ...any, min_margin_on_cost: minMargin, max_lvr: maxLvr };
          // Margin band `band` (cost $10m): one listing on its bottom edge, one a dollar under its
          // top edge. LVR step (145 %, 150 %]: one on its top edge, one a dollar above its bottom.
          const a = { ...listing, total_project_cost: 10_000_000, expected_profit: band * 250_000 };
          const b = { ...a, expected_profit: (band + 1) * 250_000 - 1, loan_amount: 4_350_001 };
          const [ma, mb] = [matchCriteria(c, a), matchCriteria(c, b)];
          expect(ma.met.includes('min_margin_on_cost')).toBe(mb.met.includes('min_margin_on_cost'));
          expect(ma.met.includes('max_lvr')).toBe(mb.met.includes('max_lvr'));
        },
      ),
    );
  });

  it('fails a limit whose figure the listing lacks', () => {
    const bare = { ...listing, land_value: null, expected_profit: null };
    const m = matchCriteria({ ...any, max_lvr: 200, min_margin_on_cost: 10 }, bare);
    expect(m.failed).toEqual(['max_lvr', 'min_margin_on_cost']);
  });

  it('says why it matched without the listing’s confidential figures', () => {
    const c = { ...any, property_types: ['Residential' as const], states: ['NSW' as const] };
    const full = { ...c, min_loan: 2_000_000, max_loan: 10_000_000, max_lvr: 160, min_margin_on_cost: 15 };
    const reasons = matchReasons(full, listing, matchCriteria(full, listing));
    expect(reasons).toEqual([
      'Residential, one of your property types',
      'in NSW, one of your states',
      'a loan within your $2m–$10m range',
      'LVR at or under 160%',
      'margin on cost at or above 15%',
    ]);
    expect(reasons.join(' ')).not.toMatch(/150|20%|1\.2m|6m/);
  });

  it('says the limit as matched, and the funder’s own limit beside it when the step moved it', () => {
    const c = { ...any, max_loan_to_grv: 62.5, max_lvr: 173.45, min_margin_on_cost: 19.95 };
    expect(matchReasons(c, listing, matchCriteria(c, listing))).toEqual([
      'loan / GRV at or under 65% (your 62.5% maximum, matched in 5-point steps)',
      'LVR at or under 175% (your 173.45% maximum, matched in 5-point steps)',
      'margin on cost at or above 17.5% (your 19.95% minimum, matched in 2.5-point steps)',
    ]);
  });
});

describe('funder criteria: what a developer is shown', () => {
  it('shows 3 or more as the count, fewer as "fewer than 3"', () => {
    expect([0, 1, 2, 3, 12].map(shownFunderCount)).toEqual([
      'fewer than 3',
      'fewer than 3',
      'fewer than 3',
      3,
      12,
    ]);
  });

  it('groups the funders who fail on one point only, most first, counts under 3 left out', () => {
    const m = (failed: string[]) => ({ isMatch: failed.length === 0, met: [], failed }) as never;
    const misses = nearMisses([
      ...Array.from({ length: 4 }, () => m(['loan_range'])),
      ...Array.from({ length: 3 }, () => m(['states'])),
      m(['max_lvr']),
      m(['max_lvr']),
      m(['loan_range', 'states']),
      m([]),
    ]);
    expect(misses).toEqual([
      { criterion: 'loan_range', funders: 4 },
      { criterion: 'states', funders: 3 },
    ]);
  });
});

describe('funder criteria: recommendations', () => {
  const at = (id: string, daysAgo: number, changes: Partial<typeof listing> = {}) => ({
    ...listing,
    ...changes,
    id,
    created_at: new Date(Date.UTC(2026, 10, 27 - daysAgo)).toISOString(),
  });

  it('puts full matches first, then the most criteria met, newest first, each with why', () => {
    const c = { ...any, states: ['NSW' as const], max_lvr: 160, min_margin_on_cost: 15 };
    const ranked = rankByCriteria(
      c,
      [
        at('old-match', 9),
        at('new-match', 1),
        at('two-of-three', 0, { state: 'VIC' }),
        at('one-of-three', 0, { state: 'VIC', land_value: 1_000_000 }),
        at('new-match', 1),
      ],
      3,
    );
    expect(ranked.map((r) => r.id)).toEqual(['new-match', 'old-match', 'two-of-three']);
    expect(ranked[0]!.reason).toBe(
      'Matches your lending criteria: in NSW, one of your states; LVR at or under 160%; margin on cost at or above 15%',
    );
    expect(ranked[2]!.reason).toBe('Meets 2 of your 3 lending criteria');
  });

  it('falls back to the newest when criteria are all any', () => {
    const ranked = rankByCriteria(any, [at('a', 3), at('b', 1)], 3);
    expect(ranked.map((r) => [r.id, r.reason])).toEqual([
      ['b', 'Recently listed on the marketplace'],
      ['a', 'Recently listed on the marketplace'],
    ]);
  });
});
