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

/** The provider's status of a subscription (Stripe's names; the sandbox uses the same). */
export type ProviderSubscriptionStatus =
  | 'incomplete'
  | 'incomplete_expired'
  | 'active'
  | 'trialing'
  | 'past_due'
  | 'unpaid'
  | 'canceled'
  | 'paused';

/** A subscription as the provider reports it. */
export interface SubscriptionInfo {
  id: string;
  status: ProviderSubscriptionStatus;
  amountCents: number;
  currency: 'AUD';
  /** user_id and type 'subscription', as we created it. */
  metadata: Record<string, string>;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  /**
   * Its latest invoice's payment: succeeded once paid; requires_action with the client secret to
   * confirm the card on the client (3-D Secure, or Stripe's default_incomplete first payment);
   * requires_payment_method with the decline message after a failed attempt.
   */
  payment: {
    status: PaymentIntentStatus;
    clientSecret: string | null;
    lastError: string | null;
  };
}

/** An invoice of a subscription, from an `invoice.*` event. */
export interface InvoiceInfo {
  id: string;
  subscriptionId: string;
  amountCents: number;
  currency: 'AUD';
  /** subscription_create for the first payment, subscription_cycle for a renewal, and so on. */
  billingReason: string | null;
  /** The end of the period this invoice pays for. */
  periodEnd: Date | null;
  /** The subscription's metadata (user_id, type) as the invoice carries it. */
  metadata: Record<string, string>;
  lastError: string | null;
}

/** What the payments module reacts to, whether it came from a Stripe webhook or from the sandbox. */
export interface PaymentEvent {
  /** Unique per provider: a second delivery of the same id changes nothing. */
  id: string;
  type:
    | 'payment_intent.succeeded'
    | 'payment_intent.payment_failed'
    | 'invoice.paid'
    | 'invoice.payment_failed'
    | 'invoice.payment_action_required'
    | 'customer.subscription.updated'
    | 'customer.subscription.deleted'
    | string;
  paymentIntent: PaymentIntentInfo | null;
  /** Set for `invoice.*` events of a subscription. */
  invoice?: InvoiceInfo | null;
  /** Set for `customer.subscription.*` events. */
  subscription?: SubscriptionInfo | null;
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
   * Subscribes a customer to the monthly plan with a card's payment method id; the same
   * idempotency key returns the same subscription. Throws PaymentMethodError when the card is
   * refused before any charge (an unknown or unusable payment method).
   */
  createSubscription(input: {
    paymentMethodId: string;
    amountCents: number;
    idempotencyKey: string;
    customer: { email: string; name: string };
    metadata: Record<string, string>;
    description: string;
  }): Promise<SubscriptionInfo>;
  retrieveSubscription(id: string): Promise<SubscriptionInfo | null>;
  /** Stops renewals: the subscription runs to the end of the period it is paid for. */
  cancelSubscriptionAtPeriodEnd(id: string): Promise<void>;
  /**
   * Verifies a webhook delivery on its raw bytes (never a re-serialised body) and turns it into a
   * PaymentEvent. Throws WebhookVerificationError when the signature is missing or wrong, or when
   * this provider receives no webhooks.
   */
  parseWebhookEvent(rawBody: Buffer, signature: string | undefined): PaymentEvent;
}

/** A webhook delivery that cannot be trusted: the route answers 400 and processes nothing. */
export class WebhookVerificationError extends Error {}

/** A payment method the provider refuses outright (its message is for the card holder): 400. */
export class PaymentMethodError extends Error {}
