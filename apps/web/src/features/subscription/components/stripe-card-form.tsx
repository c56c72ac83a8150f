import { Box, Button, Input, Stack } from '@mantine/core';
import { subscriptionMessages } from '@plinth/domain/subscriptions';
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe } from '@stripe/stripe-js';
import { useState } from 'react';
import type { CardPayment, ClientOutcome } from '../hooks/use-subscribe';
import { startSubscriptionLabel } from '../utils/labels';
import type { PaymentMethodResult } from '../utils/sandbox-card';

/**
 * Stripe Elements, used when the server is configured with Stripe keys. The subscription modal
 * imports this module lazily only then, so Stripe's code (and its script from js.stripe.com) never
 * loads in the sandbox.
 */

const stripeByKey = new Map<string, Promise<Stripe | null>>();

// One Stripe instance per publishable key for the life of the page, as Stripe recommends.
function stripeFor(publishableKey: string) {
  let stripe = stripeByKey.get(publishableKey);
  if (!stripe) {
    stripe = loadStripe(publishableKey);
    stripeByKey.set(publishableKey, stripe);
  }
  return stripe;
}

export interface StripeCardFormProps {
  publishableKey: string;
  isBusy: boolean;
  onSubscribe: (card: CardPayment) => void;
}

export default function StripeCardForm({ publishableKey, ...props }: StripeCardFormProps) {
  return (
    <Elements stripe={stripeFor(publishableKey)}>
      <CardForm {...props} />
    </Elements>
  );
}

function CardForm({ isBusy, onSubscribe }: Omit<StripeCardFormProps, 'publishableKey'>) {
  const stripe = useStripe();
  const elements = useElements();
  const [cardError, setCardError] = useState<string | null>(null);

  const createPaymentMethod = async (): Promise<PaymentMethodResult> => {
    const card = elements?.getElement(CardElement);
    if (!stripe || !card) return { ok: false, message: subscriptionMessages.activationFallback };
    const { error, paymentMethod } = await stripe.createPaymentMethod({ type: 'card', card });
    if (error) return { ok: false, message: error.message ?? subscriptionMessages.activationFallback };
    return { ok: true, paymentMethodId: paymentMethod.id };
  };

  // The first invoice's payment asks for the bank's extra step: Stripe.js shows it and confirms.
  const confirmAction = async (clientSecret: string): Promise<ClientOutcome> => {
    if (!stripe) return { ok: false, message: subscriptionMessages.activationFallback };
    const { error, paymentIntent } = await stripe.confirmCardPayment(clientSecret);
    if (error) return { ok: false, message: error.message ?? subscriptionMessages.activationFallback };
    // 'processing' is a success still settling at the bank; the invoice webhook completes it.
    if (paymentIntent.status === 'succeeded' || paymentIntent.status === 'processing') return { ok: true };
    return { ok: false, message: subscriptionMessages.activationFallback };
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSubscribe({ createPaymentMethod, confirmAction });
      }}
    >
      <Stack gap="sm">
        <Input.Wrapper label="Card details" error={cardError}>
          <Box
            mt={4}
            p="sm"
            style={{
              border: '1px solid var(--mantine-color-gray-4)',
              borderRadius: 'var(--mantine-radius-md)',
            }}
          >
            <CardElement
              options={{ hidePostalCode: true, style: { base: { fontSize: '16px' } } }}
              onChange={(event) => setCardError(event.error?.message ?? null)}
            />
          </Box>
        </Input.Wrapper>
        <Button type="submit" loading={isBusy} disabled={!stripe} fullWidth mt="xs">
          {startSubscriptionLabel}
        </Button>
      </Stack>
    </form>
  );
}
