import { sql } from 'kysely';
import type { Db } from '../../db/database';

export interface PageOptions {
  limit: number;
  /** Only messages sent before this time (the older page of a conversation). */
  before?: string;
}

// --- Access-request conversations ---

/** The request a conversation belongs to, with the two parties. */
const selectConversation = (db: Db) =>
  db
    .selectFrom('access_request as ar')
    .innerJoin('project as p', 'p.id', 'ar.project_id')
    .select(['ar.id', 'ar.status', 'ar.funder_id', 'p.borrower_id', 'p.title as project_title']);

export const findConversation = (db: Db, accessRequestId: string) =>
  selectConversation(db).where('ar.id', '=', accessRequestId).executeTakeFirst();
export type ConversationRow = NonNullable<Awaited<ReturnType<typeof findConversation>>>;

/** The same, with the request row share-locked: a decline committing meanwhile waits for the message. */
export const lockConversation = (trx: Db, accessRequestId: string) =>
  selectConversation(trx).where('ar.id', '=', accessRequestId).forShare('ar').executeTakeFirst();

const selectMessages = (db: Db) =>
  db
    .selectFrom('message as m')
    .leftJoin('user as u', 'u.id', 'm.sender_id')
    .select([
      'm.id',
      'm.access_request_id',
      'm.sender_id',
      'u.name as sender_name',
      'u.role as sender_user_role',
      'm.message',
      'm.message_type',
      'm.sent_at',
      'm.read_at',
    ]);
export type MessageRow = NonNullable<
  Awaited<ReturnType<ReturnType<typeof selectMessages>['executeTakeFirst']>>
>;

/** The latest `limit` messages (before a time, if given), newest first; one more tells if there are older ones. */
export const listConversationMessages = (db: Db, accessRequestId: string, page: PageOptions) =>
  selectMessages(db)
    .where('m.access_request_id', '=', accessRequestId)
    .$if(page.before !== undefined, (q) => q.where('m.sent_at', '<', new Date(page.before!)))
    .orderBy('m.sent_at', 'desc')
    .orderBy('m.id', 'desc')
    .limit(page.limit + 1)
    .execute();

export const findMessage = (db: Db, id: string) =>
  selectMessages(db).where('m.id', '=', id).executeTakeFirst();

export const insertMessage = (
  trx: Db,
  values: { accessRequestId: string; senderId: string; message: string },
) =>
  trx
    .insertInto('message')
    .values({
      access_request_id: values.accessRequestId,
      sender_id: values.senderId,
      message: values.message,
    })
    .returning(['id', 'sent_at'])
    .executeTakeFirstOrThrow();

/** When this sender last wrote in this conversation (for the e-mail rate rule). */
export async function lastMessageTimeOf(
  trx: Db,
  accessRequestId: string,
  senderId: string,
): Promise<Date | null> {
  const row = await trx
    .selectFrom('message')
    .select((eb) => eb.fn.max('sent_at').as('sent_at'))
    .where('access_request_id', '=', accessRequestId)
    .where('sender_id', '=', senderId)
    .executeTakeFirst();
  return row?.sent_at ? new Date(row.sent_at) : null;
}

/** A message with the parties of its conversation, to decide who may mark it read. */
export const findMessageWithParties = (db: Db, id: string) =>
  db
    .selectFrom('message as m')
    .innerJoin('access_request as ar', 'ar.id', 'm.access_request_id')
    .innerJoin('project as p', 'p.id', 'ar.project_id')
    .select(['m.id', 'm.sender_id', 'ar.funder_id', 'ar.status', 'p.borrower_id'])
    .where('m.id', '=', id)
    .executeTakeFirst();

export const markMessageRead = (db: Db, id: string) =>
  db.updateTable('message').set({ read_at: sql`coalesce(read_at, now())` }).where('id', '=', id).execute();

/** Marks read everything in a conversation that `readerId` did not send. */
export async function markConversationRead(
  db: Db,
  accessRequestId: string,
  readerId: string,
): Promise<number> {
  const result = await db
    .updateTable('message')
    .set({ read_at: sql`now()` })
    .where('access_request_id', '=', accessRequestId)
    .where('read_at', 'is', null)
    .where((eb) => eb.or([eb('sender_id', 'is', null), eb('sender_id', '!=', readerId)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Unread messages addressed to `userId` across the conversations they are a party to. */
export async function countUnreadInConversations(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('message as m')
    .innerJoin('access_request as ar', 'ar.id', 'm.access_request_id')
    .innerJoin('project as p', 'p.id', 'ar.project_id')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where((eb) => eb.or([eb('ar.funder_id', '=', userId), eb('p.borrower_id', '=', userId)]))
    .where('m.read_at', 'is', null)
    .where((eb) => eb.or([eb('m.sender_id', 'is', null), eb('m.sender_id', '!=', userId)]))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The newest message of each conversation named. */
export const lastMessagesOf = (db: Db, accessRequestIds: readonly string[]) =>
  db
    .selectFrom('message')
    .distinctOn('access_request_id')
    .select(['access_request_id', 'message', 'sent_at'])
    .where('access_request_id', 'in', accessRequestIds)
    .orderBy('access_request_id')
    .orderBy('sent_at', 'desc')
    .orderBy('id', 'desc')
    .execute();

/** Per conversation named, how many messages `readerId` has not read. */
export const unreadCountsOf = (db: Db, accessRequestIds: readonly string[], readerId: string) =>
  db
    .selectFrom('message')
    .select((eb) => ['access_request_id', eb.fn.countAll<number>().as('count')])
    .where('access_request_id', 'in', accessRequestIds)
    .where('read_at', 'is', null)
    .where((eb) => eb.or([eb('sender_id', 'is', null), eb('sender_id', '!=', readerId)]))
    .groupBy('access_request_id')
    .execute();

// --- Each user's thread with the admins ---

export type ThreadSide = 'admin' | 'user';

/** Messages written by the given side of a thread. */
const bySide = (side: ThreadSide) => (side === 'admin' ? ('=' as const) : ('!=' as const));

export const findThreadUser = (db: Db, userId: string) =>
  db
    .selectFrom('user')
    .select(['id', 'name', 'email', 'role'])
    .where('id', '=', userId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();

export const listAdminIds = async (db: Db) =>
  (
    await db
      .selectFrom('user')
      .select('id')
      .where('role', '=', 'admin')
      .where('deleted_at', 'is', null)
      .execute()
  ).map((row) => row.id);

const selectAdminMessages = (db: Db) =>
  db
    .selectFrom('admin_message as am')
    .leftJoin('user as u', 'u.id', 'am.sender_id')
    .select([
      'am.id',
      'am.user_id',
      'am.sender_id',
      'am.sender_role',
      'u.name as sender_name',
      'am.message',
      'am.sent_at',
      'am.read_at',
    ]);
export type AdminMessageRow = NonNullable<
  Awaited<ReturnType<ReturnType<typeof selectAdminMessages>['executeTakeFirst']>>
>;

export const listAdminThread = (db: Db, userId: string, page: PageOptions) =>
  selectAdminMessages(db)
    .where('am.user_id', '=', userId)
    .$if(page.before !== undefined, (q) => q.where('am.sent_at', '<', new Date(page.before!)))
    .orderBy('am.sent_at', 'desc')
    .orderBy('am.id', 'desc')
    .limit(page.limit + 1)
    .execute();

export const findAdminMessage = (db: Db, id: string) =>
  selectAdminMessages(db).where('am.id', '=', id).executeTakeFirst();

export const insertAdminMessage = (
  trx: Db,
  values: { userId: string; senderId: string; senderRole: 'admin' | 'borrower' | 'funder'; message: string },
) =>
  trx
    .insertInto('admin_message')
    .values({
      user_id: values.userId,
      sender_id: values.senderId,
      sender_role: values.senderRole,
      message: values.message,
    })
    .returning(['id', 'sent_at'])
    .executeTakeFirstOrThrow();

/** When the given side last wrote in a user's thread (for the e-mail rate rule). */
export async function lastThreadMessageTime(trx: Db, userId: string, side: ThreadSide): Promise<Date | null> {
  const row = await trx
    .selectFrom('admin_message')
    .select((eb) => eb.fn.max('sent_at').as('sent_at'))
    .where('user_id', '=', userId)
    .where('sender_role', bySide(side), 'admin')
    .executeTakeFirst();
  return row?.sent_at ? new Date(row.sent_at) : null;
}

/** Marks read what the other side wrote in a user's thread. */
export async function markThreadRead(db: Db, userId: string, reader: ThreadSide): Promise<number> {
  const writer: ThreadSide = reader === 'admin' ? 'user' : 'admin';
  const result = await db
    .updateTable('admin_message')
    .set({ read_at: sql`now()` })
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .where('sender_role', bySide(writer), 'admin')
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export const markAdminMessageRead = (db: Db, id: string) =>
  db
    .updateTable('admin_message')
    .set({ read_at: sql`coalesce(read_at, now())` })
    .where('id', '=', id)
    .execute();

/** Unread messages written by `writer`: to one user (writer admin) or to the admins (writer user). */
export async function countUnreadInThreads(db: Db, options: { writer: ThreadSide; userId?: string }) {
  const row = await db
    .selectFrom('admin_message')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('read_at', 'is', null)
    .where('sender_role', bySide(options.writer), 'admin')
    .$if(options.userId !== undefined, (q) => q.where('user_id', '=', options.userId!))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The admins' list of threads, most recently active first, with what no admin has read yet. */
export async function listAdminConversations(db: Db, options: { page: number; limit: number }) {
  const latest = db
    .selectFrom('admin_message')
    .distinctOn('user_id')
    .select(['user_id', 'message', 'sent_at'])
    .orderBy('user_id')
    .orderBy('sent_at', 'desc')
    .orderBy('id', 'desc')
    .as('latest');
  const [rows, total] = await Promise.all([
    db
      .selectFrom(latest)
      .innerJoin('user as u', 'u.id', 'latest.user_id')
      .select((eb) => [
        'u.id as user_id',
        'u.name as user_name',
        'u.email as user_email',
        'u.role as user_role',
        'latest.message as last_message',
        'latest.sent_at as last_message_time',
        eb
          .selectFrom('admin_message as unread')
          .select(eb.fn.countAll<number>().as('count'))
          .whereRef('unread.user_id', '=', 'latest.user_id')
          .where('unread.sender_role', '!=', 'admin')
          .where('unread.read_at', 'is', null)
          .as('unread_count'),
      ])
      .orderBy('latest.sent_at', 'desc')
      .orderBy('u.id')
      .limit(options.limit)
      .offset((options.page - 1) * options.limit)
      .execute(),
    db
      .selectFrom('admin_message')
      .select((eb) => eb.fn.count<number>('user_id').distinct().as('count'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.count) };
}
