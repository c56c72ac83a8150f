import type { adminUsersQuery } from '@plinth/domain/admin';
import { subscribableStatuses } from '@plinth/domain/subscriptions';
import { type ExpressionBuilder, sql } from 'kysely';
import type { z } from 'zod';
import type { Db } from '../../db/database';
import type { Database } from '../../db/types';

type UsersQuery = z.output<typeof adminUsersQuery>;

/** The columns of the Users, Subscriptions and Funders tabs: the user and their company. */
export function selectAdminUsers(db: Db) {
  return db
    .selectFrom('user')
    .leftJoin('profile', 'profile.user_id', 'user.id')
    .where('user.deleted_at', 'is', null)
    .select([
      'user.id',
      'user.name',
      'user.email',
      'user.role',
      'user.approved',
      'user.subscription_status',
      'user.subscription_period_end',
      'user.cancel_at_period_end',
      'user.created_at',
      'profile.company_name',
      'profile.company_type',
    ]);
}
export type AdminUserRow = NonNullable<
  Awaited<ReturnType<ReturnType<typeof selectAdminUsers>['executeTakeFirst']>>
>;

export const findAdminUser = (db: Db, id: string) =>
  selectAdminUsers(db).where('user.id', '=', id).executeTakeFirst();

type UserScope = ExpressionBuilder<Database, 'user'>;

/** God Mode's pending funders: not approved, or a subscription that is pending or not live. */
const isPendingFunder = (eb: UserScope) =>
  eb.and([
    eb('user.role', '=', 'funder'),
    eb.or([
      eb('user.approved', '=', false),
      eb('user.subscription_status', 'in', ['payment_pending', ...subscribableStatuses]),
    ]),
  ]);

/**
 * Waiting for an admin's approval: only a funder's approval gates anything (the marketplace); a
 * developer, surveyor or admin works without it (issue 37 item 14), so they never wait for it.
 */
const awaitsApproval = (eb: UserScope) =>
  eb.and([eb('user.role', '=', 'funder'), eb('user.approved', '=', false)]);

const isPendingSubscription = (eb: UserScope) =>
  eb.and([eb('user.role', '=', 'funder'), eb('user.subscription_status', '=', 'payment_pending')]);

/** One page of people (newest first) for a role and filter, how many match, and the tab badges. */
export async function listAdminUsers(db: Db, query: UsersQuery) {
  const { role, filter, page, limit } = query;
  const matching = (eb: UserScope) => {
    const conditions = [eb('user.deleted_at', 'is', null)];
    if (role) conditions.push(eb('user.role', '=', role));
    if (filter === 'unapproved') conditions.push(awaitsApproval(eb));
    if (filter === 'subscription_pending') conditions.push(isPendingSubscription(eb));
    if (filter === 'pending_funders') conditions.push(isPendingFunder(eb));
    return eb.and(conditions);
  };
  const [rows, total, counts] = await Promise.all([
    selectAdminUsers(db)
      .where(matching)
      .orderBy('user.created_at', 'desc')
      .orderBy('user.id')
      .limit(limit)
      .offset((page - 1) * limit)
      .execute(),
    db
      .selectFrom('user')
      .where(matching)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('user')
      .where('user.deleted_at', 'is', null)
      .select((eb) => [
        eb.fn.countAll<number>().as('users'),
        eb.fn.count<number>('user.id').filterWhere(awaitsApproval).as('unapproved'),
        eb.fn.count<number>('user.id').filterWhere('user.role', '=', 'funder').as('funders'),
        eb.fn.count<number>('user.id').filterWhere(isPendingSubscription).as('pending_subscriptions'),
        eb.fn.count<number>('user.id').filterWhere(isPendingFunder).as('pending_funders'),
      ])
      .executeTakeFirstOrThrow(),
  ]);
  return {
    rows,
    total: Number(total.n),
    counts: {
      users: Number(counts.users),
      unapproved: Number(counts.unapproved),
      funders: Number(counts.funders),
      pending_subscriptions: Number(counts.pending_subscriptions),
      pending_funders: Number(counts.pending_funders),
    },
  };
}

/** The user an approval is about, locked until the transaction ends. */
export const lockUser = (trx: Db, id: string) =>
  trx
    .selectFrom('user')
    .select(['id', 'name', 'email', 'role', 'approved', 'deleted_at'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();

export async function setApproved(trx: Db, id: string): Promise<void> {
  await trx
    .updateTable('user')
    .set({ approved: true, updated_at: sql`now()` })
    .where('id', '=', id)
    .execute();
}
