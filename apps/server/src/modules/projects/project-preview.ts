import type { ProjectPreview } from '@plinth/domain/marketplace';
import type { MarketplaceRow } from './marketplace-page.repository';

// A listing's preview card: the fields any funder may see of a listing on the market, and the
// funder's own request on it.

/** The listing's side of a preview card: everything but the funder's own request. */
export type PreviewFields = Omit<ProjectPreview, 'access_status' | 'access_request_id' | 'deal_id'>;

/** The funder's request on a listing, as a card shows it. */
export type OwnRequestOnCard =
  | { id: string; status: ProjectPreview['access_status']; deal_id?: string | null }
  | null
  | undefined;

/** A listing's row as read for a card (numbers and times as the driver or the index hold them). */
export interface PreviewRow
  extends Pick<MarketplaceRow, 'id' | 'suburb' | 'state' | 'development_stage' | 'property_type'> {
  loan_amount: number | string;
  project_size_sqm: number | string | null;
  created_at: Date | string;
}

/** The preview fields of a listing's row. */
export function previewFieldsOf(row: PreviewRow): PreviewFields {
  // Spelled out field by field: nothing but the preview fields can reach a funder without access.
  return {
    id: row.id,
    suburb: row.suburb,
    state: row.state,
    development_stage: row.development_stage,
    loan_amount: Number(row.loan_amount),
    property_type: row.property_type,
    project_size_sqm: row.project_size_sqm === null ? null : Number(row.project_size_sqm),
    created_at: new Date(row.created_at).toISOString(),
  };
}

/** A card: a listing's preview fields with the funder's own access status. */
export function withOwnRequest(fields: PreviewFields, request: OwnRequestOnCard): ProjectPreview {
  // Field by field rather than spread: every card then has one object shape, which JSON.stringify and
  // the response schema's check walk fast (a spread with added keys measured six times slower).
  return {
    id: fields.id,
    suburb: fields.suburb,
    state: fields.state,
    development_stage: fields.development_stage,
    loan_amount: fields.loan_amount,
    property_type: fields.property_type,
    project_size_sqm: fields.project_size_sqm,
    created_at: fields.created_at,
    access_status: request?.status ?? null,
    access_request_id: request?.id ?? null,
    // The funder's own deal, opened from this request: the card's way into its room.
    deal_id: request?.deal_id ?? null,
  };
}

/** The preview card of a listing's row, with the funder's own access status. */
export const toProjectPreview = (row: PreviewRow, request: OwnRequestOnCard) =>
  withOwnRequest(previewFieldsOf(row), request);
