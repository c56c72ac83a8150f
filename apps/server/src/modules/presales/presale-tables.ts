import type { ColumnType, Generated, Kysely } from 'kysely';
import type { Db } from '../../db/database';
import type { Database } from '../../db/types';

// The presale tables (migration 20261204100000_presales; issue 34 items 4 and 7, decision 062).
// They are typed here and joined to the database's type with `withTables`, so this module needs no
// change to the shared db/types.ts. bigint columns arrive as JS numbers (integer cents).

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type DateOnly = ColumnType<string, string, string>;
type NullableDate = ColumnType<string | null, string | null | undefined, string | null>;

export type PresaleStatus = 'exchanged' | 'settled' | 'released';

export interface PresaleSettingsTable {
  facility_id: string;
  min_deposit_bps: number;
  max_bond_share_bps: number;
  bond_months_after_sunset: number;
  sunset_months_after_completion: number;
  updated_by: string | null;
  updated_at: Timestamp;
}

export interface PresaleTable {
  id: Generated<string>;
  facility_id: string;
  lot: string;
  purchaser_name: string;
  price_ex_gst_cents: number;
  deposit_cents: number;
  deposit_form: 'cash' | 'bond';
  bond_expiry: NullableDate;
  related_party: boolean;
  exchanged_on: DateOnly;
  sunset_on: DateOnly;
  status: Generated<PresaleStatus>;
  released_on: NullableDate;
  created_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface PresaleSettlementTable {
  id: Generated<string>;
  presale_id: string;
  facility_id: string;
  settled_on: DateOnly;
  gross_cents: number;
  selling_costs_cents: number;
  net_proceeds_cents: number;
  default_interest_cents: number;
  fees_cents: number;
  interest_cents: number;
  principal_cents: number;
  surplus_cents: number;
  owed_after_cents: number;
  repaid: Generated<boolean>;
  journal_id: string;
  recorded_by: string | null;
  created_at: Timestamp;
}

export interface FacilityClosingTable {
  facility_id: string;
  repaid_on: DateOnly;
  settlement_id: string | null;
  issued_at: Timestamp;
}

export type PresaleTables = {
  presale_settings: PresaleSettingsTable;
  presale: PresaleTable;
  presale_settlement: PresaleSettlementTable;
  facility_closing: FacilityClosingTable;
};

export type PresaleDb = Kysely<Database & PresaleTables>;

/** The database (or the transaction) with the presale tables in its type. */
export const withPresales = (db: Db): PresaleDb => db.withTables<PresaleTables>();
