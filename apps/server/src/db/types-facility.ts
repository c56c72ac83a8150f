import type { ColumnType, Generated } from 'kysely';

// Loan administration's tables (migration 20261203000000; issue 33). bigint columns arrive as JS
// numbers (db/database.ts): integer cents, far inside double precision's exact integers.

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
/** A `date` column: 'YYYY-MM-DD'. */
type DateOnly = ColumnType<string, string, string>;
type NullableDate = ColumnType<string | null, string | null | undefined, string | null>;

export type FacilityStatus = 'setting_up' | 'active' | 'repaid' | 'in_default';
export type FacilityPartyRole = 'developer' | 'funder' | 'co_funder' | 'surveyor';
export type DrawStatus =
  | 'draft'
  | 'submitted'
  | 'certified'
  | 'approved'
  | 'funded'
  | 'returned'
  | 'rejected'
  | 'cancelled';

export interface FacilityTable {
  id: Generated<string>;
  deal_id: string;
  project_id: string;
  borrower_id: string;
  funder_id: string;
  status: Generated<FacilityStatus>;
  state: string;
  limit_cents: number;
  interest_rate_bps: number;
  default_margin_bps: number;
  line_fee_bps: number;
  establishment_fee_cents: number;
  close_date: DateOnly;
  maturity_date: DateOnly;
  latest_practical_completion_date: DateOnly;
  capitalise_interest: Generated<boolean>;
  activated_on: NullableDate;
  created_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface FacilityPartyTable {
  facility_id: string;
  user_id: string;
  role: FacilityPartyRole;
  added_by: string | null;
  created_at: Timestamp;
}

export interface FacilityInviteTable {
  id: Generated<string>;
  facility_id: string;
  email: string;
  role: 'co_funder' | 'surveyor';
  invited_by: string | null;
  accepted_by: string | null;
  accepted_at: NullableTimestamp;
  created_at: Timestamp;
}

export interface BudgetLineTable {
  id: Generated<string>;
  facility_id: string;
  code: string;
  created_at: Timestamp;
}

export interface BudgetVersionTable {
  id: Generated<string>;
  facility_id: string;
  version: number;
  status: Generated<'draft' | 'approved' | 'superseded'>;
  created_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  approved_by: string | null;
  approved_at: NullableTimestamp;
}

export interface BudgetVersionLineTable {
  budget_version_id: string;
  budget_line_id: string;
  position: number;
  name: string;
  category: string;
  amount_cents: number;
  funded_by: 'debt' | 'equity';
}

export interface LedgerJournalTable {
  id: Generated<string>;
  seq: Generated<number>;
  facility_id: string;
  kind: string;
  effective_on: DateOnly;
  memo: Generated<string>;
  draw_id: string | null;
  created_by: string | null;
  created_at: Timestamp;
}

export interface LedgerPostingTable {
  id: Generated<number>;
  journal_id: string;
  facility_id: string;
  account: string;
  amount_cents: number;
}

export interface EquityContributionTable {
  id: Generated<string>;
  facility_id: string;
  amount_cents: number;
  received_on: DateOnly;
  document_id: string | null;
  journal_id: string;
  recorded_by: string | null;
  created_at: Timestamp;
}

export interface DrawTable {
  id: Generated<string>;
  facility_id: string;
  number: number;
  status: Generated<DrawStatus>;
  claim_served_at: ColumnType<Date, Date | string, Date | string>;
  note: Generated<string>;
  payment_schedule_due: NullableDate;
  surveyor_due: NullableDate;
  funder_due: NullableDate;
  submitted_at: NullableTimestamp;
  certified_at: NullableTimestamp;
  certified_by: string | null;
  inspected_on: NullableDate;
  percent_complete_bps: number | null;
  delay_days: number | null;
  approved_at: NullableTimestamp;
  approved_by: string | null;
  funded_on: NullableDate;
  funded_at: NullableTimestamp;
  funded_by: string | null;
  journal_id: string | null;
  decision_reason: string | null;
  decided_at: NullableTimestamp;
  created_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface DrawLineTable {
  draw_id: string;
  budget_line_id: string;
  claimed_cents: number;
  certified_cents: number | null;
  cost_to_complete_cents: number | null;
  retention_cents: number | null;
  reason: string | null;
}

export interface DrawDocumentTable {
  draw_id: string;
  document_id: string;
  kind: 'builders_claim' | 'invoice' | 'supporting_statement' | 'other';
  attached_by: string | null;
  attached_at: Timestamp;
}

export interface DrawCommentTable {
  id: Generated<string>;
  draw_id: string;
  author_id: string | null;
  body: string;
  created_at: Timestamp;
}

export interface DrawNoticeTable {
  draw_id: string;
  kind: string;
  sent_at: Timestamp;
}

export interface FacilityAccrualTable {
  facility_id: string;
  accrued_on: DateOnly;
  balance_cents: number;
  rate_bps: number;
  amount_cents: number;
  journal_id: string | null;
  created_at: Timestamp;
}

export interface FacilityCapitalisationTable {
  facility_id: string;
  month: DateOnly;
  amount_cents: number;
  journal_id: string | null;
  created_at: Timestamp;
}

export interface FacilityTables {
  facility: FacilityTable;
  facility_party: FacilityPartyTable;
  facility_invite: FacilityInviteTable;
  budget_line: BudgetLineTable;
  budget_version: BudgetVersionTable;
  budget_version_line: BudgetVersionLineTable;
  ledger_journal: LedgerJournalTable;
  ledger_posting: LedgerPostingTable;
  equity_contribution: EquityContributionTable;
  draw: DrawTable;
  draw_line: DrawLineTable;
  draw_document: DrawDocumentTable;
  draw_comment: DrawCommentTable;
  draw_notice: DrawNoticeTable;
  facility_accrual: FacilityAccrualTable;
  facility_capitalisation: FacilityCapitalisationTable;
}
