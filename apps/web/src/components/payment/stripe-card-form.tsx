import { Center, Loader } from '@mantine/core';
import type { PaymentMethodResult } from '@plinth/domain/payments';
import { lazy, Suspense } from 'react';

// Stripe's code (and its script from js.stripe.com) loads only when this form is shown, that is
// when the server says Stripe is configured (publishable_key non-null): never in the sandbox or on
// the landing page.
const StripeElementsForm = lazy(() => import('./stripe-elements-form'));

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

/** Stripe Elements' card field, used when the server is configured with Stripe keys. */
export function StripeCardForm(props: StripeCardFormProps) {
  return (
    <Suspense
      fallback={
        <Center py="lg">
          <Loader role="status" aria-label="Loading card form" size="sm" />
        </Center>
      }
    >
      <StripeElementsForm {...props} />
    </Suspense>
  );
}
