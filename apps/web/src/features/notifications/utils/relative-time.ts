import { formatDate } from '../../../lib/format';

const relative = new Intl.RelativeTimeFormat('en-AU', { numeric: 'auto' });

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** 'just now', '5 minutes ago', 'yesterday', '3 days ago'; older than a week, the en-AU date. */
export function formatRelativeTime(value: string, now: number = Date.now()): string {
  const seconds = Math.round((new Date(value).getTime() - now) / 1000);
  const size = Math.abs(seconds);
  if (size < 45) return 'just now';
  if (size < HOUR) return relative.format(Math.round(seconds / MINUTE), 'minute');
  if (size < DAY) return relative.format(Math.round(seconds / HOUR), 'hour');
  if (size < 7 * DAY) return relative.format(Math.round(seconds / DAY), 'day');
  return formatDate(value);
}
