import { formatDate } from '@plinth/domain/format';

/** Times in the chat, en-AU like every date on Plinth. */
const clock = new Intl.DateTimeFormat('en-AU', { hour: 'numeric', minute: '2-digit' });
const weekday = new Intl.DateTimeFormat('en-AU', { weekday: 'short' });
const dayMonth = new Intl.DateTimeFormat('en-AU', { day: 'numeric', month: 'short' });
const longDay = new Intl.DateTimeFormat('en-AU', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});

const startOfDay = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
const DAY_MS = 24 * 60 * 60 * 1000;
const daysAgo = (value: string, now: Date) =>
  Math.round((startOfDay(now) - startOfDay(new Date(value))) / DAY_MS);

export const isSameDay = (a: string, b: string) => startOfDay(new Date(a)) === startOfDay(new Date(b));

/** A message's time of day: '2:05 pm'. */
export const formatMessageTime = (value: string) => clock.format(new Date(value));

/** The conversation list: today's time, this week's day, this year's date, else the full date. */
export function formatListTime(value: string, now = new Date()): string {
  const days = daysAgo(value, now);
  if (days <= 0) return clock.format(new Date(value));
  if (days < 7) return weekday.format(new Date(value));
  if (new Date(value).getFullYear() === now.getFullYear()) return dayMonth.format(new Date(value));
  return formatDate(value);
}

/** The divider above each day's messages. */
export function formatDayDivider(value: string, now = new Date()): string {
  const days = daysAgo(value, now);
  if (days === 0) return 'Today';
  if (days === 1) return 'Yesterday';
  return longDay.format(new Date(value));
}
