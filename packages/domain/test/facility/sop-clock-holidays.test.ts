import Holidays from 'date-holidays';
import { describe, expect, it } from 'vitest';
import { auStates, isBusinessDay, nonBusinessReason, publicHolidays } from '../../src/facility/sop-clock';
import { holidayTableYears } from '../../src/facility/sop-clock-holidays';

/** What sop-clock's publicHolidays answered when it read date-holidays directly (before issue 31). */
function fromDateHolidays(hd: Holidays, year: number) {
  const days = new Map<string, string>();
  for (const h of hd.getHolidays(year)) {
    if (h.type !== 'public' || !h.date.endsWith('00:00:00')) continue;
    const date = h.date.slice(0, 10);
    days.set(date, days.has(date) ? `${days.get(date)}; ${h.name}` : h.name);
  }
  return days;
}

describe('the generated public holiday table (sop-clock-holidays.ts)', () => {
  it('covers 2000 to 2100', () => {
    expect(holidayTableYears).toEqual({ first: 2000, last: 2100 });
  });

  for (const state of auStates)
    it(`gives ${state} the same full-day public holidays as date-holidays, in order, every year it covers`, () => {
      const hd = new Holidays('AU', state, { types: ['public'] });
      let compared = 0;
      for (let year = holidayTableYears.first; year <= holidayTableYears.last; year++) {
        const expected = [...fromDateHolidays(hd, year)];
        expect(expected.length, `${state} ${year}`).toBeGreaterThan(5);
        expect([...publicHolidays(state, year)], `${state} ${year}`).toEqual(expected);
        compared += 1;
      }
      expect(compared).toBe(101);
    });

  it('leaves part-day holidays out and joins two holidays on one day', () => {
    // Christmas Eve from 7 pm in NSW is a part-day holiday: a business day.
    expect(publicHolidays('NSW', 2025).has('2025-12-24')).toBe(false);
    expect(isBusinessDay('NSW', '2025-12-24')).toBe(true);
    // Anzac Day fell on Easter Monday in 2011.
    expect(publicHolidays('NSW', 2011).get('2011-04-25')).toBe('Anzac Day; Easter Monday');
    expect(nonBusinessReason('VIC', '2026-11-03')).toBe('Melbourne Cup');
  });

  it('answers no year outside the table rather than a wrong one', () => {
    expect(() => publicHolidays('NSW', 1999)).toThrow(RangeError);
    expect(() => publicHolidays('QLD', 2101)).toThrow(/covers 2000–2100/);
    expect(() => isBusinessDay('WA', '2101-03-02')).toThrow(RangeError);
  });
});
