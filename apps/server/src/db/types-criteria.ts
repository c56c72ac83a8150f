import type { FunderCriteria } from '@plinth/domain/funder-criteria';
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
}
