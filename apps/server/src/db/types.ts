import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

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
  role: 'borrower' | 'funder' | 'admin' | null;
  approved: Generated<boolean>;
  subscription_status: Generated<'none' | 'payment_pending' | 'active' | 'inactive' | 'cancelled'>;
  subscription_period_end: NullableTimestamp;
  cancel_at_period_end: Generated<boolean>;
  deleted_at: NullableTimestamp;
  created_at: Generated<Timestamp>;
  updated_at: Generated<Timestamp>;
}

export interface SessionTable {
  id: string;
  user_id: string;
  token: string;
  expires_at: Timestamp;
  ip_address: string | null;
  user_agent: string | null;
  created_at: Generated<Timestamp>;
  updated_at: Generated<Timestamp>;
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
  created_at: Generated<Timestamp>;
  updated_at: Generated<Timestamp>;
}

export interface VerificationTable {
  id: string;
  identifier: string;
  value: string;
  expires_at: Timestamp;
  created_at: Generated<Timestamp>;
  updated_at: Generated<Timestamp>;
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
  created_at: Generated<Timestamp>;
  updated_at: Generated<Timestamp>;
}

export interface OutboxTable {
  id: Generated<string>;
  kind: string;
  payload: Json<Record<string, unknown>>;
  status: Generated<'pending' | 'done' | 'failed'>;
  attempts: Generated<number>;
  run_after: Generated<Timestamp>;
  last_error: string | null;
  created_at: Generated<Timestamp>;
  processed_at: NullableTimestamp;
}

// --- Domain model tables (migration 20261122000100_domain_model) ---

export interface Database {
  user: UserTable;
  session: SessionTable;
  account: AccountTable;
  verification: VerificationTable;
  profile: ProfileTable;
  outbox: OutboxTable;
}

export type User = Selectable<UserTable>;
export type Profile = Selectable<ProfileTable>;
export type NewProfile = Insertable<ProfileTable>;
export type ProfileUpdate = Updateable<ProfileTable>;
export type OutboxRow = Selectable<OutboxTable>;
