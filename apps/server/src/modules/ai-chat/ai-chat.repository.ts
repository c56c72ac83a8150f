import type { Kysely } from 'kysely';
import type { Db } from '../../db/database';
import type { AiSessionTable, Database } from '../../db/types';

/** BrokerAI sessions and messages (tables ai_session and ai_message). */

/** ai_session with the facility a chat may be bound to (decision 069), typed here. */
type ChatDatabase = Omit<Database, 'ai_session'> & {
  ai_session: AiSessionTable & { facility_id: string | null };
};
const chatDb = (db: Db) => db as unknown as Kysely<ChatDatabase>;

const sessionColumns = ['id', 'user_id', 'project_id', 'facility_id', 'session_title', 'created_at'] as const;

export const insertSession = (
  db: Db,
  values: { userId: string; projectId: string | null; facilityId?: string | null; title: string | null },
) =>
  chatDb(db)
    .insertInto('ai_session')
    .values({
      user_id: values.userId,
      project_id: values.projectId,
      facility_id: values.facilityId ?? null,
      session_title: values.title,
    })
    .returning(sessionColumns)
    .executeTakeFirstOrThrow();

/**
 * The caller's own sessions, newest first (`limit` of them, or all), each with whether any of its
 * messages came from a project's whole file.
 */
export const listSessions = (db: Db, userId: string, limit?: number) => {
  const query = chatDb(db)
    .selectFrom('ai_session as s')
    .select(['s.id', 's.user_id', 's.project_id', 's.facility_id', 's.session_title', 's.created_at'])
    .select((eb) =>
      eb
        .exists(
          eb
            .selectFrom('ai_message as m')
            .select('m.id')
            .whereRef('m.session_id', '=', 's.id')
            .where('m.from_full_file', '=', true),
        )
        .as('has_full_file'),
    )
    .where('s.user_id', '=', userId)
    .orderBy('s.created_at', 'desc')
    .orderBy('s.id', 'desc');
  return (limit === undefined ? query : query.limit(limit)).execute();
};
export type ListedSessionRow = Awaited<ReturnType<typeof listSessions>>[number];

/** A session only when it is the caller's: anyone else's reads as missing. */
export const findOwnSession = (db: Db, userId: string, sessionId: string) =>
  chatDb(db)
    .selectFrom('ai_session')
    .select(sessionColumns)
    .where('id', '=', sessionId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
export type SessionRow = NonNullable<Awaited<ReturnType<typeof findOwnSession>>>;

export const setSessionTitle = (db: Db, sessionId: string, title: string) =>
  db.updateTable('ai_session').set({ session_title: title }).where('id', '=', sessionId).execute();

const messageColumns = ['id', 'sender', 'message', 'from_full_file', 'created_at'] as const;

/** A session's messages, oldest first (the latest `limit` of them, or all). */
export async function listMessages(db: Db, sessionId: string, limit?: number) {
  const query = db
    .selectFrom('ai_message')
    .select(messageColumns)
    .where('session_id', '=', sessionId)
    .orderBy('created_at', 'desc')
    // Within one instant the reply ('ai') is newer than the question ('user').
    .orderBy('sender', 'asc')
    .orderBy('id', 'desc');
  const newestFirst = await (limit === undefined ? query : query.limit(limit)).execute();
  return newestFirst.reverse();
}
export type MessageRow = Awaited<ReturnType<typeof listMessages>>[number];

/**
 * Stores a message; `fromFullFile` when it was asked or answered while the asker could read the
 * session's project whole (it may carry the file's figures: decision 047).
 */
export const insertMessage = (
  db: Db,
  values: { sessionId: string; sender: 'user' | 'ai'; message: string; fromFullFile: boolean },
) =>
  db
    .insertInto('ai_message')
    .values({
      session_id: values.sessionId,
      sender: values.sender,
      message: values.message,
      from_full_file: values.fromFullFile,
    })
    .returning(messageColumns)
    .executeTakeFirstOrThrow();

/**
 * What a withheld chat says of its project: the preview words' fields, and the user's access request
 * on it that was revoked or lapsed (none when access was never granted or is out of reach otherwise).
 */
export const findAccessEnd = (db: Db, userId: string, projectId: string) =>
  db
    .selectFrom('project as p')
    .leftJoin('access_request as ar', (join) =>
      join
        .onRef('ar.project_id', '=', 'p.id')
        .on('ar.funder_id', '=', userId)
        .on('ar.status', '=', 'revoked'),
    )
    .select(['p.property_type', 'p.suburb', 'ar.revoked_at', 'ar.access_until'])
    .where('p.id', '=', projectId)
    // A revoked request keeps the funder's one open request on the project: there is one at most.
    .limit(1)
    .executeTakeFirst();

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
