import { Box, Button, Input, Stack } from '@mantine/core';
import { LISTING_FEE_AUD } from '@plinth/domain/constants';
import { formatAud } from '@plinth/domain/format';
import { paymentMessages } from '@plinth/domain/payments';
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe } from '@stripe/stripe-js';
import { useState } from 'react';
import type { StripeOutcome } from '../hooks/use-publish-payment';

/**
 * Stripe Elements, used when the server is configured with Stripe keys. This module is imported
 * lazily by the Publish modal only in that case, so Stripe's code (and its script from js.stripe.com)
 * never loads in the sandbox or on the landing page.
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
  clientSecret: string;
  isBusy: boolean;
  onPay: (confirm: () => Promise<StripeOutcome>) => void;
}

export default function StripeCardForm({ publishableKey, ...props }: StripeCardFormProps) {
  return (
    <Elements stripe={stripeFor(publishableKey)}>
      <CardForm {...props} />
    </Elements>
  );
}

function CardForm({ clientSecret, isBusy, onPay }: Omit<StripeCardFormProps, 'publishableKey'>) {
  const stripe = useStripe();
  const elements = useElements();
  const [cardError, setCardError] = useState<string | null>(null);

  const confirm = async (): Promise<StripeOutcome> => {
    const card = elements?.getElement(CardElement);
    if (!stripe || !card) return { ok: false, message: paymentMessages.genericFailure };
    const { error, paymentIntent } = await stripe.confirmCardPayment(clientSecret, {
      payment_method: { card },
    });
    if (error) return { ok: false, message: error.message ?? paymentMessages.genericFailure };
    // 'processing' is a success still settling at the bank; the webhook completes it.
    if (paymentIntent.status === 'succeeded' || paymentIntent.status === 'processing') return { ok: true };
    return { ok: false, message: paymentMessages.genericFailure };
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onPay(confirm);
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
          Pay {formatAud(LISTING_FEE_AUD)}
        </Button>
      </Stack>
    </form>
  );
}
