import { DELETED_USER_NAME, deletedUserEmail } from '@plinth/domain/account';
import { sql } from 'kysely';
import type { Db } from '../../db/database';

/** Reads and writes of a person's own account: their data as a file, and erasing it. */

const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);

export async function readOwnData(db: Db, userId: string) {
  const [account, profile, projects, accessRequests, messages, supportMessages, payments] = await Promise.all(
    [
      db
        .selectFrom('user')
        .select(['id', 'name', 'email', 'role', 'approved', 'subscription_status', 'created_at'])
        .where('id', '=', userId)
        .executeTakeFirstOrThrow(),
      db.selectFrom('profile').selectAll().where('user_id', '=', userId).executeTakeFirst(),
      db
        .selectFrom('project')
        .select([
          'id',
          'title',
          'location',
          'suburb',
          'state',
          'loan_amount',
          'total_project_cost',
          'payment_status',
          'visible',
          'created_at',
        ])
        .where('borrower_id', '=', userId)
        .orderBy('created_at')
        .execute(),
      db
        .selectFrom('access_request as ar')
        .innerJoin('project as p', 'p.id', 'ar.project_id')
        .select(['ar.id', 'p.title as project_title', 'ar.status', 'ar.initial_message', 'ar.requested_at'])
        .where('ar.funder_id', '=', userId)
        .orderBy('ar.requested_at')
        .execute(),
      db
        .selectFrom('message')
        .select(['id', 'access_request_id', 'message', 'sent_at'])
        .where('sender_id', '=', userId)
        .orderBy('sent_at')
        .execute(),
      db
        .selectFrom('admin_message')
        .select(['id', 'message', 'sent_at'])
        .where('sender_id', '=', userId)
        .orderBy('sent_at')
        .execute(),
      db
        .selectFrom('payment')
        .select(['id', 'type', 'amount_cents', 'currency', 'status', 'project_id', 'created_at'])
        .where('user_id', '=', userId)
        .orderBy('created_at')
        .execute(),
    ],
  );
  return {
    account: { ...account, created_at: iso(account.created_at) },
    profile: profile
      ? { ...profile, created_at: iso(profile.created_at), updated_at: iso(profile.updated_at) }
      : null,
    projects: projects.map((p) => ({ ...p, created_at: iso(p.created_at) })),
    access_requests: accessRequests.map((r) => ({ ...r, requested_at: iso(r.requested_at) })),
    messages: [
      ...messages.map((m) => ({
        id: m.id,
        conversation: `access request ${m.access_request_id}`,
        message: m.message,
        sent_at: iso(m.sent_at),
      })),
      ...supportMessages.map((m) => ({
        id: m.id,
        conversation: 'Plinth Support',
        message: m.message,
        sent_at: iso(m.sent_at),
      })),
    ],
    payments: payments.map((p) => ({
      ...p,
      amount: p.amount_cents / 100,
      created_at: iso(p.created_at),
    })),
  };
}

/** Access requests still in progress: the ones a departing person's counterpart is waiting on. */
const openAccessStatuses = ['pending', 'approved', 'due_diligence', 'term_sheet'] as const;

export function findOpenConversations(trx: Db, userId: string) {
  return trx
    .selectFrom('access_request as ar')
    .innerJoin('project as p', 'p.id', 'ar.project_id')
    .leftJoin('deal as d', 'd.access_request_id', 'ar.id')
    .select(['ar.id', 'ar.funder_id', 'p.borrower_id', 'd.id as deal_id', 'd.status as deal_status'])
    .where((eb) => eb.or([eb('ar.funder_id', '=', userId), eb('p.borrower_id', '=', userId)]))
    .where('ar.status', 'in', openAccessStatuses)
    .execute();
}

export async function closeAccessRequests(trx: Db, ids: readonly string[]) {
  if (ids.length === 0) return;
  await trx
    .updateTable('access_request')
    .set({ status: 'closed', updated_at: sql`now()` })
    .where('id', 'in', ids)
    .execute();
}

export async function insertSystemMessage(trx: Db, accessRequestId: string, text: string) {
  await trx
    .insertInto('message')
    .values({ access_request_id: accessRequestId, sender_id: null, message: text, message_type: 'system' })
    .execute();
}

/** Takes every listing of the person off the market; payments and deal history stay with the rows. */
export async function withdrawListings(trx: Db, userId: string): Promise<string[]> {
  const rows = await trx
    .updateTable('project')
    .set({ visible: false, updated_at: sql`now()` })
    .where('borrower_id', '=', userId)
    .where('visible', '=', true)
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}

/**
 * Erases what identifies the person and what lets them sign in. The user row stays (payments,
 * deals, conversations and the audit log refer to it) under a name and address that say nothing.
 */
export async function eraseIdentity(trx: Db, userId: string, email: string) {
  await trx.deleteFrom('session').where('user_id', '=', userId).execute();
  await trx.deleteFrom('account').where('user_id', '=', userId).execute();
  await trx
    .deleteFrom('verification')
    .where((eb) => eb.or([eb('identifier', '=', email), eb('identifier', 'like', `%${userId}%`)]))
    .execute();
  await trx.deleteFrom('profile').where('user_id', '=', userId).execute();
  await trx.deleteFrom('notification_preferences').where('user_id', '=', userId).execute();
  await trx.deleteFrom('notification').where('user_id', '=', userId).execute();
  await trx
    .deleteFrom('contact_share')
    .where((eb) => eb.or([eb('user_id', '=', userId), eb('target_user_id', '=', userId)]))
    .execute();
  await trx.deleteFrom('ai_session').where('user_id', '=', userId).execute();
  // E-mails queued or sent to the person carry their address and name.
  await trx.deleteFrom('outbox').where(sql<boolean>`payload->>'to' = ${email}`).execute();
  await trx
    .updateTable('user')
    .set({
      name: DELETED_USER_NAME,
      email: deletedUserEmail(userId),
      email_verified: false,
      image: null,
      approved: false,
      deleted_at: sql`now()`,
      updated_at: sql`now()`,
    })
    .where('id', '=', userId)
    .execute();
}
