import type { ColumnType, Generated, Kysely } from 'kysely';
import type { Db } from '../../db/database';
import type { Database } from '../../db/types';

// The tables of migration 20261204200000_covenants (issue 34 items 5 and 6; decision 067), typed
// here and joined to the database's type with `withTables` (no change to the shared db/types.ts).
// bigint columns arrive as JS numbers (integer cents, bps or days); dates as 'YYYY-MM-DD'.

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type DateOnly = ColumnType<string, string, string>;
type NullableDate = ColumnType<string | null, string | null | undefined, string | null>;
type Json = ColumnType<unknown, string, string>;

export interface FacilityValuationTable {
  id: Generated<string>;
  facility_id: string;
  valued_on: DateOnly;
  value_cents: number;
  valuer: string;
  recorded_by: string | null;
  created_at: Timestamp;
}

export interface CovenantTable {
  facility_id: string;
  kind: string;
  threshold: number;
  frequency: string;
  cure_days: number;
  annual_income_cents: number | null;
  updated_by: string | null;
  updated_at: Timestamp;
}

export interface CovenantTestTable {
  id: Generated<string>;
  seq: Generated<number>;
  facility_id: string;
  kind: string;
  tested_on: DateOnly;
  tested_at: Timestamp;
  trigger: string;
  period: string | null;
  status: string;
  value: number | null;
  threshold: number;
  headroom: number | null;
  message: string;
  workings: Json;
}

export interface CovenantPeriodTable {
  facility_id: string;
  kind: string;
  period: string;
  test_id: string | null;
  created_at: Timestamp;
}

export interface CovenantBreachTable {
  id: Generated<string>;
  facility_id: string;
  kind: string;
  status: Generated<string>;
  breached_on: DateOnly;
  cure_days: number;
  cure_ends_on: DateOnly;
  default_on: DateOnly;
  cured_on: NullableDate;
  defaulted_on: NullableDate;
  test_id: string | null;
  message: string;
  created_at: Timestamp;
}

export interface FacilityDefaultTable {
  id: Generated<string>;
  facility_id: string;
  declared_on: DateOnly;
  cured_on: NullableDate;
  breach_id: string | null;
  created_at: Timestamp;
}

export interface CovenantNoticeTable {
  id: Generated<string>;
  facility_id: string;
  breach_id: string | null;
  kind: string;
  covenant: string;
  issued_on: DateOnly;
  message: string;
  workings: Json;
  created_at: Timestamp;
}

export interface LenderReportTable {
  id: Generated<string>;
  facility_id: string;
  month: DateOnly;
  generated_on: DateOnly;
  pdf: ColumnType<Uint8Array | null, Uint8Array | null | undefined, Uint8Array | null>;
  size_bytes: Generated<number>;
  pages: Generated<number>;
  created_at: Timestamp;
}

export type CovenantTables = {
  facility_valuation: FacilityValuationTable;
  covenant: CovenantTable;
  covenant_test: CovenantTestTable;
  covenant_period: CovenantPeriodTable;
  covenant_breach: CovenantBreachTable;
  facility_default: FacilityDefaultTable;
  covenant_notice: CovenantNoticeTable;
  lender_report: LenderReportTable;
};

export type CovenantDb = Kysely<Database & CovenantTables>;

/** The database (or the transaction) with the covenant tables in its type. */
export const withCovenants = (db: Db): CovenantDb => db.withTables<CovenantTables>();
