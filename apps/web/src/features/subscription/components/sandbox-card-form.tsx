import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCreditCard } from '@tabler/icons-react';
import type { CardPayment } from '../hooks/use-subscribe';
import { startSubscriptionLabel } from '../utils/labels';
import {
  cardNumberError,
  cvcError,
  digitsOf,
  expiryError,
  formatExpiry,
  groupCardNumber,
  sandboxPaymentMethodFor,
} from '../utils/sandbox-card';

interface SandboxCardFormProps {
  isBusy: boolean;
  onSubscribe: (card: CardPayment) => void;
}

/**
 * The card form of the offline payment sandbox: checked in the browser as Stripe Elements would
 * check it, then turned into a test PaymentMethod id. The number itself never leaves the page.
 */
export function SandboxCardForm({ isBusy, onSubscribe }: SandboxCardFormProps) {
  const form = useForm({
    mode: 'controlled',
    initialValues: { cardNumber: '', expiry: '', cvc: '' },
    validateInputOnBlur: true,
    validate: { cardNumber: cardNumberError, expiry: (value) => expiryError(value), cvc: cvcError },
  });

  const submit = form.onSubmit(({ cardNumber }) =>
    onSubscribe({ createPaymentMethod: async () => sandboxPaymentMethodFor(digitsOf(cardNumber)) }),
  );

  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="sm">
        <TextInput
          label="Card number"
          placeholder="1234 1234 1234 1234"
          inputMode="numeric"
          autoComplete="cc-number"
          leftSection={<IconCreditCard aria-hidden size={18} />}
          {...form.getInputProps('cardNumber')}
          onChange={(event) => form.setFieldValue('cardNumber', groupCardNumber(event.currentTarget.value))}
        />
        <Group grow align="flex-start" gap="sm">
          <TextInput
            label="Expiry (MM / YY)"
            placeholder="MM / YY"
            inputMode="numeric"
            autoComplete="cc-exp"
            {...form.getInputProps('expiry')}
            onChange={(event) => form.setFieldValue('expiry', formatExpiry(event.currentTarget.value))}
          />
          <TextInput
            label="CVC"
            placeholder="123"
            inputMode="numeric"
            autoComplete="cc-csc"
            maxLength={4}
            {...form.getInputProps('cvc')}
            onChange={(event) => form.setFieldValue('cvc', digitsOf(event.currentTarget.value).slice(0, 4))}
          />
        </Group>
        <Text fz="xs" c="gray.7">
          Sandbox mode: no real charge. Test cards: 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is
          declined, 4000 0025 0000 3155 asks for confirmation. Use any future expiry and any CVC.
        </Text>
        <Button type="submit" loading={isBusy} fullWidth mt="xs">
          {startSubscriptionLabel}
        </Button>
      </Stack>
    </form>
  );
}
