import { SUBSCRIPTION_PLAN_NAME } from '@plinth/domain/constants';
import { paymentMessages } from '@plinth/domain/payments';
import Stripe from 'stripe';
import {
  type InvoiceInfo,
  type PaymentIntentInfo,
  type PaymentIntentStatus,
  PaymentMethodError,
  type PaymentProvider,
  type ProviderSubscriptionStatus,
  type SubscriptionInfo,
  WebhookVerificationError,
} from './payment-provider';

export interface StripeOptions {
  secretKey: string;
  /** whsec_...: without it every webhook delivery is refused (400), never trusted unverified. */
  webhookSecret: string | undefined;
  publishableKey: string | undefined;
}

const knownStatuses: readonly string[] = [
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
  'processing',
  'succeeded',
  'canceled',
] satisfies PaymentIntentStatus[];

const statusOf = (status: Stripe.PaymentIntent.Status): PaymentIntentStatus => {
  if (knownStatuses.includes(status)) return status as PaymentIntentStatus;
  // requires_capture (manual capture, which we never ask for) and any status Stripe adds later:
  // money is on its way but not settled.
  return 'processing';
};

/** Our view of a Stripe PaymentIntent; null for one in another currency, which this app never makes. */
function toInfo(intent: Stripe.PaymentIntent): PaymentIntentInfo | null {
  if (intent.currency.toLowerCase() !== 'aud') return null;
  return {
    id: intent.id,
    clientSecret: intent.client_secret ?? '',
    status: statusOf(intent.status),
    amountCents: intent.amount,
    currency: 'AUD',
    metadata: { ...intent.metadata },
    lastError: intent.last_payment_error?.message ?? null,
  };
}

const subscriptionStatuses: readonly string[] = [
  'incomplete',
  'incomplete_expired',
  'active',
  'trialing',
  'past_due',
  'unpaid',
  'canceled',
  'paused',
] satisfies ProviderSubscriptionStatus[];

const fromUnix = (seconds: number | null | undefined) =>
  typeof seconds === 'number' ? new Date(seconds * 1000) : null;

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? null);

/** Our view of a Stripe Subscription; null for one in another currency. */
function toSubscriptionInfo(subscription: Stripe.Subscription): SubscriptionInfo | null {
  if (subscription.currency.toLowerCase() !== 'aud') return null;
  const items = subscription.items?.data ?? [];
  const invoice = typeof subscription.latest_invoice === 'object' ? subscription.latest_invoice : null;
  const isPaid =
    subscription.status === 'active' || subscription.status === 'trialing' || invoice?.status === 'paid';
  // With payment_behavior default_incomplete the first invoice's payment waits for the card to be
  // confirmed on the client (Stripe.js handles 3-D Secure there), with this client secret.
  const clientSecret = invoice?.confirmation_secret?.client_secret ?? null;
  return {
    id: subscription.id,
    status: subscriptionStatuses.includes(subscription.status)
      ? (subscription.status as ProviderSubscriptionStatus)
      : 'incomplete',
    amountCents: items.reduce((sum, item) => sum + (item.price?.unit_amount ?? 0) * (item.quantity ?? 1), 0),
    currency: 'AUD',
    metadata: { ...subscription.metadata },
    // Since API 2025-03-31 the period lives on the items.
    currentPeriodEnd: fromUnix(items[0]?.current_period_end),
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    payment: isPaid
      ? { status: 'succeeded', clientSecret: null, lastError: null }
      : clientSecret
        ? { status: 'requires_action', clientSecret, lastError: null }
        : {
            status: 'requires_payment_method',
            clientSecret: null,
            lastError: invoice?.last_finalization_error?.message ?? null,
          },
  };
}

/** Our view of a subscription's invoice; null for any other invoice (one-off, other currency). */
function toInvoiceInfo(invoice: Stripe.Invoice): InvoiceInfo | null {
  const details = invoice.parent?.subscription_details;
  const subscriptionId = idOf(details?.subscription);
  if (!subscriptionId || invoice.currency.toLowerCase() !== 'aud') return null;
  return {
    id: invoice.id,
    subscriptionId,
    amountCents: invoice.amount_paid > 0 ? invoice.amount_paid : invoice.amount_due,
    currency: 'AUD',
    billingReason: invoice.billing_reason ?? null,
    periodEnd: fromUnix(invoice.lines?.data?.[0]?.period?.end),
    metadata: { ...(details?.metadata ?? {}) },
    lastError: invoice.last_finalization_error?.message ?? null,
  };
}

/** The product every subscription is priced under, made once with a fixed id. */
const PRODUCT_ID = 'plinth_professional_funder';

/** Stripe PaymentIntents (STRIPE_SECRET_KEY); the web app confirms the card with Stripe Elements. */
export function createStripeProvider(options: StripeOptions): PaymentProvider {
  const stripe = new Stripe(options.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    appInfo: { name: 'Plinth' },
  });

  let productReady: Promise<string> | undefined;
  /** The plan's product: retrieved, or made on first use (a race with another process is fine). */
  const ensureProduct = () => {
    productReady ??= (async () => {
      try {
        await stripe.products.retrieve(PRODUCT_ID);
      } catch (error) {
        if (
          !(error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing')
        ) {
          throw error;
        }
        try {
          await stripe.products.create({ id: PRODUCT_ID, name: `Plinth ${SUBSCRIPTION_PLAN_NAME}` });
        } catch (createError) {
          if (
            !(
              createError instanceof Stripe.errors.StripeInvalidRequestError &&
              createError.code === 'resource_already_exists'
            )
          ) {
            throw createError;
          }
        }
      }
      return PRODUCT_ID;
    })().catch((error) => {
      productReady = undefined;
      throw error;
    });
    return productReady;
  };

  return {
    name: 'stripe',
    publishableKey: options.publishableKey ?? null,

    async createPaymentIntent(input) {
      const intent = await stripe.paymentIntents.create(
        {
          amount: input.amountCents,
          currency: 'aud',
          description: input.description,
          metadata: input.metadata,
          // The Publish modal takes a card; card-only also keeps confirmation free of redirects.
          // (API 2026-10 renamed payment_method_types to allowed_payment_method_types.)
          allowed_payment_method_types: ['card'],
        },
        // The same key returns the same intent: a double click or a retry never makes a second charge.
        { idempotencyKey: input.idempotencyKey },
      );
      const info = toInfo(intent);
      if (!info) throw new Error(`Stripe created payment intent ${intent.id} in ${intent.currency}, not AUD`);
      return info;
    },

    async retrievePaymentIntent(id) {
      try {
        return toInfo(await stripe.paymentIntents.retrieve(id));
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing') {
          return null;
        }
        throw error;
      }
    },

    async createSubscription(input) {
      const product = await ensureProduct();
      try {
        // A customer per attempt, under the attempt's own key: a retry returns the same one.
        const customer = await stripe.customers.create(
          {
            email: input.customer.email,
            name: input.customer.name,
            payment_method: input.paymentMethodId,
            invoice_settings: { default_payment_method: input.paymentMethodId },
            metadata: { user_id: input.metadata.user_id ?? '' },
          },
          { idempotencyKey: `${input.idempotencyKey}-customer` },
        );
        const subscription = await stripe.subscriptions.create(
          {
            customer: customer.id,
            description: input.description,
            items: [
              {
                price_data: {
                  currency: 'aud',
                  product,
                  unit_amount: input.amountCents,
                  recurring: { interval: 'month' },
                },
              },
            ],
            default_payment_method: input.paymentMethodId,
            // The first invoice waits for the card to be confirmed on the client (Stripe.js, 3-D
            // Secure included); its webhook (invoice.paid) is what moves the funder on.
            payment_behavior: 'default_incomplete',
            payment_settings: {
              payment_method_types: ['card'],
              save_default_payment_method: 'on_subscription',
            },
            metadata: input.metadata,
            expand: ['latest_invoice.confirmation_secret'],
          },
          { idempotencyKey: input.idempotencyKey },
        );
        const info = toSubscriptionInfo(subscription);
        if (!info) throw new Error(`Stripe created subscription ${subscription.id} not in AUD`);
        return info;
      } catch (error) {
        if (error instanceof Stripe.errors.StripeCardError) throw new PaymentMethodError(error.message);
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.param === 'payment_method') {
          throw new PaymentMethodError(error.message);
        }
        throw error;
      }
    },

    async retrieveSubscription(id) {
      try {
        return toSubscriptionInfo(
          await stripe.subscriptions.retrieve(id, { expand: ['latest_invoice.confirmation_secret'] }),
        );
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing') {
          return null;
        }
        throw error;
      }
    },

    async cancelSubscriptionAtPeriodEnd(id) {
      await stripe.subscriptions.update(id, { cancel_at_period_end: true });
    },

    parseWebhookEvent(rawBody, signature) {
      if (!options.webhookSecret) throw new WebhookVerificationError(paymentMessages.webhookNotConfigured);
      if (!signature) throw new WebhookVerificationError(paymentMessages.webhookSignatureMissing);
      let event: Stripe.Event;
      try {
        // The raw bytes as Stripe sent them: a parsed and re-serialised body would not verify. The
        // default tolerance (300 s) also refuses an old delivery replayed with its valid signature.
        event = stripe.webhooks.constructEvent(rawBody, signature, options.webhookSecret);
      } catch {
        throw new WebhookVerificationError(paymentMessages.webhookSignatureInvalid);
      }
      const object = event.data.object as { object?: string };
      const paymentIntent =
        event.type.startsWith('payment_intent.') && object.object === 'payment_intent'
          ? toInfo(object as Stripe.PaymentIntent)
          : null;
      const invoice =
        event.type.startsWith('invoice.') && object.object === 'invoice'
          ? toInvoiceInfo(object as Stripe.Invoice)
          : null;
      const subscription =
        event.type.startsWith('customer.subscription.') && object.object === 'subscription'
          ? toSubscriptionInfo(object as Stripe.Subscription)
          : null;
      return { id: event.id, type: event.type, paymentIntent, invoice, subscription, raw: event };
    },
  };
}
