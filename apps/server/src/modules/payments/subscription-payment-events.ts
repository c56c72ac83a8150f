import { SUBSCRIPTION_PLAN_NAME } from '@plinth/domain/constants';
import { formatAudCents } from '@plinth/domain/format';
import { paymentMessages } from '@plinth/domain/payments';
import { oneMonthAfter, type SubscriptionEvent } from '@plinth/domain/subscriptions';
import type {
  InvoiceInfo,
  PaymentEvent,
  PaymentProvider,
  SubscriptionInfo,
} from '../../adapters/payments/payment-provider';
import type { Db } from '../../db/database';
import { AppError } from '../../errors';
import { type AuditActor, recordAudit } from '../audit/audit.service';
import { readPricing } from '../settings/pricing';
import {
  findSubscriber,
  notifySubscriptionChange,
  notifySubscriptionPaid,
  transitionSubscription,
} from '../subscriptions/subscriptions.service';
import * as repo from './payments.repository';
import type { PaymentEventOutcome } from './payments.types';

// Funder subscriptions (issue 4 item 1): what the provider's invoice and subscription events do.
//
// The funder's subscription state lives in the subscriptions module; this part talks to the
// provider and turns what it reports into transitions there. Each provider subscription has
// payment rows of type subscription whose provider_reference is its id: the one made when it was
// started (the first invoice), then one per renewal (keyed by the invoice id).

/** The invoice paying for a new subscription, as opposed to a renewal or a change. */
const isFirstInvoice = (invoice: InvoiceInfo) =>
  invoice.billingReason === null || invoice.billingReason === 'subscription_create';

/**
 * An invoice or subscription event: the payment row and the funder's transition, in the handler's
 * transaction. Events about a subscription other than the funder's current one only change its rows.
 */
export async function applySubscriptionPaymentEvent(
  trx: Db,
  provider: PaymentProvider['name'],
  event: PaymentEvent,
  actor: AuditActor,
): Promise<PaymentEventOutcome> {
  if (event.invoice) {
    switch (event.type) {
      case 'invoice.paid':
        return applyInvoicePaid(trx, provider, event.invoice, actor);
      case 'invoice.payment_failed':
        return applyInvoiceFailed(trx, provider, event.invoice);
      default:
        return 'recorded';
    }
  }
  if (event.subscription) {
    switch (event.type) {
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted':
        return applySubscriptionChange(trx, provider, event.type, event.subscription, actor);
      default:
        return 'recorded';
    }
  }
  return 'recorded';
}

/** A subscription payment that reached no funder: kept, with a trace for the admins. */
async function subscriptionNotApplied(
  trx: Db,
  actor: AuditActor,
  payment: { id: string; userId: string | null; reference: string; amountCents: number },
  why: string,
): Promise<PaymentEventOutcome> {
  await recordAudit(trx, {
    actor,
    action: 'payment.not_applied',
    targetType: 'payment',
    targetId: payment.id,
    reason: why,
    after: { subscription_id: payment.reference, user_id: payment.userId, amount_cents: payment.amountCents },
  });
  return 'not_applied';
}

/** Runs a subscription transition; a refusal (wrong state, not a funder, gone) comes back as its message. */
async function trySubscriptionTransition(
  trx: Db,
  options: Parameters<typeof transitionSubscription>[1],
): Promise<Awaited<ReturnType<typeof transitionSubscription>> | { refused: string }> {
  try {
    return await transitionSubscription(trx, options);
  } catch (error) {
    // Refusals only (no SQL failed), so the transaction is still good to record the payment.
    if (error instanceof AppError && (error.code === 'CONFLICT' || error.code === 'NOT_FOUND')) {
      return { refused: error.message };
    }
    throw error;
  }
}

async function applyInvoicePaid(
  trx: Db,
  provider: PaymentProvider['name'],
  invoice: InvoiceInfo,
  actor: AuditActor,
): Promise<PaymentEventOutcome> {
  await repo.lockIntent(trx, provider, invoice.subscriptionId);
  if (!isFirstInvoice(invoice)) return applyRenewal(trx, provider, invoice, actor);

  let row = await repo.findFirstSubscriptionPayment(trx, provider, invoice.subscriptionId);
  // Effect-level idempotency: the webhook and the funder's own answer may both report it.
  if (row?.status === 'completed') return 'already_applied';
  // The price the funder subscribed at; for a subscription we never recorded, today's price.
  const expectedCents = row ? row.amount_cents : (await readPricing(trx)).subscription_price_aud * 100;
  if (!row) {
    // A subscription we did not start (another app on the same Stripe account): not ours.
    if (invoice.metadata.type !== 'subscription') return 'recorded';
    row = await repo.insertPaymentForIntent(trx, {
      provider,
      reference: invoice.subscriptionId,
      type: 'subscription',
      amountCents: invoice.amountCents,
      userId: invoice.metadata.user_id ?? null,
      projectId: null,
    });
  }
  await repo.setPaymentStatus(trx, row.id, { status: 'completed', failureMessage: null });
  const payment = {
    id: row.id,
    userId: row.user_id,
    reference: invoice.subscriptionId,
    amountCents: invoice.amountCents,
  };
  if (!row.user_id)
    return subscriptionNotApplied(trx, actor, payment, 'The funder of this payment no longer exists');
  if (invoice.amountCents < expectedCents) {
    return subscriptionNotApplied(
      trx,
      actor,
      payment,
      `The amount paid (${formatAudCents(invoice.amountCents)}) is less than the subscription fee`,
    );
  }
  const moved = await trySubscriptionTransition(trx, {
    userId: row.user_id,
    event: { type: 'payment_succeeded' },
    actor,
    actorRole: 'system',
    action: 'subscription.payment_succeeded',
    detail: { subscription_id: invoice.subscriptionId, invoice_id: invoice.id },
  });
  if ('refused' in moved) {
    return subscriptionNotApplied(
      trx,
      actor,
      payment,
      `${moved.refused}; the payment was recorded and the subscription left unchanged`,
    );
  }
  await notifySubscriptionPaid(trx, moved.user, {
    amountCents: invoice.amountCents,
    reference: invoice.subscriptionId,
  });
  return 'applied';
}

/** A renewal payment: a row of its own, and the funder's period runs on (their current subscription only). */
async function applyRenewal(
  trx: Db,
  provider: PaymentProvider['name'],
  invoice: InvoiceInfo,
  actor: AuditActor,
): Promise<PaymentEventOutcome> {
  const userId =
    (await repo.findSubscriptionOwner(trx, provider, invoice.subscriptionId)) ??
    (invoice.metadata.type === 'subscription' ? (invoice.metadata.user_id ?? null) : null);
  if (!userId) return 'recorded';
  const current = await repo.findPaidSubscriptionReference(trx, userId, provider);
  const isNew = await repo.insertRenewalPayment(trx, {
    provider,
    subscriptionId: invoice.subscriptionId,
    invoiceId: invoice.id,
    amountCents: invoice.amountCents,
    userId,
  });
  if (!isNew) return 'already_applied';
  if (current !== invoice.subscriptionId) return 'recorded';
  const moved = await trySubscriptionTransition(trx, {
    userId,
    event: { type: 'renew', periodEnd: invoice.periodEnd ?? oneMonthAfter(new Date()) },
    actor,
    actorRole: 'system',
    action: 'subscription.renewed',
    detail: { subscription_id: invoice.subscriptionId, invoice_id: invoice.id },
  });
  return 'refused' in moved ? 'not_applied' : 'applied';
}

async function applyInvoiceFailed(
  trx: Db,
  provider: PaymentProvider['name'],
  invoice: InvoiceInfo,
): Promise<PaymentEventOutcome> {
  // A failed renewal changes nothing yet: the provider retries, and ends the subscription (an
  // event of its own) if it never gets paid.
  if (!isFirstInvoice(invoice)) return 'recorded';
  await repo.lockIntent(trx, provider, invoice.subscriptionId);
  const row = await repo.findFirstSubscriptionPayment(trx, provider, invoice.subscriptionId);
  if (!row) return 'recorded';
  // Providers do not promise order: a late failure of an earlier attempt never undoes a success.
  if (row.status === 'completed') return 'already_applied';
  await repo.setPaymentStatus(trx, row.id, {
    status: 'failed',
    failureMessage: invoice.lastError ?? paymentMessages.genericFailure,
  });
  return 'payment_failed';
}

/** The provider changed or ended the funder's current subscription (its dashboard, unpaid renewals). */
async function applySubscriptionChange(
  trx: Db,
  provider: PaymentProvider['name'],
  type: 'customer.subscription.updated' | 'customer.subscription.deleted',
  subscription: SubscriptionInfo,
  actor: AuditActor,
): Promise<PaymentEventOutcome> {
  await repo.lockIntent(trx, provider, subscription.id);
  const userId = await repo.findSubscriptionOwner(trx, provider, subscription.id);
  if (!userId || (await repo.findPaidSubscriptionReference(trx, userId, provider)) !== subscription.id) {
    return 'recorded';
  }
  const hasEnded =
    type === 'customer.subscription.deleted' ||
    ['canceled', 'unpaid', 'incomplete_expired'].includes(subscription.status);
  const user = await findSubscriber(trx, userId);
  let event: SubscriptionEvent;
  if (hasEnded) {
    // A cancelled subscription keeps the period it paid for here; the expiry job ends it then.
    if (user?.subscription_status === 'cancelled') return 'recorded';
    event = { type: 'end' };
  } else if (subscription.cancelAtPeriodEnd) {
    event = { type: 'cancel' };
  } else if (user?.subscription_status === 'cancelled') {
    event = { type: 'resume' };
  } else {
    return 'recorded';
  }
  const moved = await trySubscriptionTransition(trx, {
    userId,
    event,
    actor,
    actorRole: 'system',
    action: `subscription.${event.type === 'end' ? 'ended' : event.type === 'cancel' ? 'cancelled' : 'resumed'}`,
    reason: `Reported by ${actor.name}`,
    detail: { subscription_id: subscription.id },
  });
  if ('refused' in moved) return 'recorded';
  if (event.type === 'end') {
    await notifySubscriptionChange(
      trx,
      moved.user,
      `Your ${SUBSCRIPTION_PLAN_NAME} subscription has ended. Subscribe again from your dashboard to regain access to the marketplace.`,
    );
  }
  return 'applied';
}
