import { formatAudCents } from '@plinth/domain/format';
import { paymentMessages } from '@plinth/domain/payments';
import {
  type PaymentEvent,
  type PaymentIntentInfo,
  type PaymentProvider,
  WebhookVerificationError,
} from '../../adapters/payments/payment-provider';
import type { Db } from '../../db/database';
import { listingPaymentReceived } from '../../emails/templates/projects';
import { AppError } from '../../errors';
import { type AuditActor, auditedTransaction, recordAudit } from '../audit/audit.service';
import { notify } from '../notifications/notifications.service';
import { transitionListing } from '../projects/projects.service';
import { readPricing } from '../settings/pricing';
import * as repo from './payments.repository';
import { type PaymentEventOutcome, type PaymentsDeps, providerActor } from './payments.types';
import { applySubscriptionPaymentEvent } from './subscription-payment-events';

/**
 * Publishing payments (issue 3 item 5). Whatever the provider, a payment reaches the project through
 * one function, `handlePaymentEvent`: Stripe's webhook, the sandbox's confirmation and an admin's
 * sync all produce a PaymentEvent and hand it over. It records the event id first (a second
 * delivery changes nothing), then, in the same transaction, the payment row, the listing transition
 * with its audit entry, and the developer's notification and e-mail.
 *
 * Funder subscriptions (issue 4 item 1) go through the same handler: invoice.paid,
 * invoice.payment_failed and customer.subscription.updated/deleted move the funder's subscription
 * through the subscriptions module's state machine (subscription-payment-events.ts). Listing
 * fees are paid in listing-payments.ts, subscriptions started and renewed in subscription-billing.ts.
 */

/**
 * The one handler of payment events, from a Stripe webhook or from the sandbox. `actor` names who
 * caused it when that is not the provider itself (an admin's sync).
 */
export async function handlePaymentEvent(
  deps: PaymentsDeps,
  event: PaymentEvent,
  options: { actor?: AuditActor; reason?: string | null } = {},
): Promise<{ outcome: PaymentEventOutcome }> {
  const provider = deps.payments.name;
  const outcome = await auditedTransaction(deps.db, async (trx): Promise<PaymentEventOutcome> => {
    const isNew = await repo.recordPaymentEvent(trx, {
      provider,
      eventId: event.id,
      type: event.type,
      payload: event.raw,
    });
    if (!isNew) return 'duplicate';
    if (event.invoice || event.subscription) {
      return applySubscriptionPaymentEvent(trx, provider, event, options.actor ?? providerActor(provider));
    }
    const intent = event.paymentIntent;
    // Only listing fees are paid with bare intents; a subscription's own intents are reported
    // through its invoice events above.
    if (intent?.metadata.type !== 'project_listing') return 'recorded';
    switch (event.type) {
      case 'payment_intent.succeeded':
        return applySucceeded(
          trx,
          provider,
          intent,
          options.actor ?? providerActor(provider),
          options.reason,
        );
      case 'payment_intent.payment_failed':
        return applyFailed(trx, provider, intent);
      default:
        return 'recorded';
    }
  });
  return { outcome };
}

/** The intent's row, locked; made from the event when the event overtook our own record of it. */
/** The intent's payment row, locked; `isNew` when this event is the first we hear of the intent. */
async function lockPaymentRow(trx: Db, provider: PaymentProvider['name'], intent: PaymentIntentInfo) {
  await repo.lockIntent(trx, provider, intent.id);
  const known = await repo.findPaymentByReference(trx, provider, intent.id);
  if (known) return { ...known, isNew: false };
  const row = await repo.insertPaymentForIntent(trx, {
    provider,
    reference: intent.id,
    type: 'project_listing',
    amountCents: intent.amountCents,
    userId: intent.metadata.user_id ?? null,
    projectId: intent.metadata.project_id ?? null,
  });
  return { ...row, isNew: true };
}

async function applySucceeded(
  trx: Db,
  provider: PaymentProvider['name'],
  intent: PaymentIntentInfo,
  actor: AuditActor,
  reason: string | null | undefined,
): Promise<PaymentEventOutcome> {
  const row = await lockPaymentRow(trx, provider, intent);
  // The amount asked for when the intent was opened; for an intent we never recorded, today's fee.
  const expectedCents = row.isNew ? (await readPricing(trx)).listing_fee_aud * 100 : row.amount_cents;
  // Effect-level idempotency: a success reported twice under different event ids (the webhook and an
  // admin's sync, say) completes the payment once.
  if (row.status === 'completed') return 'already_applied';
  await repo.setPaymentStatus(trx, row.id, { status: 'completed', failureMessage: null });

  const notApplied = async (why: string) => {
    // The money is taken but the listing cannot move: keep the payment, and leave the admin a trace.
    await recordAudit(trx, {
      actor,
      action: 'payment.not_applied',
      targetType: 'payment',
      targetId: row.id,
      reason: why,
      after: { payment_intent_id: intent.id, project_id: row.project_id, amount_cents: intent.amountCents },
    });
    return 'not_applied' as const;
  };
  if (!row.project_id) return notApplied('The project of this payment no longer exists');
  if (intent.amountCents < expectedCents) {
    return notApplied(`The amount paid (${formatAudCents(intent.amountCents)}) is less than the listing fee`);
  }

  let project: Awaited<ReturnType<typeof transitionListing>>['project'];
  try {
    ({ project } = await transitionListing(trx, {
      projectId: row.project_id,
      event: { type: 'payment_succeeded' },
      actor,
      actorRole: 'system',
      action: 'payment.succeeded',
      reason: reason ?? null,
      extra: { stripe_payment_intent_id: intent.id, payment_date: new Date() },
    }));
  } catch (error) {
    // Refusals only (no SQL failed), so the transaction is still good to record the payment.
    if (error instanceof AppError && (error.code === 'CONFLICT' || error.code === 'NOT_FOUND')) {
      return notApplied(`${error.message}; the payment was recorded and the project left unchanged`);
    }
    throw error;
  }

  await notify(trx, {
    userId: project.borrower_id,
    type: 'payment_success',
    relatedId: project.id,
    message: `Payment received for "${project.title}". Your project is now under admin review.`,
    email: listingPaymentReceived({
      title: project.title,
      amount: formatAudCents(intent.amountCents),
      reference: intent.id,
    }),
  });
  return 'applied';
}

async function applyFailed(
  trx: Db,
  provider: PaymentProvider['name'],
  intent: PaymentIntentInfo,
): Promise<PaymentEventOutcome> {
  const row = await lockPaymentRow(trx, provider, intent);
  // Providers do not promise order: a late failure of an earlier attempt never undoes a success.
  if (row.status === 'completed') return 'already_applied';
  await repo.setPaymentStatus(trx, row.id, {
    status: 'failed',
    failureMessage: intent.lastError ?? paymentMessages.genericFailure,
  });
  return 'payment_failed';
}

/** A Stripe webhook delivery: verified on its raw bytes, then handled like any other event. */
export async function receivePaymentWebhook(
  deps: PaymentsDeps,
  options: { rawBody: Buffer; signature: string | undefined },
): Promise<{ received: true; duplicate: boolean }> {
  let event: PaymentEvent;
  try {
    event = deps.payments.parseWebhookEvent(options.rawBody, options.signature);
  } catch (error) {
    if (error instanceof WebhookVerificationError) throw new AppError('BAD_REQUEST', error.message);
    throw error;
  }
  const { outcome } = await handlePaymentEvent(deps, event);
  return { received: true, duplicate: outcome === 'duplicate' };
}
