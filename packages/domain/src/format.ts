/** One formatting module for money (AUD, no decimals) and dates (en-AU), used by the web app and e-mails. */

const aud = new Intl.NumberFormat('en-AU', {
  style: 'currency',
  currency: 'AUD',
  maximumFractionDigits: 0,
  minimumFractionDigits: 0,
});

// `+ 0` turns the -0 that Math.round gives for -0.5 <= x < 0 into 0, which Intl would print as '-$0'.
export const formatAud = (dollars: number) => aud.format(Math.round(dollars) + 0);
export const formatAudCents = (cents: number) => formatAud(cents / 100);

/**
 * Dates people read (issue 37 item 13, decision 059): one formatter, en-AU, in the reader's time
 * zone, Australia/Sydney unless told otherwise, never the browser's or server's own zone. A calendar
 * day given as YYYY-MM-DD (a quote's 'valid until', an 'access until' day) is that day everywhere.
 */
export const DEFAULT_TIME_ZONE = 'Australia/Sydney';
const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterFor(kind: 'date' | 'dateTime', timeZone: string) {
  const key = `${kind} ${timeZone}`;
  let found = formatters.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat('en-AU', {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      ...(kind === 'dateTime' ? { hour: 'numeric', minute: '2-digit', timeZoneName: 'short' } : {}),
      timeZone,
    });
    formatters.set(key, found);
  }
  return found;
}

export const formatDate = (value: string | Date, timeZone: string = DEFAULT_TIME_ZONE) =>
  typeof value === 'string' && CALENDAR_DAY.test(value)
    ? formatterFor('date', 'UTC').format(new Date(`${value}T00:00:00Z`))
    : formatterFor('date', timeZone).format(new Date(value));
export const formatDateTime = (value: string | Date, timeZone: string = DEFAULT_TIME_ZONE) =>
  formatterFor('dateTime', timeZone).format(new Date(value));

/** YYYY-MM-DD of an instant in a time zone (Sydney by default): file names, 'today'. */
export const calendarDay = (at: Date = new Date(), timeZone: string = DEFAULT_TIME_ZONE) =>
  new Intl.DateTimeFormat('en-CA', { timeZone }).format(at);

/**
 * The error text shown for a failed call (spec 000 section 7): the response's error field,
 * else the response text if under 200 characters, else 'HTTP {status}'.
 */
export function errorTextFrom(status: number, bodyText: string): string {
  try {
    const parsed = JSON.parse(bodyText) as { error?: unknown };
    if (parsed && typeof parsed.error === 'string' && parsed.error) return parsed.error;
  } catch {
    // not JSON: fall through to the text itself
  }
  if (bodyText && bodyText.length < 200) return bodyText;
  return `HTTP ${status}`;
}

// signDisplay 'negative': a small loss that rounds to nothing reads '0%', not '-0%'.
const rate = new Intl.NumberFormat('en-AU', {
  maximumFractionDigits: 2,
  minimumFractionDigits: 0,
  signDisplay: 'negative',
});

/**
 * Every percentage the product shows (an interest rate as entered, an LVR, a margin, an average
 * return) goes through here: up to two decimals, no trailing zeros, so 9.75 → '9.75%', 9.5 → '9.5%',
 * 10 → '10%' and 9.125 → '9.13%'. A missing figure reads '—', like the other figures on a screen.
 */
export const formatRate = (percent: number | null | undefined) =>
  percent == null || !Number.isFinite(percent) ? '—' : `${rate.format(percent)}%`;

const multiple = new Intl.NumberFormat('en-AU', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** A ratio read as a multiple (debt / equity, interest cover): two decimals, 1.5 → '1.50x'; missing → '—'. */
export const formatMultiple = (value: number | null | undefined) =>
  value == null || !Number.isFinite(value) ? '—' : `${multiple.format(value)}x`;
