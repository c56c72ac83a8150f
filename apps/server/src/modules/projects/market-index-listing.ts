import { loanBandOf, type MarketplaceQuery } from '@plinth/domain/marketplace';
import { returnBandOf } from '@plinth/domain/marketplace-stats';
import { australianStates, developmentStages, propertyTypes } from '@plinth/domain/projects';
import type { MarketListingRow } from './market-index.repository';
import type { MarketplaceFilters } from './marketplace-page.repository';
import { type PreviewFields, previewFieldsOf } from './project-preview';

// A listing as the marketplace's search index keeps it (market-index.ts), the codes of its
// filtered columns, the sorts' order and the filters' match: the parts of the index that are
// about one listing.

export type Sort = MarketplaceQuery['sort'];

/** A listing on the market, as the index keeps it. */
export interface IndexedListing {
  id: string;
  /** Its card's preview fields, built once. */
  preview: PreviewFields;
  loan_amount: number;
  property_type: MarketListingRow['property_type'];
  /** created_at in microseconds, PostgreSQL's own precision: the newest sort's key. */
  createdMicros: number;
  /**
   * The return band of expected profit / total cost (the domain's `returnBandOf`), null when either
   * is missing (sorted last). The ratio itself is not kept: nothing here may order by more than
   * the band (decision 032).
   */
  returnBand: number | null;
  /** The loan band's index in the domain's LOAN_BANDS. */
  band: number;
  /** The filtered columns as codes: small integers, compared fast (state 0: none). */
  typeCode: number;
  stateCode: number;
  stageCode: number;
}

export const stateCodes = [null, ...australianStates] as const;

export function codeOf(list: readonly (string | null)[], value: string | null, column: string): number {
  const code = list.indexOf(value);
  if (code < 0) throw new Error(`The marketplace index has no code for ${column} ${value}`);
  return code;
}

const numberOrNull = (value: number | string | null) => (value === null ? null : Number(value));

export function toIndexedListing(row: MarketListingRow): IndexedListing {
  const loan = Number(row.loan_amount);
  return {
    id: row.id,
    preview: previewFieldsOf(row),
    loan_amount: loan,
    property_type: row.property_type,
    createdMicros: Number(row.created_micros),
    returnBand: returnBandOf(numberOrNull(row.expected_profit), numberOrNull(row.total_project_cost)),
    band: loanBandOf(loan),
    typeCode: codeOf(propertyTypes, row.property_type, 'property type'),
    stateCode: codeOf(stateCodes, row.state, 'state'),
    stageCode: codeOf(developmentStages, row.development_stage, 'stage'),
  };
}

/**
 * The orders the index keeps: newest, loan ascending (walked backwards for loan descending, which
 * is exactly its reverse: loan, then id, each the other way) and return potential (by band, then
 * newest), each the same as the SQL statements' (ties broken on id, in the sort's direction).
 */
export type KeptOrder = 'newest' | 'loan_amount_asc' | 'return_potential';
export const keptOrders: readonly KeptOrder[] = ['newest', 'loan_amount_asc', 'return_potential'];

const byId = (a: IndexedListing, b: IndexedListing) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
export const comparators: Record<KeptOrder, (a: IndexedListing, b: IndexedListing) => number> = {
  newest: (a, b) => b.createdMicros - a.createdMicros || byId(b, a),
  loan_amount_asc: (a, b) => a.loan_amount - b.loan_amount || byId(a, b),
  return_potential: (a, b) => {
    if (a.returnBand !== b.returnBand) {
      if (a.returnBand === null) return 1;
      if (b.returnBand === null) return -1;
      return b.returnBand - a.returnBand;
    }
    return b.createdMicros - a.createdMicros || byId(b, a);
  },
};

/** A funder's filters as codes (-1: not filtered) and a loan range. */
export interface Filter {
  type: number;
  state: number;
  stage: number;
  min: number;
  max: number;
}

export function filterOf(f: MarketplaceFilters): Filter {
  return {
    type: f.property_type === undefined ? -1 : codeOf(propertyTypes, f.property_type, 'property type'),
    state: f.state === undefined ? -1 : codeOf(stateCodes, f.state, 'state'),
    stage: f.development_stage === undefined ? -1 : codeOf(developmentStages, f.development_stage, 'stage'),
    min: f.min_loan ?? 0,
    max: f.max_loan ?? Number.POSITIVE_INFINITY,
  };
}

export const matches = (l: IndexedListing, f: Filter) =>
  (f.type < 0 || l.typeCode === f.type) &&
  (f.state < 0 || l.stateCode === f.state) &&
  (f.stage < 0 || l.stageCode === f.stage) &&
  l.loan_amount >= f.min &&
  l.loan_amount <= f.max;
