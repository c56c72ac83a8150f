import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { LISTING_FEE_AUD } from '@plinth/domain/constants';
import { formatAud } from '@plinth/domain/format';
import { IconCreditCard } from '@tabler/icons-react';

/**
 * The card form of the offline payment sandbox. It checks what Stripe Elements checks in the
 * browser (number length and checksum, expiry, CVC) and shows the same kind of inline messages;
 * only the card number goes to the sandbox, which decides the outcome as Stripe test mode would.
 */

const digitsOf = (value: string) => value.replace(/\D/g, '');

/** '4242424242424242' → '4242 4242 4242 4242'. */
const groupCardNumber = (value: string) =>
  digitsOf(value)
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');

/** '1230' → '12 / 30', as the placeholder 'MM / YY' shows. */
function formatExpiry(value: string) {
  const digits = digitsOf(value).slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)} / ${digits.slice(2)}` : digits;
}

function passesLuhn(digits: string) {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

function cardNumberError(value: string) {
  const digits = digitsOf(value);
  if (digits.length === 0) return 'Enter your card number';
  if (digits.length < 13) return 'Your card number is incomplete';
  if (!passesLuhn(digits)) return 'Your card number is invalid';
  return null;
}

function expiryError(value: string, now = new Date()) {
  const digits = digitsOf(value);
  if (digits.length === 0) return 'Enter the expiry date';
  if (digits.length < 4) return "Your card's expiry date is incomplete";
  const month = Number(digits.slice(0, 2));
  const year = 2000 + Number(digits.slice(2));
  if (month < 1 || month > 12) return "Your card's expiry month is invalid";
  const thisMonth = now.getFullYear() * 12 + now.getMonth();
  if (year * 12 + (month - 1) < thisMonth) return "Your card's expiry date is in the past";
  return null;
}

function cvcError(value: string) {
  const digits = digitsOf(value);
  if (digits.length === 0) return 'Enter the security code';
  if (digits.length < 3) return "Your card's security code is incomplete";
  return null;
}

interface SandboxCardFormProps {
  isBusy: boolean;
  onPay: (cardNumber: string) => void;
}

export function SandboxCardForm({ isBusy, onPay }: SandboxCardFormProps) {
  const form = useForm({
    mode: 'controlled',
    initialValues: { cardNumber: '', expiry: '', cvc: '' },
    validateInputOnBlur: true,
    validate: { cardNumber: cardNumberError, expiry: (v) => expiryError(v), cvc: cvcError },
  });

  return (
    <form noValidate onSubmit={form.onSubmit((values) => onPay(digitsOf(values.cardNumber)))}>
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
          Pay {formatAud(LISTING_FEE_AUD)}
        </Button>
      </Stack>
    </form>
  );
}
