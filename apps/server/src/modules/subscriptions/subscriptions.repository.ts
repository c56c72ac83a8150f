import { sql } from 'kysely';
import type { Db } from '../../db/database';

/** A user's subscription columns, locked until the transaction ends: every change starts here. */
export const lockSubscriber = (trx: Db, userId: string) =>
  trx
    .selectFrom('user')
    .select([
      'id',
      'name',
      'email',
      'role',
      'approved',
      'subscription_status',
      'subscription_period_end',
      'cancel_at_period_end',
      'deleted_at',
    ])
    .where('id', '=', userId)
    .forUpdate()
    .executeTakeFirst();
export type Subscriber = NonNullable<Awaited<ReturnType<typeof lockSubscriber>>>;

export const findSubscriber = (db: Db, userId: string) =>
  db
    .selectFrom('user')
    .select([
      'id',
      'name',
      'email',
      'role',
      'approved',
      'subscription_status',
      'subscription_period_end',
      'cancel_at_period_end',
      'deleted_at',
    ])
    .where('id', '=', userId)
    .executeTakeFirst();

export async function setSubscriptionColumns(
  trx: Db,
  userId: string,
  values: {
    subscription_status: Subscriber['subscription_status'];
    approved: boolean;
    subscription_period_end: Date | null;
    cancel_at_period_end: boolean;
  },
): Promise<void> {
  await trx
    .updateTable('user')
    .set({ ...values, updated_at: sql`now()` })
    .where('id', '=', userId)
    .execute();
}

/**
 * Subscriptions the expiry job may end: active or cancelled with a period that ended before
 * `cutoff`. Locked with SKIP LOCKED, so several server processes never expire one twice.
 */
export const lockExpiredSubscribers = (
  trx: Db,
  options: { status: 'active' | 'cancelled'; cutoff: Date; limit: number },
) =>
  trx
    .selectFrom('user')
    .select('id')
    .where('subscription_status', '=', options.status)
    .where('subscription_period_end', '<=', options.cutoff)
    .where('role', '=', 'funder')
    .where('deleted_at', 'is', null)
    .orderBy('subscription_period_end')
    .limit(options.limit)
    .forUpdate()
    .skipLocked()
    .execute();

/**
 * Active subscriptions whose period has ended by `now`: due for a renewal (the sandbox's job), in
 * (period end, id) order after `after`, so a caller can page through all of them.
 */
export const listDueRenewals = (
  db: Db,
  options: { now: Date; limit: number; after?: { periodEnd: Date; id: string } },
) =>
  db
    .selectFrom('user')
    .select(['id', 'subscription_period_end'])
    .where('subscription_status', '=', 'active')
    .where('subscription_period_end', '<=', options.now)
    .where('role', '=', 'funder')
    .where('deleted_at', 'is', null)
    .$if(options.after !== undefined, (q) =>
      q.where(
        sql<boolean>`(subscription_period_end, id) > (${options.after!.periodEnd}, ${options.after!.id})`,
      ),
    )
    .orderBy('subscription_period_end')
    .orderBy('id')
    .limit(options.limit)
    .execute();

/** What the funder last paid for their subscription (the price they subscribed at), if anything. */
export async function latestSubscriptionAmountCents(db: Db, userId: string): Promise<number | null> {
  const row = await db
    .selectFrom('payment')
    .select('amount_cents')
    .where('user_id', '=', userId)
    .where('type', '=', 'subscription')
    .where('status', '=', 'completed')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? Number(row.amount_cents) : null;
}
