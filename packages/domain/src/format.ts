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

const date = new Intl.DateTimeFormat('en-AU', { day: 'numeric', month: 'short', year: 'numeric' });
const dateTime = new Intl.DateTimeFormat('en-AU', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

export const formatDate = (value: string | Date) => date.format(new Date(value));
export const formatDateTime = (value: string | Date) => dateTime.format(new Date(value));

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
