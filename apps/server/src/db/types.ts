import type { SubscriptionStatus } from '@plinth/domain/roles';
import type { ColumnType, Generated, GeneratedAlways, Selectable } from 'kysely';
import type { FunderCriteriaTable, ListingAlertTable } from './types-criteria';
import type { FacilityTables } from './types-facility';
import type { MarketplaceReturnTables } from './types-marketplace';

// Table types of the whole schema, kept by hand beside the migrations (which never import them).
// numeric and int8 columns are parsed to JS numbers by the database driver set-up (db/database.ts):
// money is whole AUD or integer cents, far inside double precision.

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type Json<T = unknown> = ColumnType<T, string | T, string | T>;

export interface UserTable {
  id: string;
  name: string;
  email: string;
  email_verified: Generated<boolean>;
  image: string | null;
  role: 'borrower' | 'funder' | 'admin' | 'surveyor' | null;
  approved: Generated<boolean>;
  subscription_status: Generated<SubscriptionStatus>;
  subscription_period_end: NullableTimestamp;
  cancel_at_period_end: Generated<boolean>;
  /** The IANA zone every date this person reads is written in (decision 074). */
  time_zone: Generated<string>;
  deleted_at: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface SessionTable {
  id: string;
  user_id: string;
  token: string;
  expires_at: Timestamp;
  ip_address: string | null;
  user_agent: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface AccountTable {
  id: string;
  user_id: string;
  account_id: string;
  provider_id: string;
  access_token: string | null;
  refresh_token: string | null;
  id_token: string | null;
  access_token_expires_at: NullableTimestamp;
  refresh_token_expires_at: NullableTimestamp;
  scope: string | null;
  password: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface VerificationTable {
  id: string;
  identifier: string;
  value: string;
  expires_at: Timestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ProfileTable {
  user_id: string;
  company_name: string;
  company_type: string;
  phone: string;
  abn: string;
  linkedin: string | null;
  bio: string | null;
  investment_focus: string | null;
  typical_deal_size_min: number | null;
  typical_deal_size_max: number | null;
  years_experience: number | null;
  aum: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface OutboxTable {
  id: Generated<string>;
  kind: string;
  payload: Json<Record<string, unknown>>;
  status: Generated<'pending' | 'done' | 'failed'>;
  attempts: Generated<number>;
  run_after: Timestamp;
  last_error: string | null;
  created_at: Timestamp;
  processed_at: NullableTimestamp;
}

// --- Domain model tables (migration 20261122000100_domain_model) ---

// Enumerations as the migration CHECKs them (the exported rules live in packages/domain).
// date columns come back as 'YYYY-MM-DD' strings (db/database.ts sets the type parser).
type DateColumn = ColumnType<string | null, string | null | undefined, string | null>;

type PropertyType = 'Residential' | 'Commercial' | 'Mixed Use' | 'Industrial' | 'Retail';
type DevelopmentStage = 'Planning' | 'Pre-Construction' | 'Construction' | 'Near Completion';
type PlanningPermitStatus =
  | 'Not Started'
  | 'In Progress'
  | 'Submitted'
  | 'Approved'
  | 'Approved with Conditions';
type RiskRating = 'low' | 'medium' | 'high';
type AustralianState = 'NSW' | 'VIC' | 'QLD' | 'WA' | 'SA' | 'TAS' | 'ACT' | 'NT';
type ProjectPaymentStatus = 'unpaid' | 'payment_pending' | 'paid';
type SubmissionStatus = 'submitted' | 'rejected';
type AccessRequestStatus =
  | 'pending'
  | 'approved'
  | 'declined'
  | 'due_diligence'
  | 'term_sheet'
  | 'funded'
  | 'closed'
  | 'revoked';
type DealStatus = 'open' | 'completed';
type ProposalStatus = 'pending' | 'accepted' | 'declined';
type DocumentRequestStatus = 'pending' | 'fulfilled';
type PaymentType = 'project_listing' | 'subscription';
type PaymentStatus = 'pending' | 'completed' | 'failed' | 'refunded';
type PaymentProvider = 'sandbox' | 'stripe';

export interface ProjectTable {
  id: Generated<string>;
  borrower_id: string;
  title: string;
  description: string | null;
  location: string;
  suburb: string;
  city: string | null;
  state: AustralianState | null;
  postcode: string | null;
  latitude: number | null;
  longitude: number | null;
  property_type: Generated<PropertyType>;
  development_stage: Generated<DevelopmentStage>;
  loan_amount: number;
  interest_rate: number | null;
  loan_term: number | null;
  total_project_cost: number | null;
  equity_contribution: number | null;
  land_value: number | null;
  construction_cost: number | null;
  expected_gdc: number | null;
  expected_profit: number | null;
  project_size_sqm: number | null;
  number_of_units: number | null;
  number_of_levels: number | null;
  car_spaces: number | null;
  zoning: string | null;
  planning_permit_status: Generated<PlanningPermitStatus>;
  expected_start_date: DateColumn;
  expected_completion_date: DateColumn;
  market_risk_rating: Generated<RiskRating>;
  construction_risk_rating: Generated<RiskRating>;
  location_risk_rating: Generated<RiskRating>;
  payment_status: Generated<ProjectPaymentStatus>;
  visible: Generated<boolean>;
  submission_status: SubmissionStatus | null;
  last_rejection_reason: string | null;
  rejection_date: NullableTimestamp;
  payment_not_received: Generated<boolean>;
  documents_complete: Generated<boolean>;
  stripe_payment_intent_id: string | null;
  payment_date: NullableTimestamp;
  /** When the listing last became visible to funders (null while it never was). */
  published_at: NullableTimestamp;
  funded_at: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ProjectDocumentTable {
  id: Generated<string>;
  project_id: string;
  uploader_id: string | null;
  document_type: string;
  storage_key: string;
  file_name: string;
  mime_type: string;
  size_bytes: number;
  sha256: string;
  uploaded_at: Timestamp;
  /** Read in the app's viewer only: no download for anyone but the uploader's side and admins. */
  view_only: Generated<boolean>;
}

export interface AccessRequestTable {
  id: Generated<string>;
  funder_id: string;
  project_id: string;
  status: Generated<AccessRequestStatus>;
  initial_message: string | null;
  requested_at: Timestamp;
  approved_at: NullableTimestamp;
  declined_at: NullableTimestamp;
  updated_at: Timestamp;
  /** Granted access lapses by itself at this moment (set by the developer when approving). */
  access_until: NullableTimestamp;
  /** When the funder was told their access is about to lapse (once per request). */
  expiry_notice_sent_at: NullableTimestamp;
  revoked_at: NullableTimestamp;
  /** Who took access back: the developer or an admin; null when it lapsed (or the user is gone). */
  revoked_by: string | null;
  revoke_reason: string | null;
}

/** The platform's confidentiality undertaking; the newest version applies. */
export interface UndertakingVersionTable {
  version: number;
  text: string;
  sha256: string;
  created_by: string | null;
  created_at: Timestamp;
}

/** A funder's acceptance of the undertaking for one access request. */
export interface UndertakingAcceptanceTable {
  id: Generated<string>;
  access_request_id: string;
  funder_id: string;
  version: number;
  /** SHA-256 (hex) of the exact text the funder was shown. */
  text_sha256: string;
  full_name: string;
  /** The signer's account name when they signed (migration 20261201200000); null if unknown. */
  account_name: string | null;
  company_name: string | null;
  ip: string | null;
  user_agent: string | null;
  accepted_at: Timestamp;
}

export interface MessageTable {
  id: Generated<string>;
  access_request_id: string;
  sender_id: string | null;
  message: string;
  message_type: Generated<'text' | 'system'>;
  sent_at: Timestamp;
  read_at: NullableTimestamp;
}

export interface AdminMessageTable {
  id: Generated<string>;
  /** The non-admin user whose thread with the admins this is. */
  user_id: string;
  sender_id: string | null;
  sender_role: 'admin' | 'borrower' | 'funder';
  message: string;
  sent_at: Timestamp;
  read_at: NullableTimestamp;
}

export interface DealTable {
  id: Generated<string>;
  project_id: string;
  access_request_id: string;
  borrower_id: string;
  funder_id: string;
  status: Generated<DealStatus>;
  created_at: Timestamp;
  completed_at: NullableTimestamp;
  completed_by: string | null;
}

export interface DocumentRequestTable {
  id: Generated<string>;
  deal_id: string;
  requester_id: string | null;
  document_name: string;
  description: string | null;
  status: Generated<DocumentRequestStatus>;
  requested_at: Timestamp;
  fulfilled_at: NullableTimestamp;
}

export interface DealDocumentTable {
  id: Generated<string>;
  deal_id: string;
  document_request_id: string | null;
  uploader_id: string | null;
  storage_key: string;
  file_name: string;
  mime_type: string;
  size_bytes: number;
  sha256: string;
  uploaded_at: Timestamp;
}

/** An opening of a deal or project document (exactly one of the two is set): the data-room insight. */
export interface DocumentViewTable {
  id: Generated<string>;
  deal_document_id: string | null;
  project_document_id: string | null;
  /** A deal whose generated credit summary was downloaded (issue 21; no stored file to point at). */
  credit_summary_deal_id: string | null;
  viewer_id: string;
  kind: 'view' | 'download';
  viewed_at: Timestamp;
  /** The download code stamped on a watermarked copy (null when the original was served). */
  code: string | null;
}

export interface DealCommentTable {
  id: Generated<string>;
  deal_id: string;
  user_id: string | null;
  comment: string;
  created_at: Timestamp;
}

export interface ProposalTable {
  id: Generated<string>;
  deal_id: string;
  funder_id: string;
  loan_amount: number;
  interest_rate: number;
  loan_term: number;
  establishment_fee: Generated<number>;
  other_fees: string | null;
  conditions: string | null;
  valid_until: DateColumn;
  status: Generated<ProposalStatus>;
  decline_reason: string | null;
  responded_at: NullableTimestamp;
  created_at: Timestamp;
}

export interface ContactShareTable {
  id: Generated<string>;
  user_id: string;
  target_user_id: string;
  deal_id: string | null;
  created_at: Timestamp;
}

export interface NotificationTable {
  id: Generated<string>;
  user_id: string;
  type: string;
  related_id: string | null;
  message: string;
  read: Generated<boolean>;
  created_at: Timestamp;
}

export interface NotificationPreferencesTable {
  user_id: string;
  email_messages: Generated<boolean>;
  email_project_updates: Generated<boolean>;
  email_newsletter: Generated<boolean>;
  email_access_requests: Generated<boolean>;
  email_deal_engagement: Generated<boolean>;
  email_proposals: Generated<boolean>;
  email_document_requests: Generated<boolean>;
  email_project_published: Generated<boolean>;
  email_project_rejected: Generated<boolean>;
  email_access_approved: Generated<boolean>;
  email_proposal_response: Generated<boolean>;
  email_borrower_messages: Generated<boolean>;
  email_account_approved: Generated<boolean>;
  email_payment_success: Generated<boolean>;
  updated_at: Timestamp;
}

export interface PaymentTable {
  id: Generated<string>;
  user_id: string | null;
  project_id: string | null;
  type: PaymentType;
  amount_cents: number;
  currency: Generated<'AUD'>;
  status: Generated<PaymentStatus>;
  provider: PaymentProvider;
  provider_reference: string | null;
  idempotency_key: string | null;
  failure_message: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface PaymentEventTable {
  id: Generated<string>;
  provider: PaymentProvider;
  event_id: string;
  type: string;
  payload: Json<Record<string, unknown>>;
  received_at: Timestamp;
}

export interface AuditLogTable {
  id: GeneratedAlways<number>;
  actor_id: string | null;
  actor_name: string | null;
  action: string;
  target_type: string;
  target_id: string;
  reason: string | null;
  before: Json | null;
  after: Json | null;
  created_at: Timestamp;
  prev_hash: string | null;
  hash: string;
  /** Salted digests of actor_name, reason, before and after, which the hash covers (decision 024). */
  field_digests: Json;
  /** Each personal field's salt; null once that field was erased. */
  field_salts: Json;
  erased_at: NullableTimestamp;
}

export interface SystemSettingTable {
  key: string;
  value: string;
  description: string | null;
  updated_by: string | null;
  updated_at: Timestamp;
}

export interface AiSessionTable {
  id: Generated<string>;
  user_id: string;
  project_id: string | null;
  session_title: string | null;
  created_at: Timestamp;
}

export interface AiMessageTable {
  id: Generated<string>;
  session_id: string;
  sender: 'user' | 'ai';
  message: string;
  /** Asked or answered while the asker could read the session's project whole (migration 20261201200000). */
  from_full_file: Generated<boolean>;
  created_at: Timestamp;
}

/** The first answer to an unsafe request sent with an Idempotency-Key (migration 20261128000000). */
export interface IdempotencyKeyTable {
  caller: string;
  key: string;
  method: string;
  path: string;
  body_sha256: string;
  status_code: number;
  content_type: string | null;
  response_body: Uint8Array;
  created_at: Timestamp;
  expires_at: Timestamp;
}

export interface Database extends MarketplaceReturnTables, FacilityTables {
  user: UserTable;
  session: SessionTable;
  account: AccountTable;
  verification: VerificationTable;
  profile: ProfileTable;
  outbox: OutboxTable;
  project: ProjectTable;
  project_document: ProjectDocumentTable;
  access_request: AccessRequestTable;
  undertaking_version: UndertakingVersionTable;
  undertaking_acceptance: UndertakingAcceptanceTable;
  message: MessageTable;
  admin_message: AdminMessageTable;
  deal: DealTable;
  document_request: DocumentRequestTable;
  deal_document: DealDocumentTable;
  document_view: DocumentViewTable;
  deal_comment: DealCommentTable;
  proposal: ProposalTable;
  contact_share: ContactShareTable;
  notification: NotificationTable;
  notification_preferences: NotificationPreferencesTable;
  payment: PaymentTable;
  payment_event: PaymentEventTable;
  audit_log: AuditLogTable;
  system_setting: SystemSettingTable;
  ai_session: AiSessionTable;
  ai_message: AiMessageTable;
  idempotency_key: IdempotencyKeyTable;
  funder_criteria: FunderCriteriaTable;
  listing_alert: ListingAlertTable;
}

export type Project = Selectable<ProjectTable>;
export type Deal = Selectable<DealTable>;
export type Payment = Selectable<PaymentTable>;
export type PaymentEvent = Selectable<PaymentEventTable>;
