import { describe, expect, it } from 'vitest';
import {
  cardCvcError,
  cardDigits,
  cardExpiryError,
  cardNumberError,
  passesLuhn,
  paymentMessages,
  sandboxCards,
  sandboxPaymentMethodFor,
  sandboxPaymentMethods,
} from '../src/payments';

describe('cardDigits', () => {
  it('cardDigits: with a grouped number returns the digits only', () => {
    expect(cardDigits('4242 4242 4242 4242')).toBe('4242424242424242');
  });

  it("cardDigits: with an expiry 'MM / YY' returns 'MMYY'", () => {
    expect(cardDigits('12 / 30')).toBe('1230');
  });

  it('cardDigits: with no digits returns an empty string', () => {
    expect(cardDigits(' / -')).toBe('');
  });
});

describe('passesLuhn', () => {
  it.each(Object.values(sandboxCards))('passesLuhn: the sandbox test card %s passes', (card) => {
    expect(passesLuhn(card)).toBe(true);
  });

  it('passesLuhn: with one digit changed fails', () => {
    expect(passesLuhn('4242424242424241')).toBe(false);
  });

  it('passesLuhn: doubles every second digit from the right, taking 9 off above 9', () => {
    // 5 doubled is 10, less 9 is 1; with 8 that makes 9, not a multiple of 10.
    expect(passesLuhn('85')).toBe(false);
    // 5 doubled is 10, less 9 is 1; with 9 that makes 10.
    expect(passesLuhn('59')).toBe(true);
  });
});

describe('cardNumberError', () => {
  it("cardNumberError: an empty field returns 'Enter your card number'", () => {
    expect(cardNumberError('')).toBe('Enter your card number');
    expect(cardNumberError('   ')).toBe('Enter your card number');
  });

  it("cardNumberError: 12 digits returns 'Your card number is incomplete'", () => {
    expect(cardNumberError('4242 4242 4242')).toBe('Your card number is incomplete');
  });

  it("cardNumberError: 16 digits failing the checksum returns 'Your card number is invalid'", () => {
    expect(cardNumberError('4242 4242 4242 4241')).toBe('Your card number is invalid');
  });

  it('cardNumberError: a test card, grouped or not, returns null', () => {
    expect(cardNumberError('4242 4242 4242 4242')).toBeNull();
    expect(cardNumberError(sandboxCards.requiresAction)).toBeNull();
  });

  it('cardNumberError: 13 digits passing the checksum returns null', () => {
    expect(cardNumberError('4222222222222')).toBeNull();
  });
});

describe('cardExpiryError', () => {
  const now = new Date(2026, 5, 15); // 15 June 2026

  it("cardExpiryError: an empty field returns 'Enter the expiry date'", () => {
    expect(cardExpiryError('', now)).toBe('Enter the expiry date');
  });

  it('cardExpiryError: 3 digits returns "Your card\'s expiry date is incomplete"', () => {
    expect(cardExpiryError('12 / 3', now)).toBe("Your card's expiry date is incomplete");
  });

  it('cardExpiryError: month 00 or 13 returns "Your card\'s expiry month is invalid"', () => {
    expect(cardExpiryError('00 / 30', now)).toBe("Your card's expiry month is invalid");
    expect(cardExpiryError('13 / 30', now)).toBe("Your card's expiry month is invalid");
  });

  it('cardExpiryError: last month returns "Your card\'s expiry date is in the past"', () => {
    expect(cardExpiryError('05 / 26', now)).toBe("Your card's expiry date is in the past");
    expect(cardExpiryError('12 / 25', now)).toBe("Your card's expiry date is in the past");
  });

  it('cardExpiryError: this month and later return null', () => {
    expect(cardExpiryError('06 / 26', now)).toBeNull();
    expect(cardExpiryError('07 / 26', now)).toBeNull();
    expect(cardExpiryError('01 / 27', now)).toBeNull();
  });
});

describe('cardCvcError', () => {
  it("cardCvcError: an empty field returns 'Enter the security code'", () => {
    expect(cardCvcError('')).toBe('Enter the security code');
  });

  it('cardCvcError: 2 digits returns "Your card\'s security code is incomplete"', () => {
    expect(cardCvcError('12')).toBe("Your card's security code is incomplete");
  });

  it('cardCvcError: 3 or 4 digits return null', () => {
    expect(cardCvcError('123')).toBeNull();
    expect(cardCvcError('1234')).toBeNull();
  });
});

describe('sandboxPaymentMethodFor', () => {
  it.each([
    [sandboxCards.success, sandboxPaymentMethods.success],
    [sandboxCards.declined, sandboxPaymentMethods.declined],
    [sandboxCards.requiresAction, sandboxPaymentMethods.requiresAction],
  ])('sandboxPaymentMethodFor: test card %s returns PaymentMethod %s', (card, paymentMethodId) => {
    expect(sandboxPaymentMethodFor(card)).toEqual({ ok: true, paymentMethodId });
  });

  it('sandboxPaymentMethodFor: a grouped test card returns its PaymentMethod', () => {
    expect(sandboxPaymentMethodFor('4242 4242 4242 4242')).toEqual({
      ok: true,
      paymentMethodId: sandboxPaymentMethods.success,
    });
  });

  it('sandboxPaymentMethodFor: any other well-formed number is declined with the hint at the test cards', () => {
    expect(sandboxPaymentMethodFor('5555555555554444')).toEqual({
      ok: false,
      message: paymentMessages.unknownTestCard,
    });
  });

  it("sandboxPaymentMethodFor: a malformed number returns the sandbox's card message", () => {
    expect(sandboxPaymentMethodFor('')).toEqual({ ok: false, message: paymentMessages.cardIncomplete });
    expect(sandboxPaymentMethodFor('4242x')).toEqual({ ok: false, message: paymentMessages.cardInvalid });
  });
});
