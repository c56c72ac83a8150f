import { Box, Button, Input, Stack } from '@mantine/core';
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe } from '@stripe/stripe-js';
import { useState } from 'react';
import type { PaymentOutcome, StripeCard, StripeCardFormProps } from './stripe-card-types';

/** Stripe Elements itself; only stripe-card-form.tsx imports it, lazily, so Stripe stays out of other bundles. */

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

export default function StripeElementsForm({ publishableKey, ...props }: StripeCardFormProps) {
  return (
    <Elements stripe={stripeFor(publishableKey)}>
      <CardForm {...props} />
    </Elements>
  );
}

function CardForm({
  isBusy,
  submitLabel,
  fallbackMessage,
  onSubmit,
}: Omit<StripeCardFormProps, 'publishableKey'>) {
  const stripe = useStripe();
  const elements = useElements();
  const [cardError, setCardError] = useState<string | null>(null);

  const failure = (message?: string) => ({ ok: false, message: message ?? fallbackMessage }) as const;

  const confirm = async (clientSecret: string, isWithCard: boolean): Promise<PaymentOutcome> => {
    if (!stripe) return failure();
    let result: Awaited<ReturnType<Stripe['confirmCardPayment']>>;
    if (isWithCard) {
      const card = elements?.getElement(CardElement);
      if (!card) return failure();
      result = await stripe.confirmCardPayment(clientSecret, { payment_method: { card } });
    } else {
      result = await stripe.confirmCardPayment(clientSecret);
    }
    const { error, paymentIntent } = result;
    if (error) return failure(error.message);
    // 'processing' is a success still settling at the bank; the webhook completes it.
    if (paymentIntent.status === 'succeeded' || paymentIntent.status === 'processing') return { ok: true };
    return failure();
  };

  const card: StripeCard = {
    createPaymentMethod: async () => {
      const element = elements?.getElement(CardElement);
      if (!stripe || !element) return failure();
      const { error, paymentMethod } = await stripe.createPaymentMethod({ type: 'card', card: element });
      if (error) return failure(error.message);
      return { ok: true, paymentMethodId: paymentMethod.id };
    },
    confirmWithCard: (clientSecret) => confirm(clientSecret, true),
    confirmAction: (clientSecret) => confirm(clientSecret, false),
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit(card);
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
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}
