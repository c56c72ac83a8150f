import { DateTime } from 'luxon';
import { sydneyDate } from './proposals';

/**
 * 'Access until' (issue 19 item 5, issue 29 finding 6; decisions 035 and 048): the last calendar day
 * of a funder's access, YYYY-MM-DD, in Australia/Sydney (the app's day, `sydneyDate`). One rule
 * for the server and the approve form: a real calendar day (2027-02-30 is refused, never rolled to
 * 2 March), today or later, at most three years ahead (9999-12-31 is not an end).
 */

/** How far ahead 'Access until' may be. */
export const ACCESS_UNTIL_MAX_YEARS = 3;

export const accessUntilMessages = {
  notADate: 'Access until must be a real date',
  past: 'Access until cannot be in the past',
  tooFar: `Access until can be at most ${ACCESS_UNTIL_MAX_YEARS} years ahead`,
} as const;

/** YYYY-MM-DD that names a day of the calendar (no time, no rolling over). */
export function isCalendarDay(day: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return false;
  return DateTime.fromISO(day, { zone: 'UTC' }).isValid;
}

/**
 * The days 'Access until' may take when today (Sydney) is `today`: from today to the same day three
 * years on (29 February to 28 February). Also the approve form's date input's min and max.
 */
export function accessUntilRange(today: string = sydneyDate()): { min: string; max: string } {
  const max = DateTime.fromISO(today, { zone: 'UTC' }).plus({ years: ACCESS_UNTIL_MAX_YEARS }).toISODate();
  return { min: today, max: max ?? today };
}

/**
 * Why `day` cannot be 'Access until' when today in Sydney is `today`, or null when it can. The one
 * check: the server refuses with this message (400 on the field access_until), the form shows it.
 * YYYY-MM-DD strings of real days compare in calendar order.
 */
export function accessUntilIssue(day: unknown, today: string = sydneyDate()): string | null {
  if (typeof day !== 'string' || !isCalendarDay(day)) return accessUntilMessages.notADate;
  const range = accessUntilRange(today);
  if (day < range.min) return accessUntilMessages.past;
  if (day > range.max) return accessUntilMessages.tooFar;
  return null;
}
