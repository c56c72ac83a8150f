import type { ColumnType, Generated, Kysely } from 'kysely';
import type { Db } from '../../db/database';
import type { Database } from '../../db/types';
import type { CovenantTables } from '../covenants/covenant-tables';

/**
 * The tables of the funder's default and cure and of restated accrual days (migration
 * 20261206000000, decision 070). `facility_default` is the covenant module's table; these are the
 * columns this migration adds to it, merged with its own type.
 */

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface FacilityDefaultPartyColumns {
  reason: string | null;
  declared_by: string | null;
  cured_by: string | null;
  cure_reason: string | null;
}

export interface FacilityAccrualAdjustmentTable {
  id: Generated<string>;
  facility_id: string;
  accrued_on: ColumnType<string, string, string>;
  balance_cents: number;
  rate_bps: number;
  /** The change to the day's exact numerator (balance × rate), as text: it can pass 2^53. */
  numerator_delta: ColumnType<string, string, never>;
  amount_cents: number;
  journal_id: string | null;
  cause: string;
  created_at: Timestamp;
}

export type DefaultTables = CovenantTables & {
  facility_default: CovenantTables['facility_default'] & FacilityDefaultPartyColumns;
  facility_accrual_adjustment: FacilityAccrualAdjustmentTable;
};

export type DefaultDb = Kysely<Database & DefaultTables>;

export const withDefaults = (db: Db): DefaultDb => db.withTables<DefaultTables>();
