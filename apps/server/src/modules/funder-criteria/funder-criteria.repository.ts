import type { FunderCriteria } from '@plinth/domain/funder-criteria';
import { sql } from 'kysely';
import type { Db } from '../../db/database';

const columns = [
  'property_types',
  'states',
  'development_stages',
  'min_loan',
  'max_loan',
  'max_loan_to_grv',
  'max_lvr',
  'min_margin_on_cost',
  'confirmed_at',
] as const;

export const findCriteria = (db: Db, userId: string, options: { forUpdate?: boolean } = {}) => {
  const query = db.selectFrom('funder_criteria').select(columns).where('user_id', '=', userId);
  return (options.forUpdate ? query.forUpdate() : query).executeTakeFirst();
};

/** The onboarding answers the first criteria are prefilled from. */
export const findFunderProfile = (db: Db, userId: string) =>
  db
    .selectFrom('profile')
    .select(['investment_focus', 'typical_deal_size_min', 'typical_deal_size_max'])
    .where('user_id', '=', userId)
    .executeTakeFirst();

const list = (values: string[] | null) => (values === null ? null : JSON.stringify(values));

/** Saves a funder's criteria (a new row or the one they had) and stamps them confirmed now. */
export function saveCriteria(trx: Db, userId: string, c: FunderCriteria) {
  const values = {
    property_types: list(c.property_types),
    states: list(c.states),
    development_stages: list(c.development_stages),
    min_loan: c.min_loan,
    max_loan: c.max_loan,
    max_loan_to_grv: c.max_loan_to_grv,
    max_lvr: c.max_lvr,
    min_margin_on_cost: c.min_margin_on_cost,
  };
  const now = sql<Date>`now()`;
  return trx
    .insertInto('funder_criteria')
    .values({ user_id: userId, ...values, confirmed_at: now, updated_at: now })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ ...values, confirmed_at: now, updated_at: now }))
    .returning(columns)
    .executeTakeFirstOrThrow();
}
