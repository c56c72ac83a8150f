import { formatAud, formatDate, formatMultiple } from '../../../lib/format';

/** Display helpers for project figures; a missing value reads '—' (never 'NaN' or '$0'). */

export const NOT_SET = '—';

export const audOrDash = (value: number | null | undefined) => (value == null ? NOT_SET : formatAud(value));

export const ratioOrDash = (value: number | null | undefined) => formatMultiple(value);

export const countOrDash = (value: number | null | undefined, unit = '') =>
  value == null ? NOT_SET : `${value.toLocaleString('en-AU')}${unit}`;

/**
 * 'YYYY-MM-DD' read as a local calendar date: `new Date('2026-03-01')` is UTC midnight, which is
 * the previous day west of Greenwich.
 */
function parseDate(value: string): Date {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return match ? new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : new Date(value);
}

/** A calendar day is that day in every zone (formatDate), an instant the day in the reader's zone. */
export const dateOrDash = (value: string | null | undefined) => (value ? formatDate(value) : NOT_SET);

/** Whole months from start to completion, or null when either date is missing or out of order. */
export function durationInMonths(start: string | null, end: string | null): number | null {
  if (!start || !end) return null;
  const from = parseDate(start);
  const to = parseDate(end);
  let months = (to.getFullYear() - from.getFullYear()) * 12 + (to.getMonth() - from.getMonth());
  if (to.getDate() < from.getDate()) months -= 1;
  return months >= 0 ? months : null;
}

/** 'Carlton, VIC' — the suburb with its state when known. */
export const placeOf = (p: { suburb: string; state: string | null }) =>
  [p.suburb, p.state].filter(Boolean).join(', ') || 'Location TBD';
