import { activeCriteriaSince } from '@plinth/domain/listing-alerts';
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { candidateFundersQuery } from '../funder-criteria/funder-matches.repository';
import { onMarketplace } from '../projects/market-definition';

/** A listing on the marketplace now, with what it is matched on and what its alert names. */
export const findLiveListing = (db: Db, projectId: string) =>
  db
    .selectFrom('project')
    .select([
      'id',
      'title',
      'property_type',
      'suburb',
      'state',
      'development_stage',
      'loan_amount',
      'land_value',
      'total_project_cost',
      'expected_profit',
      'expected_gdc',
    ])
    .where('id', '=', projectId)
    .where(onMarketplace)
    .executeTakeFirst();

/**
 * Every funder whose alerts are on: the developer's count's candidates (funder-matches.repository)
 * whose criteria were confirmed within the last 30 days (older ones are paused).
 */
export const listAlertedFunders = (db: Db, now: Date) =>
  candidateFundersQuery(db)
    .select(['u.id', 'c.alert_email', 'c.time_zone'])
    .where('c.confirmed_at', '>', activeCriteriaSince(now))
    .execute();

export interface NewAlert {
  funder_id: string;
  reasons: string[];
  email: 'instant' | 'daily' | 'off';
}

/**
 * Records alerts for one listing; a funder alerted about it before is left out (the unique pair),
 * and only the rows written now come back: those, and only those, are told.
 */
export const insertAlerts = (trx: Db, projectId: string, alerts: NewAlert[]) =>
  trx
    .insertInto('listing_alert')
    .values(
      alerts.map((a) => ({
        funder_id: a.funder_id,
        project_id: projectId,
        reasons: JSON.stringify(a.reasons),
        email: a.email,
      })),
    )
    .onConflict((oc) => oc.constraint('listing_alert_once').doNothing())
    .returning(['funder_id', 'email'])
    .execute();

/** In-app notifications for many recipients at once; their ids, by recipient. */
export const insertNotifications = (
  trx: Db,
  rows: { user_id: string; type: string; related_id: string; message: string }[],
) => trx.insertInto('notification').values(rows).returning(['id', 'user_id']).execute();

/** A batch of a listing's alerts still owed their e-mail at once, claimed for this transaction. */
export const claimInstantAlerts = (trx: Db, projectId: string, limit: number) =>
  trx
    .selectFrom('listing_alert as a')
    .innerJoin('user as u', 'u.id', 'a.funder_id')
    .select(['a.id', 'a.funder_id', 'a.reasons', 'u.email as to', 'u.name', 'u.deleted_at'])
    .where('a.project_id', '=', projectId)
    .where('a.email', '=', 'instant')
    .where('a.emailed_at', 'is', null)
    .orderBy('a.id')
    .limit(limit)
    .forUpdate('a')
    .skipLocked()
    .execute();

/** A funder's alerts waiting for their daily digest, with each listing, claimed for this transaction. */
export const claimDigestAlerts = (trx: Db, funderId: string) =>
  trx
    .selectFrom('listing_alert as a')
    .innerJoin('project as p', 'p.id', 'a.project_id')
    .select([
      'a.id',
      'a.reasons',
      'a.created_at',
      'p.id as project_id',
      'p.property_type',
      'p.suburb',
      'p.state',
      'p.loan_amount',
    ])
    .where('a.funder_id', '=', funderId)
    .where('a.email', '=', 'daily')
    .where('a.emailed_at', 'is', null)
    .orderBy('a.created_at')
    .forUpdate('a')
    .skipLocked()
    .execute();

export const markEmailed = (trx: Db, alertIds: string[]) =>
  alertIds.length === 0
    ? Promise.resolve()
    : trx.updateTable('listing_alert').set({ emailed_at: sql`now()` }).where('id', 'in', alertIds).execute();

/** The recipient of a digest, and their current alert settings. */
export const findDigestRecipient = (db: Db, funderId: string) =>
  db
    .selectFrom('user as u')
    .leftJoin('funder_criteria as c', 'c.user_id', 'u.id')
    .select(['u.email', 'u.name', 'u.deleted_at', 'c.alert_email', 'c.time_zone'])
    .where('u.id', '=', funderId)
    .executeTakeFirst();

/** The funder opened a listing's preview: the first time after an alert about it is recorded. */
export const markAlertOpened = (db: Db, funderId: string, projectId: string) =>
  db
    .updateTable('listing_alert')
    .set({ opened_at: sql`now()` })
    .where('funder_id', '=', funderId)
    .where('project_id', '=', projectId)
    .where('opened_at', 'is', null)
    .execute();

/** How many funders a listing's alerts reached, and how many of them opened its preview. */
export const countAlerts = (db: Db, projectId: string) =>
  db
    .selectFrom('listing_alert')
    .select((eb) => [eb.fn.countAll<number>().as('alerted'), eb.fn.count<number>('opened_at').as('opened')])
    .where('project_id', '=', projectId)
    .executeTakeFirstOrThrow();

/** The person a signed link names, if they still have an account. */
export const findUserName = (db: Db, userId: string) =>
  db
    .selectFrom('user')
    .select(['id', 'name'])
    .where('id', '=', userId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
