import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { cardCvcError, cardDigits, cardExpiryError, cardNumberError } from '@plinth/domain/payments';
import { IconCreditCard } from '@tabler/icons-react';

/** '4242424242424242' → '4242 4242 4242 4242'. */
const groupCardNumber = (value: string) =>
  cardDigits(value)
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');

/** '1230' → '12 / 30', as the placeholder 'MM / YY' shows. */
function formatExpiry(value: string) {
  const digits = cardDigits(value).slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)} / ${digits.slice(2)}` : digits;
}

interface SandboxCardFormProps {
  isBusy: boolean;
  /** The button's text, with the amount: 'Pay $499', 'Start Subscription - $299/month'. */
  submitLabel: string;
  /** Receives the card number, digits only, once the checks pass; expiry and CVC go nowhere. */
  onSubmit: (card: { cardNumber: string }) => void;
}

/**
 * The card form of the offline payment sandbox. It checks what Stripe Elements checks in the
 * browser (number length and checksum, expiry, CVC) and shows the same kind of inline messages;
 * what becomes of the number (sent to the sandbox, or turned into a test PaymentMethod) is the
 * caller's.
 */
export function SandboxCardForm({ isBusy, submitLabel, onSubmit }: SandboxCardFormProps) {
  const form = useForm({
    mode: 'controlled',
    initialValues: { cardNumber: '', expiry: '', cvc: '' },
    validateInputOnBlur: true,
    validate: { cardNumber: cardNumberError, expiry: (value) => cardExpiryError(value), cvc: cardCvcError },
  });

  return (
    <form
      noValidate
      onSubmit={form.onSubmit(({ cardNumber }) => onSubmit({ cardNumber: cardDigits(cardNumber) }))}
    >
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
            onChange={(event) => form.setFieldValue('cvc', cardDigits(event.currentTarget.value).slice(0, 4))}
          />
        </Group>
        <Text fz="xs" c="gray.7">
          Sandbox mode: no real charge. Test cards: 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is
          declined, 4000 0025 0000 3155 asks for confirmation. Use any future expiry and any CVC.
        </Text>
        <Button type="submit" loading={isBusy} fullWidth mt="xs">
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}
