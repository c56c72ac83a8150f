import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatAud, mulDivHalfEven, parseCents } from '../../src/facility/money';

describe('mulDivHalfEven', () => {
  it('rounds to the nearest, ties to even', () => {
    expect(mulDivHalfEven(5n, 1n, 2n)).toBe(2n); // 2.5 → 2
    expect(mulDivHalfEven(7n, 1n, 2n)).toBe(4n); // 3.5 → 4
    expect(mulDivHalfEven(11n, 1n, 4n)).toBe(3n); // 2.75 → 3
    expect(mulDivHalfEven(9n, 1n, 4n)).toBe(2n); // 2.25 → 2
    expect(mulDivHalfEven(-5n, 1n, 2n)).toBe(-2n);
    expect(mulDivHalfEven(-7n, 1n, 2n)).toBe(-4n);
    expect(mulDivHalfEven(7n, 1n, -2n)).toBe(-4n);
  });
  it('refuses a zero denominator', () => {
    expect(() => mulDivHalfEven(1n, 1n, 0n)).toThrow(RangeError);
  });
  it('is within half a unit of the exact quotient, and symmetric in sign', () => {
    fc.assert(
      fc.property(
        fc.bigInt(-(10n ** 15n), 10n ** 15n),
        fc.bigInt(-(10n ** 6n), 10n ** 6n),
        fc.bigInt(1n, 10n ** 9n),
        (a, n, d) => {
          const q = mulDivHalfEven(a, n, d);
          const diff = a * n * 2n - q * d * 2n; // 2·(exact − q)·d
          expect(diff <= d && diff >= -d).toBe(true);
          expect(mulDivHalfEven(-a, n, d)).toBe(-q);
        },
      ),
    );
  });
});

describe('formatAud', () => {
  it('whole dollars without cents, otherwise two places', () => {
    expect(formatAud(25_000_000n)).toBe('$250,000');
    expect(formatAud(10_191_781n)).toBe('$101,917.81');
    expect(formatAud(0n)).toBe('$0');
    expect(formatAud(5n)).toBe('$0.05');
    expect(formatAud(1_900_000_000n)).toBe('$19,000,000');
    expect(formatAud(-550n)).toBe('-$5.50');
  });
});

describe('parseCents', () => {
  it('takes whole cents as a number or a string of digits', () => {
    expect(parseCents(1234)).toEqual({ ok: true, cents: 1234n });
    expect(parseCents('1900000000')).toEqual({ ok: true, cents: 1_900_000_000n });
  });
  it('refuses fractions, text, negatives and absurd amounts with a message', () => {
    expect(parseCents(12.5)).toEqual({ ok: false, message: 'amount_cents must be a whole number of cents' });
    expect(parseCents('12.50')).toEqual({
      ok: false,
      message: 'amount_cents must be a whole number of cents',
    });
    expect(parseCents(null, { field: 'limit_cents' })).toEqual({
      ok: false,
      message: 'limit_cents must be a whole number of cents',
    });
    expect(parseCents(-1)).toEqual({ ok: false, message: 'amount_cents cannot be negative' });
    expect(parseCents(-1, { allowNegative: true })).toEqual({ ok: true, cents: -1n });
    expect(parseCents('1000000000000000')).toEqual({
      ok: false,
      message: 'amount_cents is larger than $1,000,000,000,000',
    });
  });
});
