import { z } from 'zod';
import { australianStates, developmentStages, propertyTypes } from './projects';

/** The funders' marketplace (spec 000 section 2 Marketplace, Funder opportunity card, preview modal). */

export const accessStatuses = [
  'pending',
  'approved',
  'declined',
  'due_diligence',
  'term_sheet',
  'funded',
  'closed',
] as const;
export type AccessStatus = (typeof accessStatuses)[number];

/** Statuses that mean the funder may read the whole file. */
export const grantedAccessStatuses = ['approved', 'due_diligence', 'term_sheet', 'funded'] as const;
export const hasGrantedAccess = (status: string | null | undefined) =>
  (grantedAccessStatuses as readonly string[]).includes(status ?? '');

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
} as const;

export const marketplaceQuery = z.object({
  property_type: z.enum(propertyTypes).optional(),
  state: z.enum(australianStates).optional(),
  development_stage: z.enum(developmentStages).optional(),
  min_loan: z.coerce.number().int().min(0).optional(),
  max_loan: z.coerce.number().int().min(0).optional(),
  q: z.string().trim().max(100).optional(),
  sort: z.enum(marketplaceSorts).default('newest'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export type MarketplaceQuery = z.infer<typeof marketplaceQuery>;

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
});
export type ProjectPreview = z.infer<typeof projectPreview>;

export const marketplaceStats = z.object({
  total_capital_seeking: z.number(),
  active_opportunities: z.number(),
  /** 'Residential' or 'Commercial', whichever has more listings in the filtered set (null when empty). */
  trending_asset_class: z.enum(['Residential', 'Commercial']).nullable(),
  /** Average of profit / cost over the filtered set, as a percentage (null when no project has both). */
  average_expected_return: z.number().nullable(),
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

/** Saved searches stay on the device (spec 000 section 3). */
export interface SavedSearch {
  id: string;
  name: string;
  filters: Partial<MarketplaceQuery>;
  created_at: string;
}

/** A project the funder could look at next, and why (spec: 'Recommended for You', up to 3). */
export const recommendation = projectPreview.extend({ reason: z.string() });
