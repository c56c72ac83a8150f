import { paymentMessages, sandboxCardOutcome, sandboxPaymentMethods } from '@plinth/domain/payments';

/**
 * The sandbox's card form has no Stripe.js to turn a card into a PaymentMethod, so it does what
 * Stripe test mode would: the test card numbers become Stripe's test PaymentMethod ids
 * (DESIGN.md section 4), and only that id goes to the server, never the number.
 */

export const digitsOf = (value: string) => value.replace(/\D/g, '');

/** '4242424242424242' → '4242 4242 4242 4242'. */
export const groupCardNumber = (value: string) =>
  digitsOf(value)
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');

/** '1230' → '12 / 30', as the placeholder 'MM / YY' shows. */
export function formatExpiry(value: string) {
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

/** The inline checks Stripe Elements makes in the browser, with its kind of messages. */
export function cardNumberError(value: string) {
  const digits = digitsOf(value);
  if (digits.length === 0) return 'Enter your card number';
  if (digits.length < 13) return 'Your card number is incomplete';
  if (!passesLuhn(digits)) return 'Your card number is invalid';
  return null;
}

export function expiryError(value: string, now = new Date()) {
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

export function cvcError(value: string) {
  const digits = digitsOf(value);
  if (digits.length === 0) return 'Enter the security code';
  if (digits.length < 3) return "Your card's security code is incomplete";
  return null;
}

export type PaymentMethodResult = { ok: true; paymentMethodId: string } | { ok: false; message: string };

/**
 * The test PaymentMethod id for a sandbox card number. Any other number is declined here, as
 * Stripe test mode declines real cards, with the sandbox's own hint at the test cards.
 */
export function sandboxPaymentMethodFor(cardNumber: string): PaymentMethodResult {
  const card = sandboxCardOutcome({ card_number: cardNumber });
  if (!card.ok) return card;
  switch (card.outcome) {
    case 'succeeded':
      return { ok: true, paymentMethodId: sandboxPaymentMethods.success };
    case 'declined':
      return { ok: true, paymentMethodId: sandboxPaymentMethods.declined };
    case 'requires_action':
      return { ok: true, paymentMethodId: sandboxPaymentMethods.requiresAction };
    case 'unknown_card':
      return { ok: false, message: paymentMessages.unknownTestCard };
    default:
      return card.outcome satisfies never;
  }
}
