/**
 * The one interface the app uses for card payments. Two implementations: the offline sandbox
 * (default; behaves like Stripe test mode) and Stripe (STRIPE_SECRET_KEY). Amounts are in cents.
 */

export type PaymentIntentStatus =
  | 'requires_payment_method'
  | 'requires_confirmation'
  | 'requires_action'
  | 'processing'
  | 'succeeded'
  | 'canceled';

export interface PaymentIntentInfo {
  id: string;
  clientSecret: string;
  status: PaymentIntentStatus;
  amountCents: number;
  currency: 'AUD';
  metadata: Record<string, string>;
  /** The last failure the provider reported (a declined card), if any. */
  lastError: string | null;
}

/** What the payments module reacts to, whether it came from a Stripe webhook or from the sandbox. */
export interface PaymentEvent {
  /** Unique per provider: a second delivery of the same id changes nothing. */
  id: string;
  type: 'payment_intent.succeeded' | 'payment_intent.payment_failed' | string;
  paymentIntent: PaymentIntentInfo | null;
  raw: unknown;
}

export interface PaymentProvider {
  readonly name: 'sandbox' | 'stripe';
  /** For the web app's card form (Stripe Elements); null for the sandbox. */
  readonly publishableKey: string | null;
  /** Creates a payment intent; the same idempotency key returns the same intent. */
  createPaymentIntent(input: {
    amountCents: number;
    idempotencyKey: string;
    metadata: Record<string, string>;
    description: string;
  }): Promise<PaymentIntentInfo>;
  retrievePaymentIntent(id: string): Promise<PaymentIntentInfo | null>;
  /**
   * Verifies a webhook delivery on its raw bytes (never a re-serialised body) and turns it into a
   * PaymentEvent. Throws WebhookVerificationError when the signature is missing or wrong, or when
   * this provider receives no webhooks.
   */
  parseWebhookEvent(rawBody: Buffer, signature: string | undefined): PaymentEvent;
}

/** A webhook delivery that cannot be trusted: the route answers 400 and processes nothing. */
export class WebhookVerificationError extends Error {}
