import { z } from 'zod';

/** Publishing payments (spec 000 section 2 Publish modal; DESIGN.md section 4). */

export const paymentMessages = {
  alreadyProcessed: 'Payment already processed. Your project is under admin review.',
  documentsIncomplete: 'Upload all required documents first',
  failedTitle: 'Payment Failed',
  genericFailure: 'An error occurred during payment',
  declined: 'Your card was declined.',
  alreadyPaid: 'The listing fee for this project has already been paid',
  notAwaitingPayment: 'This project is not awaiting payment',
  processing: 'Your payment is still being processed. Please check again in a moment.',
  alreadySucceeded: 'This payment has already succeeded',
  notAwaitingAuthentication: 'This payment is not waiting for authentication',
  paymentNotFound: 'Payment not found',
  cardIncomplete: 'Your card number is incomplete.',
  cardInvalid: 'Your card number is invalid.',
  cardOrPaymentMethod: 'Enter a card number or a test payment method, not both',
  unknownPaymentMethod: 'Unknown test payment method',
  unknownTestCard:
    'Your card was declined. This is the test sandbox: use a test card such as 4242 4242 4242 4242.',
  authenticationRequired: 'Your bank asks you to confirm this payment.',
  authenticationFailed:
    'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
  webhookNotConfigured: 'Webhook signature verification is not configured',
  webhookSignatureMissing: 'Missing Stripe-Signature header',
  webhookSignatureInvalid: 'Invalid webhook signature',
} as const;

/** The sandbox's test cards, as in Stripe test mode. */
export const sandboxCards = {
  success: '4242424242424242',
  declined: '4000000000000002',
  requiresAction: '4000002500003155',
} as const;

/** Stripe's test PaymentMethod ids, which the sandbox accepts the same way. */
export const sandboxPaymentMethods = {
  success: 'pm_card_visa',
  declined: 'pm_card_chargeDeclined',
  requiresAction: 'pm_card_authenticationRequired',
} as const;

export type SandboxCardOutcome = 'succeeded' | 'declined' | 'requires_action' | 'unknown_card';

/** Card numbers are typed with spaces (and sometimes dashes); only the digits count. */
export const normalizeCardNumber = (input: string) => input.replace(/[\s-]/g, '');

/**
 * What the sandbox does with a card number or a test PaymentMethod id, as Stripe test mode would:
 * a known test card has its outcome, any other well-formed number is declined, and input that is
 * not a card number at all is refused with Stripe's own message (the card form shows it inline).
 */
export function sandboxCardOutcome(input: {
  card_number?: string;
  payment_method?: string;
}): { ok: true; outcome: SandboxCardOutcome } | { ok: false; message: string } {
  const hasCard = input.card_number !== undefined && input.card_number.trim() !== '';
  const hasMethod = input.payment_method !== undefined && input.payment_method.trim() !== '';
  if (hasCard && hasMethod) return { ok: false, message: paymentMessages.cardOrPaymentMethod };
  if (hasMethod) {
    const method = input.payment_method!.trim();
    if (method === sandboxPaymentMethods.success) return { ok: true, outcome: 'succeeded' };
    if (method === sandboxPaymentMethods.declined) return { ok: true, outcome: 'declined' };
    if (method === sandboxPaymentMethods.requiresAction) return { ok: true, outcome: 'requires_action' };
    return { ok: false, message: paymentMessages.unknownPaymentMethod };
  }
  if (!hasCard) return { ok: false, message: paymentMessages.cardIncomplete };
  const digits = normalizeCardNumber(input.card_number!);
  if (!/^\d+$/.test(digits)) return { ok: false, message: paymentMessages.cardInvalid };
  if (digits.length < 12) return { ok: false, message: paymentMessages.cardIncomplete };
  if (digits.length > 19) return { ok: false, message: paymentMessages.cardInvalid };
  if (digits === sandboxCards.success) return { ok: true, outcome: 'succeeded' };
  if (digits === sandboxCards.declined) return { ok: true, outcome: 'declined' };
  if (digits === sandboxCards.requiresAction) return { ok: true, outcome: 'requires_action' };
  return { ok: true, outcome: 'unknown_card' };
}

/** What was typed into a card field, digits only: the spaces and ' / ' the form puts in are dropped. */
export const cardDigits = (input: string) => input.replace(/\D/g, '');

/** The Luhn checksum every card number passes. */
export function passesLuhn(digits: string) {
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

/*
 * The inline checks Stripe Elements makes in the browser, with its kind of messages. The sandbox's
 * card form makes the same checks, so a typo is caught before anything is sent.
 */

export function cardNumberError(value: string) {
  const digits = cardDigits(value);
  if (digits.length === 0) return 'Enter your card number';
  if (digits.length < 13) return 'Your card number is incomplete';
  if (!passesLuhn(digits)) return 'Your card number is invalid';
  return null;
}

/** The expiry typed as 'MM / YY'; the month it names is still good, an earlier one is in the past. */
export function cardExpiryError(value: string, now = new Date()) {
  const digits = cardDigits(value);
  if (digits.length === 0) return 'Enter the expiry date';
  if (digits.length < 4) return "Your card's expiry date is incomplete";
  const month = Number(digits.slice(0, 2));
  const year = 2000 + Number(digits.slice(2));
  if (month < 1 || month > 12) return "Your card's expiry month is invalid";
  const thisMonth = now.getFullYear() * 12 + now.getMonth();
  if (year * 12 + (month - 1) < thisMonth) return "Your card's expiry date is in the past";
  return null;
}

export function cardCvcError(value: string) {
  const digits = cardDigits(value);
  if (digits.length === 0) return 'Enter the security code';
  if (digits.length < 3) return "Your card's security code is incomplete";
  return null;
}

export type PaymentMethodResult = { ok: true; paymentMethodId: string } | { ok: false; message: string };

/**
 * The sandbox has no Stripe.js to turn a card into a PaymentMethod, so it does what Stripe test mode
 * would: a test card number becomes Stripe's test PaymentMethod id (DESIGN.md section 4), and only
 * that id goes to the server. Any other number is declined here, as Stripe test mode declines real
 * cards, with the sandbox's own hint at the test cards.
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

export const createProjectPaymentBody = z.strictObject({
  project_id: z.uuid({ error: 'Project not found' }),
});

/**
 * Either a payment to confirm on the client (Stripe Elements with the publishable key, or the
 * sandbox card form), or — when the project is already under review — status payment_pending.
 */
export const createProjectPaymentResponse = z.union([
  z.object({
    status: z.literal('requires_confirmation'),
    provider: z.enum(['sandbox', 'stripe']),
    payment_intent_id: z.string(),
    client_secret: z.string(),
    amount_cents: z.number(),
    currency: z.literal('AUD'),
    publishable_key: z.string().nullable(),
  }),
  z.object({ status: z.literal('payment_pending'), message: z.string() }),
]);
export type CreateProjectPaymentResponse = z.infer<typeof createProjectPaymentResponse>;

/** Sandbox confirmation: the card form posts the card number (never stored) or a test PaymentMethod id. */
export const sandboxConfirmBody = z.strictObject({
  payment_intent_id: z.string().min(1).max(100),
  client_secret: z.string().min(1).max(200),
  card_number: z.string().max(30).optional(),
  payment_method: z.string().max(60).optional(),
});

/** Completes the extra step of a card that requires authentication (the sandbox's "3-D Secure" page). */
export const sandboxAuthenticateBody = z.strictObject({
  payment_intent_id: z.string().min(1).max(100),
  client_secret: z.string().min(1).max(200),
  approve: z.boolean(),
});

export const paymentConfirmationResponse = z.object({
  status: z.enum(['succeeded', 'requires_action', 'failed']),
  message: z.string().nullable(),
});
export type PaymentConfirmationResponse = z.infer<typeof paymentConfirmationResponse>;

/** What the webhook answers Stripe: any 2xx stops redelivery; `duplicate` says the event id was seen before. */
export const paymentWebhookResponse = z.object({ received: z.literal(true), duplicate: z.boolean() });
