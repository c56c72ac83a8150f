import { Center, Loader } from '@mantine/core';
import { lazy, Suspense } from 'react';
import type { StripeCardFormProps } from './stripe-card-types';

// Stripe's code (and its script from js.stripe.com) loads only when this form is shown, that is
// when the server says Stripe is configured (publishable_key non-null): never in the sandbox or on
// the landing page.
const StripeElementsForm = lazy(() => import('./stripe-elements-form'));

export type { PaymentOutcome, StripeCard, StripeCardFormProps } from './stripe-card-types';

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
