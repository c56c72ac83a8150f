import { describe, expect, it } from 'vitest';
import {
  activeCriteriaSince,
  alertSettingsBody,
  CRITERIA_PAUSE_DAYS,
  criteriaPauseAt,
  criteriaReminderAt,
  isCriteriaPaused,
  isTimeZone,
  listingAlertMessage,
  listingAlertMessages,
  listingPlace,
  nextDigestAt,
  reminderDueFor,
} from '../src/listing-alerts';

// Issue 22 items 2 and 3 (decision 044): the digest's 8:00 in the funder's own time zone, criteria
// that pause after 30 days unconfirmed with a reminder on day 23, and the in-app alert's words.

const at = (iso: string) => new Date(iso);
const next = (now: string, zone: string) => nextDigestAt(at(now), zone).toISOString();
const DAY = 86_400_000;

describe('nextDigestAt: 8:00 on the wall clock of the funder’s time zone', () => {
  it.each([
    // Sydney, daylight saving starts at 2:00 on Sunday 4 October 2026 (AEST +10 → AEDT +11).
    [
      'Saturday 20:00 AEST, the night before: Sunday 8:00 AEDT',
      '2026-10-03T10:00:00Z',
      '2026-10-03T21:00:00.000Z',
    ],
    [
      'Sunday 1:30 AEST, before the change: 8:00 AEDT that day',
      '2026-10-03T15:30:00Z',
      '2026-10-03T21:00:00.000Z',
    ],
    ['Sunday 9:00 AEDT, after 8:00: Monday 8:00 AEDT', '2026-10-03T22:00:00Z', '2026-10-04T21:00:00.000Z'],
    // Daylight saving ends at 3:00 on Sunday 4 April 2027 (AEDT +11 → AEST +10).
    [
      'Saturday 21:00 AEDT, the night before: Sunday 8:00 AEST',
      '2027-04-03T10:00:00Z',
      '2027-04-03T22:00:00.000Z',
    ],
    [
      'Sunday 2:30 AEDT, before the change: 8:00 AEST that day',
      '2027-04-03T15:30:00Z',
      '2027-04-03T22:00:00.000Z',
    ],
    // Exactly 8:00 AEST is today's digest gone: the next is tomorrow's; a moment before is today's.
    ['exactly 8:00 AEST: tomorrow', '2026-07-01T22:00:00.000Z', '2026-07-02T22:00:00.000Z'],
    ['7:59:59.999 AEST: today', '2026-07-01T21:59:59.999Z', '2026-07-01T22:00:00.000Z'],
    ['exactly 8:00 AEDT: tomorrow', '2027-01-14T21:00:00.000Z', '2027-01-15T21:00:00.000Z'],
  ])('Australia/Sydney, %s', (_, now, expected) => {
    expect(next(now, 'Australia/Sydney')).toBe(expected);
  });

  it.each([
    // Perth keeps +8 all year: the same UTC hour in October and in April.
    ['Saturday 18:00 AWST in October: Sunday 8:00', '2026-10-03T10:00:00Z', '2026-10-04T00:00:00.000Z'],
    ['Saturday 18:00 AWST in April: Sunday 8:00', '2027-04-03T10:00:00Z', '2027-04-04T00:00:00.000Z'],
    ['8:30 AWST in January: tomorrow', '2027-01-15T00:30:00Z', '2027-01-16T00:00:00.000Z'],
    ['exactly 8:00 AWST: tomorrow', '2027-01-15T00:00:00Z', '2027-01-16T00:00:00.000Z'],
  ])('Australia/Perth, %s', (_, now, expected) => {
    expect(next(now, 'Australia/Perth')).toBe(expected);
  });

  it.each([
    // Adelaide: ACST +9:30 in winter, ACDT +10:30 in summer, changing on Sydney's days.
    ['6:30 ACDT in January: 8:00 that day (+10:30)', '2027-01-14T20:00:00Z', '2027-01-14T21:30:00.000Z'],
    ['9:30 ACST in July: 8:00 tomorrow (+9:30)', '2026-07-01T00:00:00Z', '2026-07-01T22:30:00.000Z'],
    [
      'Saturday 20:30 ACST before daylight saving starts: Sunday 8:00 ACDT',
      '2026-10-03T11:00:00Z',
      '2026-10-03T21:30:00.000Z',
    ],
    [
      'Saturday 20:30 ACDT before it ends: Sunday 8:00 ACST',
      '2027-04-03T10:00:00Z',
      '2027-04-03T22:30:00.000Z',
    ],
    ['exactly 8:00 ACST: tomorrow', '2026-07-01T22:30:00Z', '2026-07-02T22:30:00.000Z'],
  ])('Australia/Adelaide, %s', (_, now, expected) => {
    expect(next(now, 'Australia/Adelaide')).toBe(expected);
  });

  it('is always in the future, at most a day (and a daylight-saving hour) ahead', () => {
    // Every hour of the weekends daylight saving starts (October) and ends (April) in Sydney.
    for (const [year, month] of [
      [2026, 9],
      [2027, 3],
    ] as const)
      for (let hour = 0; hour < 48; hour++) {
        const now = new Date(Date.UTC(year, month, 3, hour, 17));
        const digest = nextDigestAt(now, 'Australia/Sydney');
        expect(digest.getTime()).toBeGreaterThan(now.getTime());
        expect(digest.getTime() - now.getTime()).toBeLessThanOrEqual(DAY + 3_600_000);
        expect(
          new Intl.DateTimeFormat('en-AU', {
            timeZone: 'Australia/Sydney',
            hour: 'numeric',
            minute: '2-digit',
            hour12: false,
          }).format(digest),
        ).toBe('08:00');
      }
  });
});

describe('criteria pause after 30 days unconfirmed; the reminder is due on day 23', () => {
  const confirmed = at('2026-11-01T14:00:00.000Z');

  it('pauses 30 days after the confirmation, to the millisecond', () => {
    expect(CRITERIA_PAUSE_DAYS).toBe(30);
    expect(criteriaPauseAt(confirmed).toISOString()).toBe('2026-12-01T14:00:00.000Z');
    // As the database answers it, a string.
    expect(criteriaPauseAt('2026-11-01T14:00:00.000Z').toISOString()).toBe('2026-12-01T14:00:00.000Z');
    expect(isCriteriaPaused(confirmed, at('2026-12-01T13:59:59.999Z'))).toBe(false);
    expect(isCriteriaPaused(confirmed, at('2026-12-01T14:00:00.000Z'))).toBe(true);
    expect(isCriteriaPaused(confirmed, at('2026-12-31T00:00:00.000Z'))).toBe(true);
    expect(isCriteriaPaused(confirmed, confirmed)).toBe(false);
  });

  it('the reminder is seven days before the pause: day 23', () => {
    expect(criteriaReminderAt(confirmed).toISOString()).toBe('2026-11-24T14:00:00.000Z');
    // reminderDueFor(now): the latest confirmation whose reminder is due at now.
    expect(reminderDueFor(at('2026-11-24T14:00:00.000Z')).toISOString()).toBe(confirmed.toISOString());
    const due = (now: string) => confirmed.getTime() <= reminderDueFor(at(now)).getTime();
    expect(due('2026-11-24T13:59:59.999Z')).toBe(false);
    expect(due('2026-11-24T14:00:00.000Z')).toBe(true);
    expect(due('2026-11-23T14:00:00.000Z')).toBe(false);
  });

  it('activeCriteriaSince is the oldest confirmation still alerting (the same boundary as isCriteriaPaused)', () => {
    const now = at('2026-12-01T14:00:00.000Z');
    expect(activeCriteriaSince(now).toISOString()).toBe(confirmed.toISOString());
    // The database keeps confirmed_at > activeCriteriaSince(now): exactly 30 days is paused.
    expect(confirmed.getTime() > activeCriteriaSince(now).getTime()).toBe(!isCriteriaPaused(confirmed, now));
    const justBefore = at('2026-12-01T13:59:59.999Z');
    expect(confirmed.getTime() > activeCriteriaSince(justBefore).getTime()).toBe(
      !isCriteriaPaused(confirmed, justBefore),
    );
  });
});

describe('listingAlertMessage: the in-app alert names the listing by its preview fields', () => {
  const listing = {
    property_type: 'Residential',
    suburb: 'Parramatta',
    state: 'NSW',
    loan_amount: 4_500_000,
  };

  it('with the suburb', () => {
    expect(listingAlertMessage(listing)).toBe(
      'New listing matches your criteria: Residential, Parramatta NSW, $4.5m',
    );
  });

  it('without the suburb, or a blank one, the state alone', () => {
    const expected = 'New listing matches your criteria: Residential, NSW, $4.5m';
    expect(listingAlertMessage({ ...listing, suburb: null })).toBe(expected);
    expect(listingAlertMessage({ ...listing, suburb: '  ' })).toBe(expected);
  });

  it('with no place at all, no empty part', () => {
    expect(listingAlertMessage({ ...listing, suburb: null, state: null, loan_amount: 850_000 })).toBe(
      'New listing matches your criteria: Residential, $850k',
    );
    expect(listingPlace({ suburb: null, state: null })).toBe('');
  });
});

describe('alertSettingsBody: PUT /api/funder-criteria/alerts', () => {
  const messagesOf = (body: unknown) => {
    const result = alertSettingsBody.safeParse(body);
    return result.success ? [] : result.error.issues.map((i) => i.message);
  };

  it.each([
    { email: 'instant', time_zone: 'Australia/Sydney' },
    { email: 'daily', time_zone: 'Australia/Perth' },
    { email: 'off', time_zone: 'Australia/Adelaide' },
    { email: 'daily', time_zone: 'Pacific/Auckland' },
  ])('accepts %j', (body) => {
    expect(alertSettingsBody.parse(body)).toEqual(body);
  });

  it.each([
    [{ email: 'weekly', time_zone: 'Australia/Sydney' }, listingAlertMessages.alertEmail],
    [{ email: 'INSTANT', time_zone: 'Australia/Sydney' }, listingAlertMessages.alertEmail],
    [{ time_zone: 'Australia/Sydney' }, listingAlertMessages.alertEmail],
    [{ email: 'daily', time_zone: 'Australia/Narnia' }, listingAlertMessages.timeZone],
    [{ email: 'daily', time_zone: 'AEST' }, listingAlertMessages.timeZone],
    [{ email: 'daily', time_zone: '' }, listingAlertMessages.timeZone],
  ])('refuses %j with “%s”', (body, message) => {
    expect(messagesOf(body)).toContain(message);
  });

  it('refuses a time zone longer than 64 characters, a missing one, and unknown keys', () => {
    expect(
      alertSettingsBody.safeParse({ email: 'daily', time_zone: `Australia/${'x'.repeat(60)}` }).success,
    ).toBe(false);
    expect(alertSettingsBody.safeParse({ email: 'daily' }).success).toBe(false);
    const extra = alertSettingsBody.safeParse({
      email: 'daily',
      time_zone: 'Australia/Sydney',
      paused: false,
    });
    expect(extra.success).toBe(false);
    expect(extra.error?.issues[0]?.code).toBe('unrecognized_keys');
  });

  it('isTimeZone knows the IANA zones', () => {
    expect(isTimeZone('Australia/Sydney')).toBe(true);
    expect(isTimeZone('Australia/Darwin')).toBe(true);
    expect(isTimeZone('Mars/Olympus_Mons')).toBe(false);
  });
});
