import type { NotificationPreferenceFlag } from '@plinth/domain/notifications';
import type { Db } from '../../db/database';

export const insertNotification = (
  trx: Db,
  values: { userId: string; type: string; relatedId: string | null; message: string },
) =>
  trx
    .insertInto('notification')
    .values({
      user_id: values.userId,
      type: values.type,
      related_id: values.relatedId,
      message: values.message,
    })
    .returning('id')
    .executeTakeFirstOrThrow();

/** The newest notifications of one user (the partial index on user and time serves it). */
export const listLatestNotifications = (db: Db, userId: string, limit: number) =>
  db
    .selectFrom('notification')
    .select(['id', 'type', 'related_id', 'message', 'read', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();

export async function countUnreadNotifications(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('notification')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('user_id', '=', userId)
    .where('read', '=', false)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Marks one of the user's own notifications read; undefined when it is not theirs (or not there). */
export const markNotificationRead = (db: Db, userId: string, id: string) =>
  db
    .updateTable('notification')
    .set({ read: true })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .returning('id')
    .executeTakeFirst();

export async function markAllNotificationsRead(db: Db, userId: string): Promise<number> {
  const result = await db
    .updateTable('notification')
    .set({ read: true })
    .where('user_id', '=', userId)
    .where('read', '=', false)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export const findNotificationPreferences = (db: Db, userId: string) =>
  db.selectFrom('notification_preferences').selectAll().where('user_id', '=', userId).executeTakeFirst();

/** Inserts the row with the column defaults for anything not given, or updates the flags given. */
export async function upsertNotificationPreferences(
  db: Db,
  userId: string,
  changes: Partial<Record<NotificationPreferenceFlag, boolean>>,
) {
  const now = new Date();
  return db
    .insertInto('notification_preferences')
    .values({ user_id: userId, ...changes, updated_at: now })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ ...changes, updated_at: now }))
    .returningAll()
    .executeTakeFirstOrThrow();
}
