import { describe, expect, it } from 'vitest';
import { calendarDay, formatDate, formatDateTime } from '../src/format';
import { isTimeZone, readerTimeZoneOf, timeZoneNames, timeZoneSchema } from '../src/time-zone';

// Issue 37 item 13 (decision 074): one formatter, in the reader's zone, at the edges of a day.
describe('formatDate in the reader zone', () => {
  // 13:30 UTC on the 28th is 00:30 on the 29th in Sydney (AEDT, UTC+11).
  const justAfterSydneyMidnight = '2026-12-28T13:30:00Z';
  // 12:59 UTC on the 28th is 23:59 on the 28th in Sydney.
  const justBeforeSydneyMidnight = '2026-12-28T12:59:00Z';

  it('an instant on the 28th in UTC is the 29th in Sydney, the 28th in London and Los Angeles', () => {
    expect(formatDate(justAfterSydneyMidnight, 'Australia/Sydney')).toBe('29 Dec 2026');
    expect(formatDate(justAfterSydneyMidnight, 'UTC')).toBe('28 Dec 2026');
    expect(formatDate(justAfterSydneyMidnight, 'Europe/London')).toBe('28 Dec 2026');
    expect(formatDate(justAfterSydneyMidnight, 'America/Los_Angeles')).toBe('28 Dec 2026');
    expect(formatDate(justBeforeSydneyMidnight, 'Australia/Sydney')).toBe('28 Dec 2026');
  });

  it('the default zone is Sydney whatever zone the process runs in', () => {
    expect(formatDate(justAfterSydneyMidnight)).toBe('29 Dec 2026');
    expect(formatDate(new Date(justAfterSydneyMidnight))).toBe('29 Dec 2026');
    expect(calendarDay(new Date(justAfterSydneyMidnight))).toBe('2026-12-29');
  });

  it('a date and time names the zone it is written in', () => {
    expect(formatDateTime(justAfterSydneyMidnight, 'Australia/Sydney')).toBe('29 Dec 2026, 12:30 am AEDT');
    expect(formatDateTime(justAfterSydneyMidnight, 'UTC')).toBe('28 Dec 2026, 1:30 pm UTC');
  });

  it('the day of an instant follows the zone, over a daylight-saving change too', () => {
    // Sydney leaves daylight saving at 3 am on 4 Apr 2027 (16:00 UTC on the 3rd).
    expect(calendarDay(new Date('2027-04-03T13:30:00Z'), 'Australia/Sydney')).toBe('2027-04-04');
    expect(calendarDay(new Date('2027-04-03T13:30:00Z'), 'UTC')).toBe('2027-04-03');
    expect(calendarDay(new Date('2027-04-04T13:30:00Z'), 'Australia/Sydney')).toBe('2027-04-04');
    expect(calendarDay(new Date('2027-04-04T14:00:00Z'), 'Australia/Sydney')).toBe('2027-04-05');
  });

  it('a calendar day (YYYY-MM-DD) is that day in every zone', () => {
    for (const zone of timeZoneNames().filter((_, i) => i % 40 === 0))
      expect(formatDate('2026-12-28', zone), zone).toBe('28 Dec 2026');
  });
});

describe('the time zone on a profile', () => {
  it('accepts the runtime list of IANA names and UTC', () => {
    expect(isTimeZone('Australia/Sydney')).toBe(true);
    expect(isTimeZone('Europe/London')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(timeZoneNames()).toContain('Australia/Perth');
    expect(timeZoneNames()).toEqual([...timeZoneNames()].sort((a, b) => a.localeCompare(b)));
  });

  it('refuses what is not a zone, with the message people read', () => {
    for (const bad of ['Sydney', 'australia/sydney', 'AEDT', '+10:00', '', 'x'.repeat(65)]) {
      const result = timeZoneSchema.safeParse(bad);
      expect(result.success, bad).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(
        'Choose a time zone from the list, such as Australia/Sydney',
      );
    }
    expect(timeZoneSchema.safeParse(42).error?.issues[0]?.message).toBe(
      'Choose a time zone from the list, such as Australia/Sydney',
    );
    expect(timeZoneSchema.parse(' Europe/London ')).toBe('Europe/London');
  });

  it('reads a missing or unknown stored zone as Sydney', () => {
    expect(readerTimeZoneOf(null)).toBe('Australia/Sydney');
    expect(readerTimeZoneOf('Mars/Olympus')).toBe('Australia/Sydney');
    expect(readerTimeZoneOf('Asia/Tokyo')).toBe('Asia/Tokyo');
  });
});
