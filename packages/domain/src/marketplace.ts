import { z } from 'zod';
import { RECOMMENDED_LIMIT } from './constants';
import { averageReturnCell } from './marketplace-stats';
import type { investmentFocuses } from './onboarding';
import {
  australianStates,
  developmentStages,
  projectListTabs,
  projectResponse,
  projectSorts,
  propertyTypes,
} from './projects';

/** The funders' marketplace (spec 000 section 2 Marketplace, Funder opportunity card, preview modal). */

export const accessStatuses = [
  'pending',
  'approved',
  'declined',
  'due_diligence',
  'term_sheet',
  'funded',
  'closed',
  'revoked',
] as const;
export type AccessStatus = (typeof accessStatuses)[number];

/** Statuses that mean the funder may read the whole file. */
export const grantedAccessStatuses = ['approved', 'due_diligence', 'term_sheet', 'funded'] as const;
export const hasGrantedAccess = (status: string | null | undefined) =>
  (grantedAccessStatuses as readonly string[]).includes(status ?? '');

/**
 * Statuses of a funder's own request under which a listing stays in their marketplace with a
 * card that leads on (issue 9: Engage, Deal Room): access granted and the deal not yet funded.
 */
export const inDealAccessStatuses = ['approved', 'due_diligence', 'term_sheet'] as const;

/**
 * Statuses of a funder's own request that take a listing out of their marketplace: waiting for the
 * developer (the card would only say 'Request Pending'), funded, or access taken back (revoked or
 * lapsed: the developer has ended this funder's look at the project). Declined and closed requests
 * may be asked again, so those listings come back (spec 000 section 4).
 */
export const offMarketAccessStatuses = ['pending', 'funded', 'revoked'] as const;

/** Whether a listing on the market is in this funder's marketplace, given their current request. */
export const isInFunderMarket = (status: AccessStatus | null) =>
  !(offMarketAccessStatuses as readonly string[]).includes(status ?? '');

/**
 * Whether a listing may be recommended to this funder (spec 000 section 2: 'paid projects with no
 * access status and no deal'; issue 37 item 8, decision 059): only one they have never asked about.
 * Any request, pending, granted, declined, closed or revoked, is the funder's own business with the
 * project already, and every deal room comes from a request, so no request means no deal.
 */
export const isRecommendable = (status: AccessStatus | null) => status === null;

export const marketplaceSorts = [
  'newest',
  'loan_amount_desc',
  'loan_amount_asc',
  'return_potential',
] as const;

export const marketplaceMessages = {
  pendingApprovalTitle: 'Account Pending Approval',
  subscriptionRequiredTitle: 'Subscription Required',
  empty: 'No projects match your criteria',
  locationTbd: 'Location TBD',
  loanRangeInvalid: 'Minimum loan amount cannot be more than the maximum',
} as const;

export const marketplaceQuery = z
  .object({
    property_type: z.enum(propertyTypes).optional(),
    state: z.enum(australianStates).optional(),
    development_stage: z.enum(developmentStages).optional(),
    min_loan: z.coerce.number().int().min(0).optional(),
    max_loan: z.coerce.number().int().min(0).optional(),
    q: z.string().trim().max(100).optional(),
    sort: z.enum(marketplaceSorts).default('newest'),
    page: z.coerce.number().int().min(1).max(10_000).default(1),
    limit: z.coerce.number().int().min(1).max(100).default(20),
  })
  .refine((q) => q.min_loan === undefined || q.max_loan === undefined || q.min_loan <= q.max_loan, {
    message: marketplaceMessages.loanRangeInvalid,
    path: ['min_loan'],
  });
export type MarketplaceQuery = z.infer<typeof marketplaceQuery>;

/**
 * GET /projects serves two lists on one path: a developer's own projects (`myProjectsQuery`) and a
 * funder's marketplace (`marketplaceQuery`). The route declares the union of both parameter sets;
 * the server then parses the query again with the caller's own schema, so a sort of the other
 * list is refused (400) rather than silently ignored.
 */
export const projectsListQuery = z.object({
  tab: z.enum(projectListTabs).optional(),
  sort: z.union([z.enum(projectSorts), z.enum(marketplaceSorts)]).optional(),
  page: z.coerce.number().int().min(1).max(10_000).optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
  property_type: z.enum(propertyTypes).optional(),
  state: z.enum(australianStates).optional(),
  development_stage: z.enum(developmentStages).optional(),
  min_loan: z.coerce.number().int().min(0).optional(),
  max_loan: z.coerce.number().int().min(0).optional(),
  q: z.string().trim().max(100).optional(),
});

/** What a funder sees of a project before access is approved: the preview fields only. */
export const projectPreview = z.object({
  id: z.string(),
  suburb: z.string().nullable(),
  state: z.string().nullable(),
  development_stage: z.enum(developmentStages),
  loan_amount: z.number(),
  property_type: z.enum(propertyTypes),
  project_size_sqm: z.number().nullable(),
  created_at: z.string(),
  access_status: z.enum(accessStatuses).nullable(),
  access_request_id: z.string().nullable(),
  /** The funder's deal on the project once they engaged (its room: dealRoomPath), else null. */
  deal_id: z.string().nullable(),
});
export type ProjectPreview = z.infer<typeof projectPreview>;

export const marketplaceStats = z.object({
  total_capital_seeking: z.number(),
  active_opportunities: z.number(),
  /** 'Residential' or 'Commercial', whichever has more listings in the filtered set (null when empty). */
  trending_asset_class: z.enum(['Residential', 'Commercial']).nullable(),
  /**
   * The average return (profit / cost) of the cell the query falls in (`average_return_cell`), from
   * the snapshot of `average_return_as_of`, as a percentage to the nearest half point; null when
   * withheld (`averageReturnOf`). The query's loan range, stage, text, sort and page never change it.
   */
  average_expected_return: z.number().nullable(),
  /** The cell that figure covers: one property type in one state, or the whole market (both null). */
  average_return_cell: averageReturnCell,
  /** The day (Australia/Sydney, YYYY-MM-DD) of the snapshot the figure is from. */
  average_return_as_of: z.iso.date(),
});

export const marketplaceResponse = z.object({
  items: z.array(projectPreview),
  page: z.number(),
  limit: z.number(),
  total: z.number(),
  stats: marketplaceStats,
});
export type MarketplaceResponse = z.infer<typeof marketplaceResponse>;

export const trendingAssetClass = (residential: number, commercial: number) =>
  residential === 0 && commercial === 0
    ? null
    : residential >= commercial
      ? ('Residential' as const)
      : ('Commercial' as const);

// ---------------------------------------------------------------------------------------------
// Loan bands: the kept summary behind the stats header's counts is grouped by them

/**
 * The lower edges of the marketplace's fixed loan bands, in dollars: a band runs from its edge up to
 * the next one (the last has no top). The kept summary is grouped by them: the SQL function
 * marketplace_loan_band() of migration 20261123000300 has the same list (a test checks they agree).
 */
export const LOAN_BANDS = [
  0, 250_000, 500_000, 750_000, 1_000_000, 1_500_000, 2_000_000, 2_500_000, 3_000_000, 4_000_000, 5_000_000,
  6_000_000, 7_500_000, 10_000_000, 12_500_000, 15_000_000, 20_000_000, 25_000_000, 30_000_000, 40_000_000,
  50_000_000, 75_000_000, 100_000_000, 200_000_000,
] as const;

/** Re-exported for the settings check, which reads the floor from here (decisions 009, 032). */
export { MIN_LISTINGS_FOR_AVERAGE_RETURN } from './marketplace-stats';

/** The band of a loan, as its index in LOAN_BANDS: the last edge at or below it. */
export function loanBandOf(loan: number): number {
  let lo = 0;
  let hi = LOAN_BANDS.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (LOAN_BANDS[mid]! <= loan) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** Saved searches stay on the device (spec 000 section 3). */
export interface SavedSearch {
  id: string;
  name: string;
  filters: Partial<MarketplaceQuery>;
  created_at: string;
}

/**
 * GET /projects/{id}. `full`: the whole file, for its owner, admins and funders whose access was
 * granted (access_status and access_request_id are the funder's own request, null for the others).
 * `preview`: a funder without granted access sees the preview fields only.
 */
export const projectDetailResponse = z.discriminatedUnion('view', [
  projectResponse.extend({
    view: z.literal('full'),
    access_status: z.enum(accessStatuses).nullable(),
    access_request_id: z.string().nullable(),
    /** A granted funder's end of access (issue 37 item 2): the instant it lapses, or null. */
    access_until: z.string().nullable(),
  }),
  projectPreview.extend({ view: z.literal('preview') }),
]);
export type ProjectDetailResponse = z.infer<typeof projectDetailResponse>;

// ---------------------------------------------------------------------------------------------
// 'Recommended for You' (spec 000 section 2, funder dashboard)

/** A project the funder could look at next, and why (spec: 'Recommended for You', up to 3). */
export const recommendation = projectPreview.extend({ reason: z.string() });
export type Recommendation = z.infer<typeof recommendation>;

export const funderDashboardResponse = z.object({
  /** Open deals of this funder. */
  active_deals: z.number(),
  /** Access approved and no deal opened yet. */
  in_due_diligence: z.number(),
  pending_requests: z.number(),
  recommended: z.array(recommendation),
});
export type FunderDashboardResponse = z.infer<typeof funderDashboardResponse>;

type PropertyType = (typeof propertyTypes)[number];
type InvestmentFocus = (typeof investmentFocuses)[number];

/** The property type each investment focus means; null: any type ('All Property Types'). */
export const focusPropertyType: Record<InvestmentFocus, PropertyType | null> = {
  'Residential Development': 'Residential',
  'Commercial Development': 'Commercial',
  'Mixed-Use Development': 'Mixed Use',
  'Industrial Development': 'Industrial',
  'All Property Types': null,
};

/** The property types a focus covers: one, all of them, or none when no (known) focus is set. */
export function propertyTypesForFocus(focus: string | null | undefined): readonly PropertyType[] {
  if (!focus || !(focus in focusPropertyType)) return [];
  const type = focusPropertyType[focus as InvestmentFocus];
  return type === null ? propertyTypes : [type];
}

/** The parts of a funder's profile that recommendations are fitted to. */
export interface FunderFitProfile {
  investment_focus: string | null;
  typical_deal_size_min: number | null;
  typical_deal_size_max: number | null;
}

/** Whether a loan amount sits inside the funder's deal size range (an open end counts as no limit). */
export function isWithinDealSize(profile: FunderFitProfile, loanAmount: number): boolean {
  const { typical_deal_size_min: min, typical_deal_size_max: max } = profile;
  if (min === null && max === null) return false;
  return (min === null || loanAmount >= min) && (max === null || loanAmount <= max);
}

/** '$1m', '$1.5m', '$750k', '$2b': deal sizes as people say them. */
export function compactAud(dollars: number): string {
  const units: [number, string][] = [
    [1e9, 'b'],
    [1e6, 'm'],
    [1e3, 'k'],
  ];
  for (const [size, suffix] of units) {
    if (dollars >= size) return `$${Number((dollars / size).toFixed(2))}${suffix}`;
  }
  return `$${Math.round(dollars)}`;
}

function dealSizePhrase(profile: FunderFitProfile): string {
  const { typical_deal_size_min: min, typical_deal_size_max: max } = profile;
  if (min !== null && max !== null) return `your ${compactAud(min)}–${compactAud(max)} deal size`;
  if (min !== null) return `your deal size of ${compactAud(min)} or more`;
  return `your deal size of up to ${compactAud(max ?? 0)}`;
}

export const recommendationReasons = {
  fallback: 'Recently listed on the marketplace',
} as const;

export interface Fit {
  /** 3: focus and deal size; 2: focus only; 1: deal size only; 0: neither. */
  score: number;
  matchesFocus: boolean;
  matchesDealSize: boolean;
  reason: string;
}

/**
 * How well a project fits a funder's profile. The focus (the asset class they lend against) weighs
 * more than the deal size, which a lender can often stretch. Discrete on purpose: the server fetches
 * the newest few candidates of each of the four tiers, and ranking those gives the same top 3 as
 * ranking every listing.
 */
export function fitOf(
  profile: FunderFitProfile,
  project: { property_type: string; loan_amount: number },
): Fit {
  const matchesFocus = propertyTypesForFocus(profile.investment_focus).includes(
    project.property_type as PropertyType,
  );
  const matchesDealSize = isWithinDealSize(profile, project.loan_amount);
  const focus = profile.investment_focus?.toLowerCase() ?? '';
  const reason =
    matchesFocus && matchesDealSize
      ? `Matches your focus on ${focus} and ${dealSizePhrase(profile)}`
      : matchesFocus
        ? `Matches your focus on ${focus}`
        : matchesDealSize
          ? `Fits ${dealSizePhrase(profile)}`
          : recommendationReasons.fallback;
  return { score: (matchesFocus ? 2 : 0) + (matchesDealSize ? 1 : 0), matchesFocus, matchesDealSize, reason };
}

/**
 * The best `limit` candidates by fit, then newest first (then id, so the order is stable), each with
 * its reason. Candidates are the listings `isRecommendable` lets through.
 */
export function rankRecommendations<
  T extends { id: string; property_type: string; loan_amount: number; created_at: string },
>(
  profile: FunderFitProfile,
  candidates: readonly T[],
  limit = RECOMMENDED_LIMIT,
): (T & { reason: string })[] {
  const unique = [...new Map(candidates.map((c) => [c.id, c])).values()];
  return unique
    .map((candidate) => ({ candidate, fit: fitOf(profile, candidate) }))
    .sort(
      (a, b) =>
        b.fit.score - a.fit.score ||
        Date.parse(b.candidate.created_at) - Date.parse(a.candidate.created_at) ||
        (a.candidate.id < b.candidate.id ? 1 : a.candidate.id > b.candidate.id ? -1 : 0),
    )
    .slice(0, limit)
    .map(({ candidate, fit }) => ({ ...candidate, reason: fit.reason }));
}
