import { paymentMessages } from '@plinth/domain/payments';
import Stripe from 'stripe';
import {
  type PaymentIntentInfo,
  type PaymentIntentStatus,
  type PaymentProvider,
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

/** Stripe PaymentIntents (STRIPE_SECRET_KEY); the web app confirms the card with Stripe Elements. */
export function createStripeProvider(options: StripeOptions): PaymentProvider {
  const stripe = new Stripe(options.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    appInfo: { name: 'Plinth' },
  });

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
      return { id: event.id, type: event.type, paymentIntent, raw: event };
    },
  };
}
