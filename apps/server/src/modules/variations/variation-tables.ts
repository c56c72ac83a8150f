import type { ColumnType, Generated } from 'kysely';
import type { Db } from '../../db/database';

// The tables of migration 20261204000000 (issue 34 items 1-3; decision 061). Kept beside the module
// until they join db/types-facility.ts; `withVariations` adds them to a Db's type (no runtime cost).

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type DateOnly = ColumnType<string, string, string>;

export type VariationStatus =
  | 'proposed'
  | 'assessed'
  | 'developer_approved'
  | 'lender_approved'
  | 'lender_rejected'
  | 'incorporated'
  | 'withdrawn';

export interface VariationTable {
  id: Generated<string>;
  facility_id: string;
  number: number;
  budget_line_id: string;
  description: string;
  funding: 'contingency' | 'equity' | 'limit_increase';
  status: Generated<VariationStatus>;
  proposed_cost_cents: number;
  proposed_days: number;
  cost_cents: number;
  days: number;
  assessment_note: string | null;
  consent_required: boolean | null;
  consent_reasons: ColumnType<string[], string | undefined, string>;
  contingency_used_cents: number | null;
  equity_called_cents: number | null;
  limit_increase_cents: number | null;
  budget_version_id: string | null;
  journal_id: string | null;
  decision_reason: string | null;
  proposed_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface VariationEventTable {
  id: Generated<number>;
  variation_id: string;
  type: string;
  from_status: string | null;
  to_status: string;
  actor_id: string | null;
  actor_role: string | null;
  note: string | null;
  created_at: Timestamp;
}

export interface ReallocationTable {
  id: Generated<string>;
  facility_id: string;
  number: number;
  from_line_id: string;
  to_line_id: string;
  amount_cents: number;
  reason: string;
  status: Generated<'proposed' | 'approved' | 'rejected' | 'withdrawn'>;
  decision_reason: string | null;
  budget_version_id: string | null;
  proposed_by: string | null;
  decided_by: string | null;
  decided_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface PracticalCompletionTable {
  facility_id: string;
  completed_on: DateOnly;
  certificate_document_id: string | null;
  defects_liability_ends_on: DateOnly;
  recorded_by: string | null;
  created_at: Timestamp;
}

export interface RetentionReleaseTable {
  id: Generated<string>;
  facility_id: string;
  stage: 'practical_completion' | 'defects_liability';
  released_on: DateOnly;
  amount_cents: number;
  journal_id: string | null;
  released_by: string | null;
  created_at: Timestamp;
}

export interface RetentionReleaseLineTable {
  release_id: string;
  budget_line_id: string;
  amount_cents: number;
}

/** The facility's two settings this migration adds. */
export interface FacilitySettingsColumns {
  variation_consent_threshold_cents: Generated<number>;
  defects_liability_months: Generated<number>;
}

export type VariationTables = {
  facility: FacilitySettingsColumns;
  variation: VariationTable;
  variation_event: VariationEventTable;
  reallocation: ReallocationTable;
  practical_completion: PracticalCompletionTable;
  retention_release: RetentionReleaseTable;
  retention_release_line: RetentionReleaseLineTable;
};

/** The same connection or transaction, typed with this module's tables too. */
export const withVariations = (db: Db) => db.withTables<VariationTables>();
export type VDb = ReturnType<typeof withVariations>;
