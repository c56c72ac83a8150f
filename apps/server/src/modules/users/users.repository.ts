import type { Profile } from '@plinth/domain/onboarding';
import type { SelfServiceRole } from '@plinth/domain/roles';
import { sql } from 'kysely';
import type { Db } from '../../db/database';

/** Repository functions take the database or a transaction first; services own transactions. */

export function findUserWithProfile(db: Db, userId: string) {
  return db
    .selectFrom('user')
    .leftJoin('profile', 'profile.user_id', 'user.id')
    .select([
      'user.id',
      'user.name',
      'user.email',
      'user.email_verified',
      'user.role',
      'user.approved',
      'user.subscription_status',
      'user.subscription_period_end',
      'user.time_zone',
      'user.created_at',
      'profile.user_id as profile_user_id',
      'profile.company_name',
      'profile.company_type',
      'profile.phone',
      'profile.abn',
      'profile.linkedin',
      'profile.bio',
      'profile.investment_focus',
      'profile.typical_deal_size_min',
      'profile.typical_deal_size_max',
      'profile.years_experience',
      'profile.aum',
      'profile.created_at as profile_created_at',
      'profile.updated_at as profile_updated_at',
    ])
    .where('user.id', '=', userId)
    .where('user.deleted_at', 'is', null)
    .executeTakeFirst();
}
export type UserWithProfile = NonNullable<Awaited<ReturnType<typeof findUserWithProfile>>>;

/** Sets the role only if none was chosen yet; returns whether a row changed. */
export async function setRoleIfUnset(db: Db, userId: string, role: SelfServiceRole): Promise<boolean> {
  const result = await db
    .updateTable('user')
    .set({ role, updated_at: sql`now()` })
    .where('id', '=', userId)
    .where('role', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function upsertProfile(db: Db, userId: string, profile: Profile): Promise<void> {
  await db
    .insertInto('profile')
    .values({ user_id: userId, ...profile })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ ...profile, updated_at: sql`now()` }))
    .execute();
}

export async function updateUserName(db: Db, userId: string, name: string): Promise<void> {
  await db.updateTable('user').set({ name, updated_at: sql`now()` }).where('id', '=', userId).execute();
}

export async function updateUserTimeZone(db: Db, userId: string, timeZone: string): Promise<void> {
  await db
    .updateTable('user')
    .set({ time_zone: timeZone, updated_at: sql`now()` })
    .where('id', '=', userId)
    .execute();
}

/** The zone a person reads dates in (decision 074), Sydney for anyone not found. */
export async function findTimeZone(db: Db, userId: string): Promise<string | undefined> {
  const row = await db.selectFrom('user').select('time_zone').where('id', '=', userId).executeTakeFirst();
  return row?.time_zone;
}
