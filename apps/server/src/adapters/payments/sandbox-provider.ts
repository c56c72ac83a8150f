import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { paymentMessages, type SandboxCardOutcome, sandboxCardOutcome } from '@plinth/domain/payments';
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import type { Payment } from '../../db/types';
import { recordPaymentEvent } from './payment-event-log';
import {
  type PaymentEvent,
  type PaymentIntentInfo,
  type PaymentIntentStatus,
  PaymentMethodError,
  type PaymentProvider,
  type SubscriptionInfo,
  WebhookVerificationError,
} from './payment-provider';

/**
 * The offline default: behaves like Stripe test mode (DESIGN.md section 4) with no account and no
 * network. Its state lives in the database, so it survives restarts and is shared by every process
 * on one PostgreSQL:
 * - an intent is a `payment` row (provider 'sandbox', provider_reference `pi_sandbox_<uuid>`), found
 *   again by its idempotency key as Stripe finds an intent by its key;
 * - what happened to it is the `payment_event` log, which the payments service writes when it
 *   handles the events this provider produces (the same handler as for Stripe's webhooks). The
 *   intent's status is read back from the row (completed: succeeded) and its latest event
 *   (requires_action: waiting for the "3-D Secure" step).
 *
 * Confirming never touches the database here: it only turns a test card into the event Stripe would
 * send, and the service applies that event in one transaction with its effects.
 *
 * Subscriptions work the same way: a subscription is a `payment` row of type subscription
 * (`sub_sandbox_<hex>`), its first invoice `in_sandbox_<hex>` (the same hex). The test payment
 * method decides the first payment at once, as Stripe's charge would: the sandbox reports it and
 * `subscriptionEvent` turns it into the invoice event Stripe would send. Periods are the ones an
 * admin's approval starts; when one ends on a subscription nobody cancelled, `renewalEvent` is the
 * invoice.paid of the next cycle Stripe would send (the test card that paid the first invoice pays
 * the renewals too), applied by the subscription job. A cancellation (by the funder, or an admin's
 * deny or payment failed) is kept as the customer.subscription.updated event Stripe would send, and
 * such a subscription is never renewed again.
 */
export interface SandboxPaymentProvider extends PaymentProvider {
  readonly name: 'sandbox';
  /** Whether `clientSecret` is the one this sandbox issued for `intentId` (constant-time). */
  isClientSecretValid(intentId: string, clientSecret: string): boolean;
  /** The event a confirmation with this test card produces (to be applied by the payments service). */
  confirmPaymentIntent(intent: PaymentIntentInfo, outcome: SandboxCardOutcome): PaymentEvent;
  /** The event the extra authentication step produces: approved succeeds, refused fails. */
  authenticatePaymentIntent(intent: PaymentIntentInfo, approve: boolean): PaymentEvent;
  /**
   * The invoice event for what a subscription's first payment did (paid, action required or
   * failed), or null while nothing has happened to it yet.
   */
  subscriptionEvent(subscription: SubscriptionInfo): PaymentEvent | null;
  /** The event the extra authentication step of a subscription's first payment produces. */
  authenticateSubscription(subscription: SubscriptionInfo, approve: boolean): PaymentEvent;
  /**
   * The invoice.paid of the cycle that starts when `periodEnd` is reached and runs to `nextPeriodEnd`.
   * Its event and invoice ids follow from the subscription and the date, so two processes renewing
   * the same cycle report one event (the second is a duplicate).
   */
  renewalEvent(subscription: SubscriptionInfo, cycle: { periodEnd: Date; nextPeriodEnd: Date }): PaymentEvent;
}

export const isSandboxProvider = (provider: PaymentProvider): provider is SandboxPaymentProvider =>
  provider.name === 'sandbox';

export interface SandboxOptions {
  db: Db;
  /** The server key the client secrets are derived from (read lazily, on the first payment). */
  signingKey: () => Buffer;
}

const CLIENT_SECRET_CONTEXT = 'plinth:sandbox-payments:client-secret:';

export function createSandboxProvider({ db, signingKey }: SandboxOptions): SandboxPaymentProvider {
  // The client secret is derived, not stored: an HMAC of the intent id under a server key. It can be
  // handed out again when the same intent is reused (as Stripe's retrieve does), nothing secret sits
  // in the database, and a secret made up by a caller never verifies.
  const clientSecretOf = (intentId: string) => {
    const mac = createHmac('sha256', signingKey())
      .update(CLIENT_SECRET_CONTEXT + intentId)
      .digest('base64url');
    return `${intentId}_secret_${mac.slice(0, 24)}`;
  };

  async function latestEventType(intentId: string): Promise<string | null> {
    const event = await db
      .selectFrom('payment_event')
      .select('type')
      .where('provider', '=', 'sandbox')
      .where(sql<string>`payload #>> '{data,object,id}'`, '=', intentId)
      .orderBy('received_at', 'desc')
      .limit(1)
      .executeTakeFirst();
    return event?.type ?? null;
  }

  async function toInfo(row: Payment): Promise<PaymentIntentInfo> {
    const id = row.provider_reference!;
    let status: PaymentIntentStatus = 'requires_payment_method';
    if (row.status === 'completed' || row.status === 'refunded') status = 'succeeded';
    else if ((await latestEventType(id)) === 'payment_intent.requires_action') status = 'requires_action';
    const metadata: Record<string, string> = { type: row.type };
    if (row.project_id) metadata.project_id = row.project_id;
    if (row.user_id) metadata.user_id = row.user_id;
    return {
      id,
      clientSecret: clientSecretOf(id),
      status,
      amountCents: row.amount_cents,
      currency: 'AUD',
      metadata,
      lastError: row.status === 'failed' ? row.failure_message : null,
    };
  }

  /** The hex a subscription's ids share: sub_sandbox_<hex>, in_sandbox_<hex>, evt_sandbox_cancel_<hex>. */
  const hexOf = (subscriptionId: string) => subscriptionId.replace(/^sub_sandbox_/, '');
  const invoiceIdOf = (subscriptionId: string) => `in_sandbox_${hexOf(subscriptionId)}`;
  const cancelEventIdOf = (subscriptionId: string) => `evt_sandbox_cancel_${hexOf(subscriptionId)}`;

  /** Whether the subscription was cancelled (cancelSubscriptionAtPeriodEnd): it renews no more. */
  async function isCancelled(subscriptionId: string): Promise<boolean> {
    const row = await db
      .selectFrom('payment_event')
      .select('id')
      .where('provider', '=', 'sandbox')
      .where('event_id', '=', cancelEventIdOf(subscriptionId))
      .executeTakeFirst();
    return row !== undefined;
  }

  /** A stored subscription; `fresh` is what the card did when it was made just now. */
  async function toSubscriptionInfo(
    row: Payment,
    fresh?: { outcome: SandboxCardOutcome },
  ): Promise<SubscriptionInfo> {
    const id = row.provider_reference!;
    let payment: SubscriptionInfo['payment'] = {
      status: 'requires_payment_method',
      clientSecret: null,
      lastError: null,
    };
    if (row.status === 'completed' || row.status === 'refunded') {
      payment = { status: 'succeeded', clientSecret: null, lastError: null };
    } else if (row.status === 'failed') {
      payment = { ...payment, lastError: row.failure_message ?? paymentMessages.genericFailure };
    } else if (fresh) {
      payment = paymentOfOutcome(id, fresh.outcome);
    } else if ((await latestEventType(invoiceIdOf(id))) === 'invoice.payment_action_required') {
      payment = { status: 'requires_action', clientSecret: clientSecretOf(id), lastError: null };
    }
    const metadata: Record<string, string> = { type: 'subscription' };
    if (row.user_id) metadata.user_id = row.user_id;
    return {
      id,
      status: payment.status === 'succeeded' ? 'active' : 'incomplete',
      amountCents: row.amount_cents,
      currency: 'AUD',
      metadata,
      currentPeriodEnd: null,
      cancelAtPeriodEnd: await isCancelled(id),
      payment,
    };
  }

  function paymentOfOutcome(id: string, outcome: SandboxCardOutcome): SubscriptionInfo['payment'] {
    switch (outcome) {
      case 'succeeded':
        return { status: 'succeeded', clientSecret: null, lastError: null };
      case 'requires_action':
        return { status: 'requires_action', clientSecret: clientSecretOf(id), lastError: null };
      case 'declined':
        return { status: 'requires_payment_method', clientSecret: null, lastError: paymentMessages.declined };
      case 'unknown_card':
        return {
          status: 'requires_payment_method',
          clientSecret: null,
          lastError: paymentMessages.unknownTestCard,
        };
    }
  }

  /** An invoice event as Stripe would shape it (its subscription named in `parent`). */
  function invoiceEvent(
    subscription: SubscriptionInfo,
    type: string,
    lastError: string | null,
    cycle?: { eventId: string; invoiceId: string; periodEnd: Date },
  ): PaymentEvent {
    const id = cycle?.eventId ?? `evt_sandbox_${randomUUID().replaceAll('-', '')}`;
    const invoiceId = cycle?.invoiceId ?? invoiceIdOf(subscription.id);
    const billingReason = cycle ? 'subscription_cycle' : 'subscription_create';
    const isPaid = type === 'invoice.paid';
    return {
      id,
      type,
      paymentIntent: null,
      invoice: {
        id: invoiceId,
        subscriptionId: subscription.id,
        amountCents: subscription.amountCents,
        currency: 'AUD',
        billingReason,
        periodEnd: cycle?.periodEnd ?? null,
        metadata: subscription.metadata,
        lastError,
      },
      raw: {
        id,
        object: 'event',
        type,
        livemode: false,
        created: Math.floor(Date.now() / 1000),
        data: {
          object: {
            id: invoiceId,
            object: 'invoice',
            amount_due: subscription.amountCents,
            amount_paid: isPaid ? subscription.amountCents : 0,
            currency: 'aud',
            status: isPaid ? 'paid' : 'open',
            billing_reason: billingReason,
            parent: {
              type: 'subscription_details',
              subscription_details: { subscription: subscription.id, metadata: subscription.metadata },
            },
            last_payment_error: lastError ? { message: lastError } : null,
          },
        },
      },
    };
  }

  /** The event as Stripe would shape it, so the stored payload reads the same for both providers. */
  function eventFor(
    intent: PaymentIntentInfo,
    type: string,
    status: PaymentIntentStatus,
    lastError: string | null,
  ): PaymentEvent {
    const id = `evt_sandbox_${randomUUID().replaceAll('-', '')}`;
    const snapshot: PaymentIntentInfo = { ...intent, status, lastError };
    return {
      id,
      type,
      paymentIntent: snapshot,
      raw: {
        id,
        object: 'event',
        type,
        livemode: false,
        created: Math.floor(Date.now() / 1000),
        data: {
          object: {
            id: intent.id,
            object: 'payment_intent',
            amount: intent.amountCents,
            currency: 'aud',
            status,
            metadata: intent.metadata,
            // Never the card number: only the outcome and its message.
            last_payment_error: lastError ? { message: lastError } : null,
          },
        },
      },
    };
  }

  return {
    name: 'sandbox',
    publishableKey: null,

    async createPaymentIntent(input) {
      const type = input.metadata.type;
      if (type !== 'project_listing' && type !== 'subscription') {
        throw new Error('sandbox payments: metadata.type must be project_listing or subscription');
      }
      await db
        .insertInto('payment')
        .values({
          user_id: input.metadata.user_id ?? null,
          project_id: input.metadata.project_id ?? null,
          type,
          amount_cents: input.amountCents,
          provider: 'sandbox',
          provider_reference: `pi_sandbox_${randomUUID().replaceAll('-', '')}`,
          idempotency_key: input.idempotencyKey,
        })
        .onConflict((oc) => oc.column('idempotency_key').doNothing())
        .execute();
      const row = await db
        .selectFrom('payment')
        .selectAll()
        .where('idempotency_key', '=', input.idempotencyKey)
        .executeTakeFirstOrThrow();
      if (row.provider !== 'sandbox' || row.amount_cents !== input.amountCents) {
        // Stripe's answer to a key reused with other parameters.
        throw new Error(
          'Keys for idempotent requests can only be used with the same parameters they were first used with.',
        );
      }
      return toInfo(row);
    },

    async retrievePaymentIntent(id) {
      const row = await db
        .selectFrom('payment')
        .selectAll()
        .where('provider', '=', 'sandbox')
        .where('provider_reference', '=', id)
        .executeTakeFirst();
      return row ? toInfo(row) : null;
    },

    async createSubscription(input) {
      // What Stripe would do with this test payment method; anything else is refused before a
      // subscription exists. A card number is accepted too: the sandbox has no Stripe.js to turn
      // it into a payment method, and it is read here and dropped, never stored.
      const method = input.paymentMethodId.trim();
      const card = sandboxCardOutcome(
        method.startsWith('pm_') ? { payment_method: method } : { card_number: method },
      );
      if (!card.ok) throw new PaymentMethodError(card.message);
      const inserted = await db
        .insertInto('payment')
        .values({
          user_id: input.metadata.user_id ?? null,
          type: 'subscription',
          amount_cents: input.amountCents,
          provider: 'sandbox',
          provider_reference: `sub_sandbox_${randomUUID().replaceAll('-', '')}`,
          idempotency_key: input.idempotencyKey,
        })
        .onConflict((oc) => oc.column('idempotency_key').doNothing())
        .returning('id')
        .executeTakeFirst();
      const row = await db
        .selectFrom('payment')
        .selectAll()
        .where('idempotency_key', '=', input.idempotencyKey)
        .executeTakeFirstOrThrow();
      if (
        row.provider !== 'sandbox' ||
        row.type !== 'subscription' ||
        row.amount_cents !== input.amountCents
      ) {
        throw new Error(
          'Keys for idempotent requests can only be used with the same parameters they were first used with.',
        );
      }
      // A repeated key (a double click) reports the subscription as it is, not a second charge.
      return toSubscriptionInfo(row, inserted ? { outcome: card.outcome } : undefined);
    },

    async retrieveSubscription(id) {
      const row = await db
        .selectFrom('payment')
        .selectAll()
        .where('provider', '=', 'sandbox')
        .where('type', '=', 'subscription')
        .where('provider_reference', '=', id)
        // The subscription is its first row; each renewal adds a completed row of its own.
        .orderBy('created_at')
        .orderBy('id')
        .limit(1)
        .executeTakeFirst();
      return row ? toSubscriptionInfo(row) : null;
    },

    async cancelSubscriptionAtPeriodEnd(id) {
      // Stripe keeps the subscription's cancel_at_period_end on its side; the sandbox keeps it as the
      // event Stripe would send, under a fixed id (cancelling twice is one record). Recorded only:
      // what the app does about a cancellation is its own transition, made by the caller.
      const eventId = cancelEventIdOf(id);
      await recordPaymentEvent(db, {
        provider: 'sandbox',
        eventId,
        type: 'customer.subscription.updated',
        payload: {
          id: eventId,
          object: 'event',
          type: 'customer.subscription.updated',
          livemode: false,
          created: Math.floor(Date.now() / 1000),
          data: { object: { id, object: 'subscription', cancel_at_period_end: true } },
        },
      });
    },

    renewalEvent(subscription, { periodEnd, nextPeriodEnd }) {
      const hex = hexOf(subscription.id);
      const day = periodEnd.toISOString().slice(0, 10).replaceAll('-', '');
      return invoiceEvent(subscription, 'invoice.paid', null, {
        eventId: `evt_sandbox_renewal_${hex}_${day}`,
        invoiceId: `in_sandbox_${hex}_${day}`,
        periodEnd: nextPeriodEnd,
      });
    },

    subscriptionEvent(subscription) {
      switch (subscription.payment.status) {
        case 'succeeded':
          return invoiceEvent(subscription, 'invoice.paid', null);
        case 'requires_action':
          return invoiceEvent(subscription, 'invoice.payment_action_required', null);
        case 'requires_payment_method':
          return subscription.payment.lastError
            ? invoiceEvent(subscription, 'invoice.payment_failed', subscription.payment.lastError)
            : null;
        default:
          return null;
      }
    },

    authenticateSubscription(subscription, approve) {
      return approve
        ? invoiceEvent(subscription, 'invoice.paid', null)
        : invoiceEvent(subscription, 'invoice.payment_failed', paymentMessages.authenticationFailed);
    },

    parseWebhookEvent() {
      // The sandbox hands its events to the payments service in-process; nothing arrives by webhook.
      throw new WebhookVerificationError(paymentMessages.webhookNotConfigured);
    },

    isClientSecretValid(intentId, clientSecret) {
      const expected = Buffer.from(clientSecretOf(intentId));
      const given = Buffer.from(clientSecret);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },

    confirmPaymentIntent(intent, outcome) {
      switch (outcome) {
        case 'succeeded':
          return eventFor(intent, 'payment_intent.succeeded', 'succeeded', null);
        case 'requires_action':
          return eventFor(intent, 'payment_intent.requires_action', 'requires_action', null);
        case 'declined':
          return eventFor(
            intent,
            'payment_intent.payment_failed',
            'requires_payment_method',
            paymentMessages.declined,
          );
        case 'unknown_card':
          return eventFor(
            intent,
            'payment_intent.payment_failed',
            'requires_payment_method',
            paymentMessages.unknownTestCard,
          );
      }
    },

    authenticatePaymentIntent(intent, approve) {
      return approve
        ? eventFor(intent, 'payment_intent.succeeded', 'succeeded', null)
        : eventFor(
            intent,
            'payment_intent.payment_failed',
            'requires_payment_method',
            paymentMessages.authenticationFailed,
          );
    },
  };
}
