import { describe, expect, it } from 'vitest';
import {
  calendarDay,
  errorTextFrom,
  formatAud,
  formatAudCents,
  formatDate,
  formatDateTime,
  formatMultiple,
  formatRate,
} from '../src/format';

describe('formatAud', () => {
  it("formatAud: with 1234567 returns '$1,234,567'", () => {
    expect(formatAud(1234567)).toBe('$1,234,567');
  });

  it("formatAud: with 0 returns '$0'", () => {
    expect(formatAud(0)).toBe('$0');
  });

  it('formatAud: with cents rounds to the nearest whole dollar', () => {
    expect(formatAud(1234.49)).toBe('$1,234');
    expect(formatAud(1234.5)).toBe('$1,235');
    expect(formatAud(999.99)).toBe('$1,000');
  });

  it('formatAud: with a negative amount shows a minus sign', () => {
    expect(formatAud(-2500)).toBe('-$2,500');
  });

  it("formatAud: with a small negative amount that rounds to zero returns '$0', not '-$0'", () => {
    expect(formatAud(-0.4)).toBe('$0');
    expect(formatAudCents(-40)).toBe('$0');
  });

  it("formatAudCents: with 49900 cents returns '$499'", () => {
    expect(formatAudCents(49900)).toBe('$499');
  });

  it('formatAudCents: with a part dollar rounds to the nearest whole dollar', () => {
    expect(formatAudCents(29_950)).toBe('$300');
    expect(formatAudCents(29_949)).toBe('$299');
  });
});

describe('formatRate', () => {
  it("formatRate: with 9.75 returns '9.75%' (as entered, not rounded to '9.8%')", () => {
    expect(formatRate(9.75)).toBe('9.75%');
  });

  it("formatRate: with 9.5 returns '9.5%' (no trailing zero)", () => {
    expect(formatRate(9.5)).toBe('9.5%');
  });

  it("formatRate: with 10 returns '10%' (no decimals)", () => {
    expect(formatRate(10)).toBe('10%');
  });

  it('formatRate: with more than two decimals rounds half up to two', () => {
    expect(formatRate(9.125)).toBe('9.13%');
    expect(formatRate(9.124)).toBe('9.12%');
    expect(formatRate(83.333333)).toBe('83.33%'); // an LVR of 2.5 M on 3 M land
  });

  it("formatRate: with 0 returns '0%', and a tiny loss that rounds away returns '0%', not '-0%'", () => {
    expect(formatRate(0)).toBe('0%');
    expect(formatRate(-0.001)).toBe('0%');
    expect(formatRate(-12.5)).toBe('-12.5%');
  });

  it("formatRate: with a missing figure returns '—', never '0%' or 'NaN%'", () => {
    expect(formatRate(null)).toBe('—');
    expect(formatRate(undefined)).toBe('—');
    expect(formatRate(Number.NaN)).toBe('—');
  });
});

describe('formatDate', () => {
  // formatDate formats in the machine's time zone. Noon local time (an ISO string without 'Z', or
  // a Date built from local parts) is the same calendar day in every zone, so these tests hold
  // whatever TZ they run under; noon UTC would not (it is the next day in Auckland in summer).
  it("formatDate: with an ISO string puts the day before the month ('31 Jan 2025')", () => {
    expect(formatDate('2025-01-31T01:00:00Z')).toBe('31 Jan 2025');
  });

  it('formatDate: with a Date gives the same text as with its ISO string', () => {
    expect(formatDate(new Date('2025-01-31T01:00:00Z'))).toBe('31 Jan 2025');
  });

  it('formatDate: with a single-digit day does not pad it', () => {
    expect(formatDate('2025-03-05T01:00:00Z')).toBe('5 Mar 2025');
  });

  it('formatDateTime: includes the date, a time with minutes and the zone', () => {
    expect(formatDateTime('2025-01-31T01:00:00Z')).toBe('31 Jan 2025, 12:00 pm AEDT');
  });

  // Issue 37 item 13: every date is read in the person's zone, Australia/Sydney unless their
  // profile says otherwise, whatever zone the browser or server runs in.
  it('formatDate: an instant late on the 28th in UTC is the 29th in Sydney (the default), the 28th in Perth', () => {
    const instant = '2026-11-28T20:33:00Z';
    expect(formatDate(instant)).toBe('29 Nov 2026');
    expect(formatDate(instant, 'Australia/Perth')).toBe('29 Nov 2026');
    expect(formatDate(instant, 'UTC')).toBe('28 Nov 2026');
    expect(formatDateTime(instant)).toBe('29 Nov 2026, 7:33 am AEDT');
  });

  it('formatDate: a calendar day (YYYY-MM-DD) is that day in every zone', () => {
    for (const zone of ['Australia/Sydney', 'UTC', 'America/Los_Angeles', 'Pacific/Auckland'])
      expect(formatDate('2026-12-20', zone), zone).toBe('20 Dec 2026');
  });

  it('calendarDay: the Sydney day by default (an export made early on the 29th in Sydney is named the 29th)', () => {
    const at = new Date('2026-11-28T14:30:00Z');
    expect(calendarDay(at)).toBe('2026-11-29');
    expect(calendarDay(at, 'UTC')).toBe('2026-11-28');
  });
});

describe('errorTextFrom', () => {
  it('errorTextFrom: with a JSON body carrying an error field returns that field', () => {
    expect(
      errorTextFrom(400, JSON.stringify({ error: 'Company name is required', code: 'validation' })),
    ).toBe('Company name is required');
  });

  it('errorTextFrom: with a long JSON body carrying an error field still returns that field', () => {
    const body = JSON.stringify({ error: 'Not allowed', padding: 'x'.repeat(500) });
    expect(errorTextFrom(403, body)).toBe('Not allowed');
  });

  it('errorTextFrom: with a short plain-text body returns the text', () => {
    expect(errorTextFrom(502, 'Bad Gateway')).toBe('Bad Gateway');
  });

  it('errorTextFrom: with a short JSON body without an error field returns the text', () => {
    expect(errorTextFrom(500, '{"message":"boom"}')).toBe('{"message":"boom"}');
  });

  it('errorTextFrom: with an empty error field falls back to the text', () => {
    expect(errorTextFrom(500, '{"error":""}')).toBe('{"error":""}');
  });

  it('errorTextFrom: with a non-string error field falls back to the text', () => {
    expect(errorTextFrom(500, '{"error":42}')).toBe('{"error":42}');
  });

  it('errorTextFrom: with a 199-character text returns the text', () => {
    const text = 'e'.repeat(199);
    expect(errorTextFrom(502, text)).toBe(text);
  });

  it("errorTextFrom: with a 200-character text returns 'HTTP {status}'", () => {
    expect(errorTextFrom(502, 'e'.repeat(200))).toBe('HTTP 502');
  });

  it("errorTextFrom: with a long HTML page returns 'HTTP 502'", () => {
    expect(errorTextFrom(502, `<html><body>${'Bad gateway '.repeat(50)}</body></html>`)).toBe('HTTP 502');
  });

  it("errorTextFrom: with an empty body returns 'HTTP 500'", () => {
    expect(errorTextFrom(500, '')).toBe('HTTP 500');
  });

  it("errorTextFrom: with a JSON null body returns the text 'null'", () => {
    expect(errorTextFrom(500, 'null')).toBe('null');
  });
});

describe('formatMultiple', () => {
  it("formatMultiple: two decimals with an x, '—' when missing", () => {
    expect(formatMultiple(1.5)).toBe('1.50x');
    expect(formatMultiple(0.333)).toBe('0.33x');
    expect(formatMultiple(2)).toBe('2.00x');
    expect(formatMultiple(null)).toBe('—');
    expect(formatMultiple(Number.POSITIVE_INFINITY)).toBe('—');
  });
});
