import type { FunderCriteria } from '@plinth/domain/funder-criteria';
import type { AlertEmailMode } from '@plinth/domain/listing-alerts';
import type { ColumnType } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type JsonList<T> = ColumnType<T[] | null, string | null | undefined, string | null>;

/** A funder's lending criteria (migration 20261129100000; issue 22): null is 'any'. */
export interface FunderCriteriaTable {
  user_id: string;
  property_types: JsonList<NonNullable<FunderCriteria['property_types']>[number]>;
  states: JsonList<NonNullable<FunderCriteria['states']>[number]>;
  development_stages: JsonList<NonNullable<FunderCriteria['development_stages']>[number]>;
  min_loan: number | null;
  max_loan: number | null;
  max_loan_to_grv: number | null;
  max_lvr: number | null;
  min_margin_on_cost: number | null;
  confirmed_at: Timestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** Listing alerts by e-mail (migration 20261130000000): each at once, a daily digest, or none. */
  alert_email: ColumnType<AlertEmailMode, AlertEmailMode | undefined, AlertEmailMode>;
  time_zone: ColumnType<string, string | undefined, string>;
  /** The confirmation whose 'Still accurate?' e-mail has gone out. */
  reminder_sent_for: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

/** One alert per funder and listing (migration 20261130000000; issue 22 item 2). */
export interface ListingAlertTable {
  id: ColumnType<string, string | undefined, never>;
  funder_id: string;
  project_id: string;
  reasons: ColumnType<string[], string, never>;
  email: AlertEmailMode;
  created_at: Timestamp;
  emailed_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  opened_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}
