import type { Db } from '../../db/database';

/** BrokerAI sessions and messages (tables ai_session and ai_message). */

const sessionColumns = ['id', 'user_id', 'project_id', 'session_title', 'created_at'] as const;

export const insertSession = (
  db: Db,
  values: { userId: string; projectId: string | null; title: string | null },
) =>
  db
    .insertInto('ai_session')
    .values({ user_id: values.userId, project_id: values.projectId, session_title: values.title })
    .returning(sessionColumns)
    .executeTakeFirstOrThrow();

/** The caller's own sessions, newest first. */
export const listSessions = (db: Db, userId: string, limit: number) =>
  db
    .selectFrom('ai_session')
    .select(sessionColumns)
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();

/** A session only when it is the caller's: anyone else's reads as missing. */
export const findOwnSession = (db: Db, userId: string, sessionId: string) =>
  db
    .selectFrom('ai_session')
    .select(sessionColumns)
    .where('id', '=', sessionId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
export type SessionRow = NonNullable<Awaited<ReturnType<typeof findOwnSession>>>;

export const setSessionTitle = (db: Db, sessionId: string, title: string) =>
  db.updateTable('ai_session').set({ session_title: title }).where('id', '=', sessionId).execute();

const messageColumns = ['id', 'sender', 'message', 'created_at'] as const;

/** A session's messages, oldest first (the latest `limit` of them). */
export async function listMessages(db: Db, sessionId: string, limit: number) {
  const newestFirst = await db
    .selectFrom('ai_message')
    .select(messageColumns)
    .where('session_id', '=', sessionId)
    .orderBy('created_at', 'desc')
    // Within one instant the reply ('ai') is newer than the question ('user').
    .orderBy('sender', 'asc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return newestFirst.reverse();
}

export const insertMessage = (db: Db, sessionId: string, sender: 'user' | 'ai', message: string) =>
  db
    .insertInto('ai_message')
    .values({ session_id: sessionId, sender, message })
    .returning(messageColumns)
    .executeTakeFirstOrThrow();

/** Listings on the marketplace of a property type, but one project, as comparables (preview columns only). */
export const listComparableCandidates = (
  db: Db,
  options: { propertyType: string; excludeId: string; limit: number },
) =>
  db
    .selectFrom('project')
    .select([
      'suburb',
      'state',
      'property_type',
      'development_stage',
      'loan_amount',
      'project_size_sqm',
      'latitude',
      'longitude',
    ])
    .where('payment_status', '=', 'paid')
    .where('visible', '=', true)
    .where('property_type', '=', options.propertyType as 'Residential')
    .where('id', '!=', options.excludeId)
    .orderBy('created_at', 'desc')
    .limit(options.limit)
    .execute();
