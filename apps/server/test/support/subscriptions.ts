import type { SubscriptionStatus } from '@plinth/domain/roles';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../../src/db/database';
import { as, createUser, type TestUser } from '../helpers';

/** Stripe's test PaymentMethod ids, which the sandbox treats as Stripe test mode does. */
export const VISA = 'pm_card_visa';
export const DECLINED = 'pm_card_chargeDeclined';
export const NEEDS_AUTH = 'pm_card_authenticationRequired';

/**
 * Factory: a funder with a profile, approved unless told otherwise, put straight into a
 * subscription state (the paths that lead there are other tests' business). `periodEnd` defaults
 * to a month ahead for active and cancelled subscriptions.
 */
export async function funderIn(
  app: FastifyInstance,
  status: SubscriptionStatus,
  options: { approved?: boolean; periodEnd?: Date | null; name?: string } = {},
): Promise<TestUser> {
  const funder = await createUser(app, {
    role: 'funder',
    approved: options.approved ?? true,
    profile: 'default',
    name: options.name ?? 'Fiona Funder',
  });
  const isLive = status === 'active' || status === 'cancelled';
  const periodEnd =
    options.periodEnd !== undefined
      ? options.periodEnd
      : isLive
        ? new Date(Date.now() + 30 * 86_400_000)
        : null;
  await app.deps.db
    .updateTable('user')
    .set({
      subscription_status: status,
      subscription_period_end: periodEnd,
      cancel_at_period_end: status === 'cancelled',
    })
    .where('id', '=', funder.id)
    .execute();
  return funder;
}

export const subscribe = (app: FastifyInstance, user: TestUser | null, paymentMethodId: string) =>
  as(app, user, {
    method: 'POST',
    url: '/api/payments/create-subscription',
    payload: { payment_method_id: paymentMethodId },
  });

export const confirmSubscription = (
  app: FastifyInstance,
  user: TestUser,
  started: { subscription_id: string; client_secret: string },
  approve: boolean,
) =>
  as(app, user, {
    method: 'POST',
    url: '/api/payments/sandbox/confirm-subscription',
    payload: { subscription_id: started.subscription_id, client_secret: started.client_secret, approve },
  });

export const cancelSubscription = (app: FastifyInstance, user: TestUser | null) =>
  as(app, user, { method: 'POST', url: '/api/payments/cancel-subscription' });

export const mySubscription = (app: FastifyInstance, user: TestUser | null) =>
  as(app, user, { method: 'GET', url: '/api/payments/subscription' });

/** The user's row as stored, for state assertions. */
export const userRow = (db: Db, id: string) =>
  db
    .selectFrom('user')
    .select(['approved', 'subscription_status', 'subscription_period_end', 'cancel_at_period_end'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

export const subscriptionPayments = (db: Db, userId: string) =>
  db
    .selectFrom('payment')
    .selectAll()
    .where('user_id', '=', userId)
    .where('type', '=', 'subscription')
    .orderBy('created_at')
    .orderBy('id')
    .execute();

/** The audit actions about one user, oldest first. */
export const auditActionsFor = async (db: Db, userId: string) =>
  (
    await db.selectFrom('audit_log').select('action').where('target_id', '=', userId).orderBy('id').execute()
  ).map((a) => a.action);

/** Moves a subscription's period end into the past, as time passing would. */
export async function endPeriod(db: Db, userId: string, ago = '1 minute') {
  await db
    .updateTable('user')
    .set({ subscription_period_end: sql`now() - ${ago}::interval` })
    .where('id', '=', userId)
    .execute();
}
