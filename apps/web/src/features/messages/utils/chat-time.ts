import { calendarDay, formatDate } from '../../../lib/format';
import { getReaderTimeZone } from '../../../lib/reader-time-zone';

/** Times in the chat, en-AU like every date on Plinth, in the reader's time zone (decision 074). */
const formatters = new Map<string, Intl.DateTimeFormat>();
const formatIn = (kind: 'clock' | 'weekday' | 'dayMonth' | 'longDay', value: string, timeZone: string) => {
  const key = `${kind} ${timeZone}`;
  let found = formatters.get(key);
  if (!found) {
    const options: Record<typeof kind, Intl.DateTimeFormatOptions> = {
      clock: { hour: 'numeric', minute: '2-digit' },
      weekday: { weekday: 'short' },
      dayMonth: { day: 'numeric', month: 'short' },
      longDay: { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' },
    };
    found = new Intl.DateTimeFormat('en-AU', { ...options[kind], timeZone });
    formatters.set(key, found);
  }
  return found.format(new Date(value));
};

const DAY_MS = 24 * 60 * 60 * 1000;
/** The reader's calendar day of an instant, as a count of days (for differences only). */
const dayNumber = (at: Date, timeZone: string) =>
  Date.parse(`${calendarDay(at, timeZone)}T00:00:00Z`) / DAY_MS;
const daysAgo = (value: string, now: Date, timeZone: string) =>
  dayNumber(now, timeZone) - dayNumber(new Date(value), timeZone);

export const isSameDay = (a: string, b: string, timeZone = getReaderTimeZone()) =>
  calendarDay(new Date(a), timeZone) === calendarDay(new Date(b), timeZone);

/** A message's time of day: '2:05 pm'. */
export const formatMessageTime = (value: string, timeZone = getReaderTimeZone()) =>
  formatIn('clock', value, timeZone);

/** The conversation list: today's time, this week's day, this year's date, else the full date. */
export function formatListTime(value: string, now = new Date(), timeZone = getReaderTimeZone()): string {
  const days = daysAgo(value, now, timeZone);
  if (days <= 0) return formatIn('clock', value, timeZone);
  if (days < 7) return formatIn('weekday', value, timeZone);
  if (calendarDay(new Date(value), timeZone).slice(0, 4) === calendarDay(now, timeZone).slice(0, 4))
    return formatIn('dayMonth', value, timeZone);
  return formatDate(value, timeZone);
}

/** The divider above each day's messages. */
export function formatDayDivider(value: string, now = new Date(), timeZone = getReaderTimeZone()): string {
  const days = daysAgo(value, now, timeZone);
  if (days === 0) return 'Today';
  if (days === 1) return 'Yesterday';
  return formatIn('longDay', value, timeZone);
}
