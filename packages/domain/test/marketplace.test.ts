import { describe, expect, it } from 'vitest';
import { accessDecisions, canDecideAccess, openAccessStatuses } from '../src/access';
import {
  accessStatuses,
  compactAud,
  type FunderFitProfile,
  fitOf,
  hasGrantedAccess,
  isWithinDealSize,
  marketplaceQuery,
  projectDetailResponse,
  projectPreview,
  projectsListQuery,
  propertyTypesForFocus,
  rankRecommendations,
  recommendationReasons,
  trendingAssetClass,
} from '../src/marketplace';
import { propertyTypes } from '../src/projects';

const profile = (overrides: Partial<FunderFitProfile> = {}): FunderFitProfile => ({
  investment_focus: 'Residential Development',
  typical_deal_size_min: 1_000_000,
  typical_deal_size_max: 20_000_000,
  ...overrides,
});

const candidate = (id: string, property_type: string, loan_amount: number, created_at: string) => ({
  id,
  property_type,
  loan_amount,
  created_at,
});

describe('propertyTypesForFocus', () => {
  it.each([
    ['Residential Development', ['Residential']],
    ['Commercial Development', ['Commercial']],
    ['Mixed-Use Development', ['Mixed Use']],
    ['Industrial Development', ['Industrial']],
  ])('focus: %s lends against %j', (focus, types) => {
    expect(propertyTypesForFocus(focus)).toEqual(types);
  });

  it('focus: All Property Types covers every type', () => {
    expect(propertyTypesForFocus('All Property Types')).toEqual(propertyTypes);
  });

  it('focus: none, or one not on the list, covers no type', () => {
    expect(propertyTypesForFocus(null)).toEqual([]);
    expect(propertyTypesForFocus('Retail Development')).toEqual([]);
  });
});

describe('isWithinDealSize', () => {
  it('deal size: both ends are included', () => {
    expect(isWithinDealSize(profile(), 1_000_000)).toBe(true);
    expect(isWithinDealSize(profile(), 20_000_000)).toBe(true);
    expect(isWithinDealSize(profile(), 999_999)).toBe(false);
    expect(isWithinDealSize(profile(), 20_000_001)).toBe(false);
  });

  it('deal size: an open end is no limit; no range at all matches nothing', () => {
    expect(isWithinDealSize(profile({ typical_deal_size_max: null }), 500_000_000)).toBe(true);
    expect(isWithinDealSize(profile({ typical_deal_size_min: null }), 100_000)).toBe(true);
    expect(
      isWithinDealSize(profile({ typical_deal_size_min: null, typical_deal_size_max: null }), 1_000_000),
    ).toBe(false);
  });
});

describe('compactAud', () => {
  it.each([
    [1_000_000, '$1m'],
    [1_500_000, '$1.5m'],
    [20_000_000, '$20m'],
    [750_000, '$750k'],
    [2_250_000_000, '$2.25b'],
    [500, '$500'],
  ])('compact: %d is %s', (dollars, text) => {
    expect(compactAud(dollars)).toBe(text);
  });
});

describe('fitOf', () => {
  it('fit: the focus and the deal size both match: score 3 and the reason names both', () => {
    expect(fitOf(profile(), { property_type: 'Residential', loan_amount: 4_000_000 })).toEqual({
      score: 3,
      matchesFocus: true,
      matchesDealSize: true,
      reason: 'Matches your focus on residential development and your $1m–$20m deal size',
    });
  });

  it('fit: the focus alone scores 2, more than the deal size alone (1)', () => {
    const focusOnly = fitOf(profile(), { property_type: 'Residential', loan_amount: 50_000_000 });
    const sizeOnly = fitOf(profile(), { property_type: 'Commercial', loan_amount: 4_000_000 });
    expect(focusOnly).toMatchObject({ score: 2, reason: 'Matches your focus on residential development' });
    expect(sizeOnly).toMatchObject({ score: 1, reason: 'Fits your $1m–$20m deal size' });
  });

  it('fit: neither matches: score 0 with the fallback reason', () => {
    expect(fitOf(profile(), { property_type: 'Industrial', loan_amount: 50_000_000 })).toMatchObject({
      score: 0,
      reason: recommendationReasons.fallback,
    });
  });

  it('fit: All Property Types matches any type', () => {
    const fit = fitOf(profile({ investment_focus: 'All Property Types' }), {
      property_type: 'Retail',
      loan_amount: 2_000_000,
    });
    expect(fit).toMatchObject({
      score: 3,
      reason: 'Matches your focus on all property types and your $1m–$20m deal size',
    });
  });

  it('fit: a range with one open end is said as such', () => {
    expect(
      fitOf(profile({ typical_deal_size_max: null }), { property_type: 'Office', loan_amount: 2_000_000 })
        .reason,
    ).toBe('Fits your deal size of $1m or more');
    expect(
      fitOf(profile({ typical_deal_size_min: null, typical_deal_size_max: 5_000_000 }), {
        property_type: 'Office',
        loan_amount: 2_000_000,
      }).reason,
    ).toBe('Fits your deal size of up to $5m');
  });

  it('fit: a funder without a profile gets the fallback for everything', () => {
    const none = { investment_focus: null, typical_deal_size_min: null, typical_deal_size_max: null };
    expect(fitOf(none, { property_type: 'Residential', loan_amount: 1_000_000 })).toMatchObject({
      score: 0,
      reason: recommendationReasons.fallback,
    });
  });
});

describe('rankRecommendations', () => {
  const candidates = [
    candidate('a', 'Residential', 4_000_000, '2026-01-01T00:00:00Z'), // 3, oldest
    candidate('b', 'Commercial', 4_000_000, '2026-01-09T00:00:00Z'), // 1, newest
    candidate('c', 'Residential', 90_000_000, '2026-01-05T00:00:00Z'), // 2
    candidate('d', 'Residential', 2_000_000, '2026-01-03T00:00:00Z'), // 3
    candidate('e', 'Industrial', 90_000_000, '2026-01-08T00:00:00Z'), // 0
  ];

  it('rank: by fit first, then newest, at most 3, each with its reason', () => {
    const ranked = rankRecommendations(profile(), candidates);
    expect(ranked.map((r) => r.id)).toEqual(['d', 'a', 'c']);
    expect(ranked[0]?.reason).toBe(
      'Matches your focus on residential development and your $1m–$20m deal size',
    );
    expect(ranked[2]?.reason).toBe('Matches your focus on residential development');
  });

  it('rank: the limit is 3 by default and can be lower; fewer candidates give fewer', () => {
    expect(rankRecommendations(profile(), candidates, 5).map((r) => r.id)).toEqual(['d', 'a', 'c', 'b', 'e']);
    expect(rankRecommendations(profile(), candidates, 1).map((r) => r.id)).toEqual(['d']);
    expect(rankRecommendations(profile(), candidates.slice(0, 2))).toHaveLength(2);
    expect(rankRecommendations(profile(), [])).toEqual([]);
  });

  it('rank: a candidate found in two tiers counts once', () => {
    const twice = [candidates[0]!, candidates[0]!, candidates[3]!];
    expect(rankRecommendations(profile(), twice).map((r) => r.id)).toEqual(['d', 'a']);
  });

  it('rank: equal fit and equal time fall back to the id, highest first, so the order is stable', () => {
    const same = '2026-01-01T00:00:00Z';
    const tied = [
      candidate('b1', 'Residential', 2_000_000, same),
      candidate('b2', 'Residential', 2_000_000, same),
    ];
    expect(rankRecommendations(profile(), tied).map((r) => r.id)).toEqual(['b2', 'b1']);
    expect(rankRecommendations(profile(), [...tied].reverse()).map((r) => r.id)).toEqual(['b2', 'b1']);
  });

  it('rank: the candidate comes back whole, with the reason added', () => {
    const [first] = rankRecommendations(profile(), [{ ...candidates[0]!, suburb: 'Mosman' }]);
    expect(first).toEqual({ ...candidates[0], suburb: 'Mosman', reason: expect.any(String) });
  });
});

describe('trendingAssetClass', () => {
  it('trending: the class with more listings; a tie goes to Residential; none when both are 0', () => {
    expect(trendingAssetClass(5, 3)).toBe('Residential');
    expect(trendingAssetClass(2, 7)).toBe('Commercial');
    expect(trendingAssetClass(4, 4)).toBe('Residential');
    expect(trendingAssetClass(0, 0)).toBeNull();
    expect(trendingAssetClass(0, 1)).toBe('Commercial');
  });
});

describe('access statuses', () => {
  it('granted: approved and the deal stages open the whole file; pending, declined, closed and none do not', () => {
    expect(accessStatuses.filter(hasGrantedAccess)).toEqual([
      'approved',
      'due_diligence',
      'term_sheet',
      'funded',
    ]);
    expect(hasGrantedAccess(null)).toBe(false);
    expect(hasGrantedAccess(undefined)).toBe(false);
  });

  it('decision: only a pending request is decided, to approved or declined', () => {
    expect(accessStatuses.filter(canDecideAccess)).toEqual(['pending']);
    expect(accessDecisions).toEqual({ approve: 'approved', decline: 'declined' });
  });

  it('open: every status but declined and closed holds the one open request', () => {
    expect(accessStatuses.filter((s) => !(openAccessStatuses as readonly string[]).includes(s))).toEqual([
      'declined',
      'closed',
    ]);
  });
});

describe('marketplaceQuery', () => {
  it('query: defaults to newest, page 1, 20 a page; numbers come from strings; q is trimmed', () => {
    expect(marketplaceQuery.parse({ min_loan: '100000', q: '  harbour ' })).toEqual({
      min_loan: 100_000,
      q: 'harbour',
      sort: 'newest',
      page: 1,
      limit: 20,
    });
  });

  it('query: a minimum above the maximum is refused with its message; equal ends are fine', () => {
    const result = marketplaceQuery.safeParse({ min_loan: '5', max_loan: '4' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Minimum loan amount cannot be more than the maximum');
    expect(marketplaceQuery.safeParse({ min_loan: '5', max_loan: '5' }).success).toBe(true);
  });

  it('query: a limit over 100, an unknown sort or type are refused', () => {
    expect(marketplaceQuery.safeParse({ limit: '101' }).success).toBe(false);
    expect(marketplaceQuery.safeParse({ sort: 'title' }).success).toBe(false);
    expect(marketplaceQuery.safeParse({ property_type: 'Castle' }).success).toBe(false);
  });

  it('list query: the route accepts both lists\u2019 sorts; each role then applies its own', () => {
    expect(projectsListQuery.parse({ sort: 'title', tab: 'drafts' })).toEqual({
      sort: 'title',
      tab: 'drafts',
    });
    expect(projectsListQuery.parse({ sort: 'return_potential' })).toEqual({ sort: 'return_potential' });
    expect(projectsListQuery.safeParse({ sort: 'cheapest' }).success).toBe(false);
  });
});

describe('projectDetailResponse', () => {
  const preview = {
    id: 'p1',
    suburb: 'Mosman',
    state: 'NSW',
    development_stage: 'Planning' as const,
    loan_amount: 2_000_000,
    property_type: 'Residential' as const,
    project_size_sqm: 1850,
    created_at: '2026-01-01T00:00:00.000Z',
    access_status: null,
    access_request_id: null,
    deal_id: null,
  };

  it('detail: a preview never carries more than the preview fields, whatever is handed to it', () => {
    const parsed = projectDetailResponse.parse({
      ...preview,
      view: 'preview',
      title: 'Secret title',
      description: 'Secret',
      location: '1 Secret Street',
      total_project_cost: 1,
    });
    expect(Object.keys(parsed).sort()).toEqual([...Object.keys(projectPreview.shape), 'view'].sort());
  });

  it('detail: a full view without the whole project does not pass', () => {
    expect(projectDetailResponse.safeParse({ ...preview, view: 'full' }).success).toBe(false);
  });
});
