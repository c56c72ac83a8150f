import { SUBSCRIPTION_PLAN_NAME } from '@plinth/domain/constants';
import { formatDate } from '@plinth/domain/format';
import { paymentMessages } from '@plinth/domain/payments';
import {
  type CancelSubscriptionResponse,
  type CreateSubscriptionResponse,
  oneMonthAfter,
  type sandboxConfirmSubscriptionBody,
  subscriptionMessages,
} from '@plinth/domain/subscriptions';
import type { z } from 'zod';
import {
  type PaymentEvent,
  PaymentMethodError,
  type PaymentProvider,
  type SubscriptionInfo,
} from '../../adapters/payments/payment-provider';
import { isSandboxProvider, type SandboxPaymentProvider } from '../../adapters/payments/sandbox-provider';
import type { Viewer } from '../../auth/guards';
import { AppError, conflict, notFound } from '../../errors';
import { readPricing } from '../settings/pricing';
import {
  findDueRenewals,
  findSubscriber,
  notifySubscriptionChange,
  requireCancellable,
  requireSubscribable,
  transitionSubscription,
} from '../subscriptions/subscriptions.service';
import { readerTimeZone } from '../users/reader-time-zone';
import { handlePaymentEvent } from './payment-events';
import * as repo from './payments.repository';
import type { PaymentsDeps } from './payments.types';

/** Funder subscriptions (issue 4 item 1), the provider's side: subscribing, confirming, cancelling and the sandbox's renewals. Every payment outcome goes through `handlePaymentEvent`; the funder's state lives in the subscriptions module. */

const subscriptionKey = (userId: string, attempt: number) => `subscription-${userId}-${attempt}`;

/**
 * Subscribes the funder with a card's payment method id (spec 001 sections 2.4, 4.3): success once
 * the first payment is taken (the subscription then awaits an admin: payment_pending),
 * requires_action with the client secret to confirm the card on the client, 400 with the
 * provider's message when the card is refused. 403 until the account is approved; 409 when the
 * funder already has a subscription.
 */
export async function createSubscription(
  deps: PaymentsDeps,
  options: { viewer: Viewer; paymentMethodId: string },
): Promise<CreateSubscriptionResponse> {
  const { viewer } = options;
  const funder = await requireSubscribable(deps.db, viewer.id);
  const provider = deps.payments;
  // Keys are per funder and attempt: a double click reuses the attempt, a new card after a
  // decline makes a new one.
  const attempt = (await repo.countSubscriptionPayments(deps.db, viewer.id, provider.name)) + 1;
  const idempotencyKey = subscriptionKey(viewer.id, attempt);
  const { subscription_price_aud } = await readPricing(deps.db);
  let subscription: SubscriptionInfo;
  try {
    subscription = await provider.createSubscription({
      paymentMethodId: options.paymentMethodId,
      amountCents: subscription_price_aud * 100,
      idempotencyKey,
      customer: { email: funder.email, name: funder.name },
      metadata: { user_id: viewer.id, type: 'subscription' },
      description: `Plinth ${SUBSCRIPTION_PLAN_NAME}: ${funder.email}`,
    });
  } catch (error) {
    if (error instanceof PaymentMethodError) throw new AppError('BAD_REQUEST', error.message);
    throw error;
  }
  await repo.insertSubscriptionPaymentIfAbsent(deps.db, {
    provider: provider.name,
    reference: subscription.id,
    idempotencyKey,
    amountCents: subscription.amountCents,
    userId: viewer.id,
  });

  // The sandbox charged the test card just now: its invoice event is handled like Stripe's
  // webhook. With Stripe a subscription already paid (a retried request) is applied now rather
  // than waiting for the webhook; otherwise the webhook brings the outcome.
  const event = isSandboxProvider(provider)
    ? provider.subscriptionEvent(subscription)
    : subscription.payment.status === 'succeeded'
      ? reconciledInvoicePaid(provider.name, subscription)
      : null;
  if (event) await handlePaymentEvent(deps, event);
  return subscriptionAnswer(deps, viewer, subscription);
}

async function subscriptionAnswer(
  deps: PaymentsDeps,
  viewer: Viewer,
  subscription: SubscriptionInfo,
): Promise<CreateSubscriptionResponse> {
  switch (subscription.payment.status) {
    case 'succeeded': {
      const user = await findSubscriber(deps.db, viewer.id);
      return {
        status: 'success',
        subscription_status: user?.subscription_status ?? 'payment_pending',
        message: subscriptionMessages.paymentReceived,
      };
    }
    case 'requires_action':
    case 'requires_confirmation':
      if (subscription.payment.clientSecret) {
        return {
          status: 'requires_action',
          client_secret: subscription.payment.clientSecret,
          subscription_id: subscription.id,
        };
      }
      throw new AppError('BAD_REQUEST', paymentMessages.genericFailure);
    case 'processing':
      throw conflict(subscriptionMessages.processing);
    case 'requires_payment_method':
    case 'canceled':
      throw new AppError('BAD_REQUEST', subscription.payment.lastError ?? paymentMessages.genericFailure);
  }
}

/** The first invoice's success, learnt by asking the provider; fixed id per subscription, so applied once. */
function reconciledInvoicePaid(
  provider: PaymentProvider['name'],
  subscription: SubscriptionInfo,
): PaymentEvent {
  const id = `reconciled_${subscription.id}`;
  return {
    id,
    type: 'invoice.paid',
    paymentIntent: null,
    invoice: {
      id: `reconciled_${subscription.id}`,
      subscriptionId: subscription.id,
      amountCents: subscription.amountCents,
      currency: 'AUD',
      billingReason: 'subscription_create',
      periodEnd: subscription.currentPeriodEnd,
      metadata: subscription.metadata,
      lastError: null,
    },
    raw: {
      id,
      object: 'event',
      type: 'invoice.paid',
      source: `retrieved from ${provider}`,
      data: { object: { object: 'subscription', id: subscription.id, status: subscription.status } },
    },
  };
}

/**
 * The sandbox's stand-in for the bank's extra step on a subscription's first payment
 * (pm_card_authenticationRequired): approve pays it, refuse fails it (400 with the message).
 */
export async function confirmSandboxSubscription(
  deps: PaymentsDeps,
  options: { viewer: Viewer; body: z.output<typeof sandboxConfirmSubscriptionBody> },
): Promise<CreateSubscriptionResponse> {
  const { viewer, body } = options;
  const sandbox = deps.payments;
  // With Stripe configured the card is confirmed by Stripe.js, never here.
  if (!isSandboxProvider(sandbox)) throw notFound(subscriptionMessages.subscriptionNotFound);
  // A wrong secret, or someone else's subscription, reads as unknown: it tells a prober nothing.
  if (!sandbox.isClientSecretValid(body.subscription_id, body.client_secret)) {
    throw notFound(subscriptionMessages.subscriptionNotFound);
  }
  const subscription = await sandbox.retrieveSubscription(body.subscription_id);
  if (!subscription || subscription.metadata.user_id !== viewer.id) {
    throw notFound(subscriptionMessages.subscriptionNotFound);
  }
  if (subscription.payment.status !== 'requires_action') {
    throw conflict(subscriptionMessages.notAwaitingAuthentication);
  }
  await requireSubscribable(deps.db, viewer.id);
  const event = sandbox.authenticateSubscription(subscription, body.approve);
  await handlePaymentEvent(deps, event);
  if (!body.approve) throw new AppError('BAD_REQUEST', paymentMessages.authenticationFailed);
  return subscriptionAnswer(deps, viewer, {
    ...subscription,
    payment: { status: 'succeeded', clientSecret: null, lastError: null },
  });
}

/**
 * Cancels the funder's active subscription at the end of its period: the provider stops renewing
 * it, the funder keeps access until subscription_period_end, and the expiry job ends it then.
 */
export async function cancelSubscription(
  deps: PaymentsDeps,
  options: { viewer: Viewer },
): Promise<CancelSubscriptionResponse> {
  const { viewer } = options;
  await requireCancellable(deps.db, viewer.id);
  // The provider first: if it cannot stop the renewals, nothing changes here and the funder may retry.
  const reference = await repo.findPaidSubscriptionReference(deps.db, viewer.id, deps.payments.name);
  if (reference) await deps.payments.cancelSubscriptionAtPeriodEnd(reference);
  const { after } = await deps.db.transaction().execute(async (trx) => {
    const moved = await transitionSubscription(trx, {
      userId: viewer.id,
      event: { type: 'cancel' },
      actor: { id: viewer.id, name: viewer.name },
      actorRole: 'funder',
      action: 'subscription.cancelled',
      detail: reference ? { subscription_id: reference } : undefined,
    });
    const until = moved.after.subscription_period_end
      ? ` You keep access until ${formatDate(moved.after.subscription_period_end, await readerTimeZone(trx, viewer.id))}.`
      : '';
    await notifySubscriptionChange(
      trx,
      moved.user,
      `Your ${SUBSCRIPTION_PLAN_NAME} subscription has been cancelled.${until}`,
    );
    return moved;
  });
  return {
    subscription_status: after.subscription_status,
    cancel_at_period_end: after.cancel_at_period_end,
    subscription_period_end: after.subscription_period_end?.toISOString() ?? null,
    message: subscriptionMessages.cancelled,
  };
}

/**
 * Stops the provider renewing the funder's paid subscription (an admin denied it or marked it
 * failed): without this Stripe would go on charging a funder who has no access. The month already
 * paid is not refunded here; that is the admin's call in the provider's dashboard.
 */
export async function stopSubscriptionRenewals(deps: PaymentsDeps, userId: string): Promise<string | null> {
  const reference = await repo.findPaidSubscriptionReference(deps.db, userId, deps.payments.name);
  if (reference) await deps.payments.cancelSubscriptionAtPeriodEnd(reference);
  return reference;
}

const RENEWAL_BATCH = 100;
/** A subscription left unrenewed for longer than this many cycles (a server off for years) ends. */
const MAX_MISSED_CYCLES = 24;

/**
 * The sandbox's renewals, as Stripe Billing would charge them: every active subscription whose
 * period has ended is charged for the next month through its provider's invoice.paid, applied by
 * `handlePaymentEvent` like a Stripe webhook (a payment row per cycle, the period moved on, audited).
 * Cancelled subscriptions are not renewed; they end at their period's end. With Stripe configured
 * this does nothing: Stripe renews and sends the events. Returns how many cycles were charged.
 */
export async function renewSandboxSubscriptions(deps: PaymentsDeps, now = new Date()): Promise<number> {
  const sandbox = deps.payments;
  if (!isSandboxProvider(sandbox)) return 0;
  let renewed = 0;
  // Every due subscription, a page at a time: what is left due after this ends in the expiry step.
  let after: { periodEnd: Date; id: string } | undefined;
  for (;;) {
    const page = await findDueRenewals(deps.db, { now, limit: RENEWAL_BATCH, after });
    for (const due of page) renewed += await renewSandboxSubscription(deps, sandbox, due, now);
    const last = page.at(-1);
    if (page.length < RENEWAL_BATCH || !last?.subscription_period_end) break;
    after = { periodEnd: new Date(last.subscription_period_end), id: last.id };
  }
  return renewed;
}

/** One funder's missed cycles, each charged through its own invoice.paid; how many were charged. */
async function renewSandboxSubscription(
  deps: PaymentsDeps,
  sandbox: SandboxPaymentProvider,
  due: { id: string; subscription_period_end: Date | string | null },
  now: Date,
): Promise<number> {
  const subscriptionId = await repo.findPaidSubscriptionReference(deps.db, due.id, sandbox.name);
  // An admin's force approval gives a period without a paid subscription: nothing to charge. A
  // subscription cancelled, denied or marked failed is never charged again, as with Stripe.
  const subscription = subscriptionId ? await sandbox.retrieveSubscription(subscriptionId) : null;
  if (!subscription || subscription.cancelAtPeriodEnd || !due.subscription_period_end) return 0;
  let renewed = 0;
  let periodEnd = new Date(due.subscription_period_end);
  for (let cycle = 0; periodEnd <= now && cycle < MAX_MISSED_CYCLES; cycle++) {
    const nextPeriodEnd = oneMonthAfter(periodEnd);
    const { outcome } = await handlePaymentEvent(
      deps,
      sandbox.renewalEvent(subscription, { periodEnd, nextPeriodEnd }),
    );
    if (outcome !== 'applied') break;
    renewed++;
    periodEnd = nextPeriodEnd;
  }
  return renewed;
}
