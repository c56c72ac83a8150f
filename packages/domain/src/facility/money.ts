/**
 * Money on the loan-administration path: integer cents as `bigint`, rates in basis points.
 * Nothing here touches a float; a division happens only in `mulDivHalfEven` (decision 054).
 */

/** a × num ÷ den, rounded to the nearest integer, ties to even (banker's rounding). `den` must not be 0. */
export function mulDivHalfEven(a: bigint, num: bigint, den: bigint): bigint {
  if (den === 0n) throw new RangeError('mulDivHalfEven: division by zero');
  let n = a * num;
  let d = den;
  if (d < 0n) {
    n = -n;
    d = -d;
  }
  const negative = n < 0n;
  const abs = negative ? -n : n;
  let q = abs / d;
  const r = abs % d;
  const twice = r * 2n;
  if (twice > d || (twice === d && q % 2n === 1n)) q += 1n;
  return negative ? -q : q;
}

/** The larger / smaller of two amounts. */
export const maxCents = (a: bigint, b: bigint) => (a > b ? a : b);
export const minCents = (a: bigint, b: bigint) => (a < b ? a : b);
export const sumCents = (values: Iterable<bigint>) => {
  let total = 0n;
  for (const v of values) total += v;
  return total;
};

const groupThousands = (digits: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** '$250,000' for whole dollars, '$101,917.81' otherwise, '-$5.50' below zero. */
export function formatAud(cents: bigint): string {
  const negative = cents < 0n;
  const abs = negative ? -cents : cents;
  const dollars = groupThousands((abs / 100n).toString());
  const rest = abs % 100n;
  const text = rest === 0n ? `$${dollars}` : `$${dollars}.${rest.toString().padStart(2, '0')}`;
  return negative ? `-${text}` : text;
}

export type ParsedCents = { ok: true; cents: bigint } | { ok: false; message: string };

/** The largest amount accepted from a person: $1,000,000,000,000 (10^14 cents). */
export const maxInputCents = 100_000_000_000_000n;

/**
 * An amount in cents from API input: a safe integer number or a string of digits (an optional
 * leading '-' only when `allowNegative`). Never parses dollars with a decimal point: the API speaks cents.
 */
export function parseCents(
  value: unknown,
  { field = 'amount_cents', allowNegative = false }: { field?: string; allowNegative?: boolean } = {},
): ParsedCents {
  let cents: bigint;
  if (typeof value === 'bigint') cents = value;
  else if (typeof value === 'number') {
    if (!Number.isSafeInteger(value))
      return { ok: false, message: `${field} must be a whole number of cents` };
    cents = BigInt(value);
  } else if (typeof value === 'string' && /^-?\d{1,16}$/.test(value.trim())) cents = BigInt(value.trim());
  else return { ok: false, message: `${field} must be a whole number of cents` };
  if (cents < 0n && !allowNegative) return { ok: false, message: `${field} cannot be negative` };
  if (cents > maxInputCents || cents < -maxInputCents)
    return { ok: false, message: `${field} is larger than ${formatAud(maxInputCents)}` };
  return { ok: true, cents };
}
