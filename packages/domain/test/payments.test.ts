import { describe, expect, it } from 'vitest';
import { LISTING_FEE_AUD, LISTING_FEE_CENTS } from '../src/constants';
import {
  createProjectPaymentBody,
  normalizeCardNumber,
  paymentMessages,
  sandboxAuthenticateBody,
  sandboxCardOutcome,
  sandboxCards,
  sandboxConfirmBody,
  sandboxPaymentMethods,
} from '../src/payments';

describe('listing fee and payment messages', () => {
  it('LISTING_FEE: is $499, 49,900 cents', () => {
    expect(LISTING_FEE_AUD).toBe(499);
    expect(LISTING_FEE_CENTS).toBe(49_900);
  });

  it('paymentMessages: the spec-quoted texts are exact', () => {
    expect(paymentMessages.alreadyProcessed).toBe(
      'Payment already processed. Your project is under admin review.',
    );
    expect(paymentMessages.documentsIncomplete).toBe('Upload all required documents first');
    expect(paymentMessages.failedTitle).toBe('Payment Failed');
    expect(paymentMessages.genericFailure).toBe('An error occurred during payment');
  });

  it("paymentMessages: card errors use Stripe's own wording", () => {
    expect(paymentMessages.declined).toBe('Your card was declined.');
    expect(paymentMessages.cardIncomplete).toBe('Your card number is incomplete.');
    expect(paymentMessages.cardInvalid).toBe('Your card number is invalid.');
    expect(paymentMessages.unknownTestCard).toContain('4242 4242 4242 4242');
  });
});

describe('normalizeCardNumber', () => {
  it('normalizeCardNumber: spaces are removed', () => {
    expect(normalizeCardNumber('4242 4242 4242 4242')).toBe('4242424242424242');
  });

  it('normalizeCardNumber: dashes, tabs and surrounding spaces are removed', () => {
    expect(normalizeCardNumber(' 4000-0000-0000\t0002 ')).toBe('4000000000000002');
  });

  it('normalizeCardNumber: other characters are left for the validity check to refuse', () => {
    expect(normalizeCardNumber('4242.4242')).toBe('4242.4242');
    expect(normalizeCardNumber('abcd 1234')).toBe('abcd1234');
  });

  it('normalizeCardNumber: an empty input stays empty', () => {
    expect(normalizeCardNumber('')).toBe('');
  });
});

describe('sandboxCardOutcome', () => {
  it('sandboxCards: are the Stripe test cards for success, decline and 3-D Secure', () => {
    expect(sandboxCards).toEqual({
      success: '4242424242424242',
      declined: '4000000000000002',
      requiresAction: '4000002500003155',
    });
  });

  it.each([
    ['4242 4242 4242 4242', 'succeeded'],
    ['4242424242424242', 'succeeded'],
    ['4000 0000 0000 0002', 'declined'],
    ['4000-0025-0000-3155', 'requires_action'],
  ] as const)("sandboxCardOutcome: card '%s' returns outcome %s", (card, outcome) => {
    expect(sandboxCardOutcome({ card_number: card })).toEqual({ ok: true, outcome });
  });

  it.each([
    [sandboxPaymentMethods.success, 'succeeded'],
    [sandboxPaymentMethods.declined, 'declined'],
    [sandboxPaymentMethods.requiresAction, 'requires_action'],
  ] as const)("sandboxCardOutcome: payment method '%s' returns outcome %s", (method, outcome) => {
    expect(sandboxCardOutcome({ payment_method: method })).toEqual({ ok: true, outcome });
  });

  it('sandboxCardOutcome: a payment method id is trimmed before it is matched', () => {
    expect(sandboxCardOutcome({ payment_method: '  pm_card_visa  ' })).toEqual({
      ok: true,
      outcome: 'succeeded',
    });
  });

  it("sandboxCardOutcome: an unknown payment method returns 'Unknown test payment method'", () => {
    expect(sandboxCardOutcome({ payment_method: 'pm_card_mastercard' })).toEqual({
      ok: false,
      message: 'Unknown test payment method',
    });
  });

  it('sandboxCardOutcome: both a card and a payment method are refused', () => {
    expect(sandboxCardOutcome({ card_number: '4242424242424242', payment_method: 'pm_card_visa' })).toEqual({
      ok: false,
      message: 'Enter a card number or a test payment method, not both',
    });
  });

  it('sandboxCardOutcome: a blank field counts as absent, so the other one is used', () => {
    expect(sandboxCardOutcome({ card_number: '  ', payment_method: 'pm_card_visa' })).toEqual({
      ok: true,
      outcome: 'succeeded',
    });
    expect(sandboxCardOutcome({ card_number: '4242424242424242', payment_method: '' })).toEqual({
      ok: true,
      outcome: 'succeeded',
    });
  });

  it("sandboxCardOutcome: with neither a card nor a method returns 'Your card number is incomplete.'", () => {
    for (const input of [{}, { card_number: '' }, { card_number: '   ', payment_method: ' ' }]) {
      expect(sandboxCardOutcome(input)).toEqual({ ok: false, message: 'Your card number is incomplete.' });
    }
  });

  it("sandboxCardOutcome: a number with letters or other signs returns 'Your card number is invalid.'", () => {
    for (const card_number of ['4242 4242 4242 424x', '4242.4242.4242.4242', '+4242424242424242']) {
      expect(sandboxCardOutcome({ card_number })).toEqual({
        ok: false,
        message: 'Your card number is invalid.',
      });
    }
  });

  it("sandboxCardOutcome: 11 digits returns 'Your card number is incomplete.'; 12 digits is well formed", () => {
    expect(sandboxCardOutcome({ card_number: '4242 4242 424' })).toEqual({
      ok: false,
      message: 'Your card number is incomplete.',
    });
    expect(sandboxCardOutcome({ card_number: '4242 4242 4242' })).toEqual({
      ok: true,
      outcome: 'unknown_card',
    });
  });

  it("sandboxCardOutcome: 19 digits is well formed; 20 digits returns 'Your card number is invalid.'", () => {
    expect(sandboxCardOutcome({ card_number: '1'.repeat(19) })).toEqual({
      ok: true,
      outcome: 'unknown_card',
    });
    expect(sandboxCardOutcome({ card_number: '1'.repeat(20) })).toEqual({
      ok: false,
      message: 'Your card number is invalid.',
    });
  });

  it('sandboxCardOutcome: any other well-formed number is an unknown card (declined by the sandbox)', () => {
    expect(sandboxCardOutcome({ card_number: '5555 5555 5555 4444' })).toEqual({
      ok: true,
      outcome: 'unknown_card',
    });
  });
});

describe('payment request schemas', () => {
  const intent = { payment_intent_id: 'pi_sandbox_123', client_secret: 'pi_sandbox_123_secret_abc' };

  it("createProjectPaymentBody: refuses a project id that is not a UUID with 'Project not found'", () => {
    const result = createProjectPaymentBody.safeParse({ project_id: '42' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Project not found');
  });

  it('createProjectPaymentBody: accepts a UUID and refuses unknown keys such as an amount', () => {
    const project_id = '3f2b8c1e-5d4a-4e7b-9c2d-1a0b9e8f7d6c';
    expect(createProjectPaymentBody.safeParse({ project_id }).success).toBe(true);
    expect(createProjectPaymentBody.safeParse({ project_id, amount_cents: 1 }).success).toBe(false);
  });

  it('sandboxConfirmBody: accepts a card number or a payment method with the intent and secret', () => {
    expect(sandboxConfirmBody.safeParse({ ...intent, card_number: '4242 4242 4242 4242' }).success).toBe(
      true,
    );
    expect(sandboxConfirmBody.safeParse({ ...intent, payment_method: 'pm_card_visa' }).success).toBe(true);
  });

  it('sandboxConfirmBody: refuses a missing secret, an over-long card number and unknown keys', () => {
    expect(sandboxConfirmBody.safeParse({ payment_intent_id: 'pi_1', card_number: '4242' }).success).toBe(
      false,
    );
    expect(sandboxConfirmBody.safeParse({ ...intent, card_number: '4'.repeat(31) }).success).toBe(false);
    expect(sandboxConfirmBody.safeParse({ ...intent, cvc: '123' }).success).toBe(false);
  });

  it('sandboxAuthenticateBody: needs approve as a boolean', () => {
    expect(sandboxAuthenticateBody.safeParse({ ...intent, approve: true }).success).toBe(true);
    expect(sandboxAuthenticateBody.safeParse({ ...intent, approve: 'yes' }).success).toBe(false);
    expect(sandboxAuthenticateBody.safeParse(intent).success).toBe(false);
  });
});
