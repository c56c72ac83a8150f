import type { PaymentMethodResult } from '@plinth/domain/payments';

/** The card form's contract, apart from the form so the lazily loaded Stripe Elements half can share it without an import circle. */

export type PaymentOutcome = { ok: true } | { ok: false; message: string };

/** What can be done with the card typed into Stripe Elements. Failures resolve to a message. */
export interface StripeCard {
  /** Stripe.js createPaymentMethod: a PaymentMethod for the server to charge. */
  createPaymentMethod: () => Promise<PaymentMethodResult>;
  /** Stripe.js confirmCardPayment of the server's PaymentIntent with the card typed in. */
  confirmWithCard: (clientSecret: string) => Promise<PaymentOutcome>;
  /** Stripe.js confirmCardPayment of a PaymentIntent that has its card: shows the bank's extra step. */
  confirmAction: (clientSecret: string) => Promise<PaymentOutcome>;
}

export interface StripeCardFormProps {
  publishableKey: string;
  isBusy: boolean;
  /** The button's text, with the amount: 'Pay $499', 'Start Subscription - $299/month'. */
  submitLabel: string;
  /** The message of a failure Stripe.js gives no words for. */
  fallbackMessage: string;
  /** Receives the card's actions on submit; the caller runs the ones its payment needs. */
  onSubmit: (card: StripeCard) => void;
}
