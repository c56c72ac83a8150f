import { describe, expect, it } from 'vitest';
import {
  ACCESS_UNTIL_MAX_YEARS,
  accessUntilIssue,
  accessUntilMessages,
  accessUntilRange,
  isCalendarDay,
} from '../src/access-dates';
import { sydneyDate } from '../src/proposals';

describe("'Access until' (issue 29 finding 6): one rule for the server and the approve form", () => {
  it('the messages name the field', () => {
    expect(accessUntilMessages).toEqual({
      notADate: 'Access until must be a real date',
      past: 'Access until cannot be in the past',
      tooFar: 'Access until can be at most 3 years ahead',
    });
    expect(ACCESS_UNTIL_MAX_YEARS).toBe(3);
  });

  it('isCalendarDay: real days of the calendar only, never rolled over', () => {
    for (const day of ['2027-02-28', '2028-02-29', '2027-12-31', '2027-04-30', '2026-01-01'])
      expect(isCalendarDay(day), day).toBe(true);
    for (const day of [
      '2027-02-30',
      '2027-02-29',
      '2100-02-29',
      '2027-04-31',
      '2026-13-01',
      '2026-00-10',
      '2026-01-00',
      '2026-1-5',
      '2026-01-05T00:00:00Z',
      ' 2026-01-05',
      '2026-01-05 ',
      '26-01-05',
      '+02026-01-05',
      '2026/01/05',
      'next week',
      '',
    ])
      expect(isCalendarDay(day), day).toBe(false);
  });

  it('from today to the same day three years on; 29 February to 28 February', () => {
    expect(accessUntilRange('2026-11-29')).toEqual({ min: '2026-11-29', max: '2029-11-29' });
    expect(accessUntilRange('2028-02-29')).toEqual({ min: '2028-02-29', max: '2031-02-28' });
    expect(accessUntilRange('2026-12-31')).toEqual({ min: '2026-12-31', max: '2029-12-31' });
  });

  it('today and three years ahead are allowed; each other case has its message', () => {
    const today = '2026-11-29';
    expect(accessUntilIssue('2026-11-29', today)).toBeNull();
    expect(accessUntilIssue('2026-11-30', today)).toBeNull();
    expect(accessUntilIssue('2029-11-29', today)).toBeNull();
    expect(accessUntilIssue('2026-11-28', today)).toBe(accessUntilMessages.past);
    expect(accessUntilIssue('1999-01-01', today)).toBe(accessUntilMessages.past);
    expect(accessUntilIssue('2029-11-30', today)).toBe(accessUntilMessages.tooFar);
    expect(accessUntilIssue('9999-12-31', today)).toBe(accessUntilMessages.tooFar);
    expect(accessUntilIssue('2027-02-30', today)).toBe(accessUntilMessages.notADate);
    expect(accessUntilIssue('2026-13-01', today)).toBe(accessUntilMessages.notADate);
    for (const value of [20270301, null, undefined, {}, ['2027-01-01']])
      expect(accessUntilIssue(value, today)).toBe(accessUntilMessages.notADate);
  });

  it("today is Sydney's day by default (the app's time zone)", () => {
    expect(accessUntilRange().min).toBe(sydneyDate());
    expect(accessUntilIssue(sydneyDate())).toBeNull();
  });
});
