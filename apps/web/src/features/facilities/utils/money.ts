import { formatAud } from '@plinth/domain/facility/money';
import { formatDate } from '../../../lib/format';

/** AUD from the API's integer cents ('$250,000', '$101,917.81'): the domain's formatter, never floats. */
export const aud = (cents: number | null | undefined) => (cents == null ? '—' : formatAud(BigInt(cents)));

/** A calendar day or an instant, en-AU ('5 Jan 2026'). */
export const day = (value: string | null | undefined) => (value ? formatDate(value) : '—');

/**
 * Dollars a person typed ('250,000', '$1,234.50') as integer cents, or null when it is not an amount.
 * Parsed from the text, digit by digit: a float never carries money here.
 */
export function dollarsToCents(text: string): number | null {
  const cleaned = text.replace(/[$,\s]/g, '');
  const match = /^(\d{1,13})(?:\.(\d{1,2}))?$/.exec(cleaned);
  if (!match) return null;
  const cents = BigInt(match[1]!) * 100n + BigInt((match[2] ?? '').padEnd(2, '0'));
  return Number(cents);
}

/** Cents as the dollars a person would type back ('1234.5' → '1234.50'; whole dollars plain). */
export function centsToDollars(cents: number): string {
  const value = BigInt(cents);
  const rest = value % 100n;
  return rest === 0n ? (value / 100n).toString() : `${value / 100n}.${rest.toString().padStart(2, '0')}`;
}

/** 'n %' of a part in a whole (one decimal), for display only. */
export const percentOf = (part: number, whole: number) =>
  whole <= 0 ? '0 %' : `${((part * 1000) / whole / 10).toFixed(1)} %`;
