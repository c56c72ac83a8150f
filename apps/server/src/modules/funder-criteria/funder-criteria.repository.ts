import type { FunderCriteria } from '@plinth/domain/funder-criteria';
import type { AlertEmailMode } from '@plinth/domain/listing-alerts';
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

/** A funder's alert settings beside their criteria, and when the criteria were last confirmed. */
export const findAlertSettings = (db: Db, userId: string) =>
  db
    .selectFrom('funder_criteria')
    .select(['alert_email', 'time_zone', 'confirmed_at'])
    .where('user_id', '=', userId)
    .executeTakeFirst();

/** Saves alert settings beside saved criteria; undefined when the funder has none. */
export const saveAlertSettings = (
  trx: Db,
  userId: string,
  settings: { alert_email: AlertEmailMode; time_zone: string },
) =>
  trx
    .updateTable('funder_criteria')
    .set({ ...settings, updated_at: sql`now()` })
    .where('user_id', '=', userId)
    .returning(['alert_email', 'time_zone', 'confirmed_at'])
    .executeTakeFirst();

/** Stamps saved criteria as confirmed now; undefined when the funder has none. */
export const confirmCriteria = (trx: Db, userId: string) =>
  trx
    .updateTable('funder_criteria')
    .set({ confirmed_at: sql`now()`, updated_at: sql`now()` })
    .where('user_id', '=', userId)
    .returning(columns)
    .executeTakeFirst();

/** Turns alert e-mails off (the one-click unsubscribe); undefined when the funder has no criteria. */
export const turnAlertEmailsOff = (trx: Db, userId: string) =>
  trx
    .updateTable('funder_criteria')
    .set({ alert_email: 'off', updated_at: sql`now()` })
    .where('user_id', '=', userId)
    .returning(['alert_email'])
    .executeTakeFirst();
