/**
 * Calendar dates as 'YYYY-MM-DD' strings, counted in whole days (UTC arithmetic on the date only, so no
 * time zone or daylight saving can move a day). Used by interest and the Security of Payment clock.
 */

const pattern = /^(\d{4})-(\d{2})-(\d{2})$/;
const dayMs = 86_400_000;

/** Whether `value` is a real calendar date written 'YYYY-MM-DD'. */
export function isIsoDate(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const m = pattern.exec(value);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === value;
}

const toUtc = (date: string) => {
  if (!isIsoDate(date)) throw new RangeError(`Not a date (YYYY-MM-DD): ${date}`);
  return Date.parse(`${date}T00:00:00Z`);
};
const fromUtc = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export const addDays = (date: string, days: number) => fromUtc(toUtc(date) + days * dayMs);

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export const daysBetween = (from: string, to: string) => Math.round((toUtc(to) - toUtc(from)) / dayMs);

/** 0 = Sunday … 6 = Saturday. */
export const weekday = (date: string) => new Date(toUtc(date)).getUTCDay();

export const lastDayOfMonth = (date: string) => {
  const d = new Date(toUtc(date));
  return fromUtc(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0));
};
export const isLastDayOfMonth = (date: string) => lastDayOfMonth(date) === date;

export const laterDate = (a: string, b: string) => (a >= b ? a : b);
export const earlierDate = (a: string, b: string) => (a <= b ? a : b);

/** 'DD Month YYYY' for messages, e.g. '5 January 2026'. */
export const formatLongDate = (date: string) =>
  new Intl.DateTimeFormat('en-AU', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(toUtc(date)));
