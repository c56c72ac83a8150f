import { adminPeopleMessages } from '@plinth/domain/admin';
import type { AuditAction } from '@plinth/domain/audit';
import { SUBSCRIPTION_PLAN_NAME } from '@plinth/domain/constants';
import { formatAudCents, formatDate } from '@plinth/domain/format';
import {
  applySubscriptionEvent,
  derivedSubscriptionStatus,
  hasMarketplaceAccess,
  isSubscriptionExpired,
  type SubscriptionActor,
  type SubscriptionEvent,
  type SubscriptionResponse,
  type SubscriptionState,
  subscriptionMessages,
} from '@plinth/domain/subscriptions';
import type { PaymentProvider } from '../../adapters/payments/payment-provider';
import type { Viewer } from '../../auth/guards';
import type { Db } from '../../db/database';
import {
  subscriptionApproved,
  subscriptionDenied,
  subscriptionFailed,
  subscriptionPaymentReceived,
} from '../../emails/templates/subscriptions';
import { AppError, conflict, forbidden, notFound } from '../../errors';
import { type AuditActor, auditedTransaction, recordAudit } from '../audit/audit.service';
import { notify } from '../notifications/notifications.service';
import { readPricing } from '../settings/pricing';
import { readerTimeZone } from '../users/reader-time-zone';
import * as repo from './subscriptions.repository';

/**
 * Funder subscriptions (issue 4 item 1): the state of a funder's subscription and every change to
 * it. A change goes through `transitionSubscription` (the domain machine, the user row and the
 * audit entry, in the caller's transaction); what the funder is told is here too. Talking to the
 * payment provider is the payments module's part, which calls in here.
 */

export type Subscriber = repo.Subscriber;

const subscriptionStateOf = (user: Subscriber): SubscriptionState => ({
  subscription_status: user.subscription_status,
  approved: user.approved,
  subscription_period_end: user.subscription_period_end ? new Date(user.subscription_period_end) : null,
  cancel_at_period_end: user.cancel_at_period_end,
});

const refusalOf = (result: { reason: 'role' | 'state'; message: string }) =>
  result.reason === 'role' ? forbidden(result.message) : new AppError('CONFLICT', result.message);

/**
 * Applies a subscription event to a funder, with its audit entry, in the caller's transaction.
 * 404 for an unknown or deleted user, 409 for someone who is not a funder or a state the machine
 * refuses, 403 for a role it refuses.
 */
export async function transitionSubscription(
  trx: Db,
  options: {
    userId: string;
    event: SubscriptionEvent;
    actor: AuditActor;
    actorRole: SubscriptionActor;
    action: AuditAction;
    reason?: string | null;
    /** Facts worth keeping beside the states (the payment reference, say). */
    detail?: Record<string, unknown>;
  },
) {
  const user = await repo.lockSubscriber(trx, options.userId);
  if (!user || user.deleted_at) throw notFound(adminPeopleMessages.userNotFound);
  if (user.role !== 'funder') throw conflict(adminPeopleMessages.notAFunder);
  const before = subscriptionStateOf(user);
  const result = applySubscriptionEvent(before, options.event, options.actorRole);
  if (!result.ok) throw refusalOf(result);
  await repo.setSubscriptionColumns(trx, user.id, result.next);
  await recordAudit(trx, {
    actor: options.actor,
    action: options.action,
    targetType: 'subscription',
    targetId: user.id,
    reason: options.reason ?? null,
    before,
    after: options.detail ? { ...result.next, ...options.detail } : result.next,
  });
  return { user, before, after: result.next };
}

/** The funder's own subscription, with what the card form needs. */
export async function getSubscription(
  deps: { db: Db; payments: PaymentProvider },
  viewer: Viewer,
): Promise<SubscriptionResponse> {
  const user = await repo.findSubscriber(deps.db, viewer.id);
  if (!user || user.deleted_at) throw notFound(adminPeopleMessages.userNotFound);
  // A subscriber keeps the price they subscribed at (decision 021); anyone else sees today's price.
  const paidCents =
    user.subscription_status === 'none' ? null : await repo.latestSubscriptionAmountCents(deps.db, user.id);
  return {
    plan_name: SUBSCRIPTION_PLAN_NAME,
    amount_cents: paidCents ?? (await readPricing(deps.db)).subscription_price_aud * 100,
    currency: 'AUD',
    provider: deps.payments.name,
    publishable_key: deps.payments.publishableKey,
    approved: user.approved,
    subscription_status: user.subscription_status,
    derived_status: derivedSubscriptionStatus(user),
    subscription_period_end: user.subscription_period_end
      ? new Date(user.subscription_period_end).toISOString()
      : null,
    cancel_at_period_end: user.cancel_at_period_end,
    has_marketplace_access: hasMarketplaceAccess(user),
  };
}

/**
 * The funder, if `event` may be applied to their subscription now (nothing is written): 404 for an
 * unknown user, 409 for someone who is not a funder or a state the machine refuses. For checks
 * that must pass before the payment provider is asked to do anything.
 */
export async function checkSubscriptionEvent(
  db: Db,
  options: { userId: string; event: SubscriptionEvent; actorRole: SubscriptionActor },
): Promise<Subscriber> {
  const user = await repo.findSubscriber(db, options.userId);
  if (!user || user.deleted_at) throw notFound(adminPeopleMessages.userNotFound);
  if (user.role !== 'funder') throw conflict(adminPeopleMessages.notAFunder);
  const result = applySubscriptionEvent(subscriptionStateOf(user), options.event, options.actorRole);
  if (!result.ok) throw refusalOf(result);
  return user;
}

/** The funder, if they may pay for a subscription now: 403 until approved, 409 when already subscribed. */
export async function requireSubscribable(db: Db, userId: string): Promise<Subscriber> {
  const user = await repo.findSubscriber(db, userId);
  if (user && !user.deleted_at && user.role === 'funder' && !user.approved) {
    throw forbidden(subscriptionMessages.notApproved);
  }
  return checkSubscriptionEvent(db, { userId, event: { type: 'payment_succeeded' }, actorRole: 'funder' });
}

/** The funder, if they have a subscription they may cancel (active), else 409. */
export const requireCancellable = (db: Db, userId: string) =>
  checkSubscriptionEvent(db, { userId, event: { type: 'cancel' }, actorRole: 'funder' });

export const findSubscriber = (db: Db, userId: string) => repo.findSubscriber(db, userId);

// --- What the funder is told (in-app notification and, through the outbox, e-mail) ---

interface Recipient {
  id: string;
  name: string;
}

const dashboardLink = (baseUrl: string) => new URL('/dashboard', baseUrl).toString();

/** The first payment went through: the subscription waits for an admin. */
export async function notifySubscriptionPaid(
  trx: Db,
  user: Recipient,
  payment: { amountCents: number; reference: string },
) {
  await notify(trx, {
    userId: user.id,
    type: 'payment_success',
    relatedId: null,
    message: `Payment received for your ${SUBSCRIPTION_PLAN_NAME} subscription. It is now awaiting admin approval.`,
    email: subscriptionPaymentReceived({
      plan: SUBSCRIPTION_PLAN_NAME,
      amount: formatAudCents(payment.amountCents),
      reference: payment.reference,
    }),
  });
}

export async function notifySubscriptionApproved(
  trx: Db,
  baseUrl: string,
  user: Recipient,
  periodEnd: Date | null,
) {
  // In the funder's own zone, as the dashboard shows the period's end (decision 074).
  const until = periodEnd ? ` until ${formatDate(periodEnd, await readerTimeZone(trx, user.id))}` : '';
  await notify(trx, {
    userId: user.id,
    type: 'subscription_approved',
    relatedId: null,
    message: `Your ${SUBSCRIPTION_PLAN_NAME} subscription has been approved. You have full marketplace access${until}.`,
    email: subscriptionApproved({
      plan: SUBSCRIPTION_PLAN_NAME,
      until,
      url: new URL('/projects', baseUrl).toString(),
    }),
  });
}

export async function notifySubscriptionDenied(trx: Db, baseUrl: string, user: Recipient, reason: string) {
  await notify(trx, {
    userId: user.id,
    type: 'subscription_denied',
    relatedId: null,
    message: `Your ${SUBSCRIPTION_PLAN_NAME} subscription was not approved. Reason: ${reason}`,
    email: subscriptionDenied({ plan: SUBSCRIPTION_PLAN_NAME, reason, url: dashboardLink(baseUrl) }),
  });
}

export async function notifySubscriptionFailed(trx: Db, baseUrl: string, user: Recipient) {
  await notify(trx, {
    userId: user.id,
    type: 'subscription_failed',
    relatedId: null,
    message: `The payment for your ${SUBSCRIPTION_PLAN_NAME} subscription could not be confirmed. Please subscribe again from your dashboard.`,
    email: subscriptionFailed({ plan: SUBSCRIPTION_PLAN_NAME, url: dashboardLink(baseUrl) }),
  });
}

/** Changes the funder made themselves, or that time made: in-app only. */
export async function notifySubscriptionChange(trx: Db, user: Recipient, message: string) {
  await notify(trx, { userId: user.id, type: 'system', relatedId: null, message });
}

// --- The expiry job's work ---

/**
 * Funders whose active subscription reached the end of its period by `now` (renewals are due), a
 * page at a time after `after`.
 */
export const findDueRenewals = (
  db: Db,
  options: { now: Date; limit: number; after?: { periodEnd: Date; id: string } },
) => repo.listDueRenewals(db, options);

const expiryActor: AuditActor = { id: null, name: 'Subscription expiry' };
const EXPIRY_BATCH = 100;

/**
 * Ends the subscriptions whose paid period is over: cancelled ones at the end of their period,
 * active ones that were not renewed once `renewalGraceMs` has passed too. Each becomes inactive
 * with its audit entry and an in-app notice, in one transaction per batch. Returns how many ended.
 */
export async function expireSubscriptions(
  deps: { db: Db; renewalGraceMs: number },
  now = new Date(),
): Promise<number> {
  let expired = 0;
  for (const status of ['cancelled', 'active'] as const) {
    const cutoff = new Date(now.getTime() - (status === 'active' ? deps.renewalGraceMs : 0));
    for (;;) {
      const batch = await auditedTransaction(deps.db, async (trx) => {
        const rows = await repo.lockExpiredSubscribers(trx, { status, cutoff, limit: EXPIRY_BATCH });
        let ended = 0;
        for (const { id } of rows) {
          const user = await repo.lockSubscriber(trx, id);
          // Checked again on the locked row: a renewal may have landed since the list was read.
          if (!user || !isSubscriptionExpired(subscriptionStateOf(user), now, deps.renewalGraceMs)) continue;
          await transitionSubscription(trx, {
            userId: id,
            event: { type: 'expire', now },
            actor: expiryActor,
            actorRole: 'system',
            action: 'subscription.expired',
            reason:
              status === 'cancelled'
                ? 'The cancelled subscription reached the end of its paid period'
                : 'The subscription period ended without a renewal',
          });
          await notifySubscriptionChange(
            trx,
            user,
            `Your ${SUBSCRIPTION_PLAN_NAME} subscription has ended. Subscribe again from your dashboard to keep access to the marketplace.`,
          );
          ended++;
        }
        return { ended, full: rows.length === EXPIRY_BATCH };
      });
      expired += batch.ended;
      // A full batch may hide more; one that ended nothing (all renewed meanwhile) must not spin.
      if (!batch.full || batch.ended === 0) break;
    }
  }
  return expired;
}
