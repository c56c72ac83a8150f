import { describe, expect, it } from 'vitest';
import {
  type AuState,
  addBusinessDays,
  auStates,
  businessDaysBetween,
  businessDaysLeft,
  internalDeadlines,
  isBusinessDay,
  isZonedTimestamp,
  nonBusinessReason,
  noticeDays,
  noticeDue,
  paymentScheduleDue,
  servedOn,
} from '../../src/facility/sop-clock';

// Friday 12 December 2025 at 19:00 in Sydney (AEDT, +11:00) is 08:00 UTC.
const fridayEvening = '2025-12-12T19:00:00+11:00';

describe('paymentScheduleDue: goldens (issue 33)', () => {
  it('VIC: 10 business days, no blackout in 2025 → 30 December 2025', () => {
    expect(paymentScheduleDue('VIC', fridayEvening)).toBe('2025-12-30');
  });
  it('NSW: 10 business days, 27–31 December excluded → 5 January 2026', () => {
    expect(paymentScheduleDue('NSW', fridayEvening)).toBe('2026-01-05');
  });
  it('QLD: 15 business days, 22 December – 10 January excluded → 23 January 2026', () => {
    expect(paymentScheduleDue('QLD', fridayEvening)).toBe('2026-01-23');
  });
  it('the same instant written in UTC gives the same days', () => {
    expect(paymentScheduleDue('NSW', '2025-12-12T08:00:00.000Z')).toBe('2026-01-05');
  });
});

describe('servedOn: the local calendar day in the project state', () => {
  it('a claim sent at 7 pm is served that day, not the next', () => {
    expect(servedOn('NSW', fridayEvening)).toBe('2025-12-12');
  });
  it('Thursday 23:30 in Perth is already Friday 02:30 in Sydney', () => {
    const at = '2026-02-05T15:30:00Z';
    expect(servedOn('WA', at)).toBe('2026-02-05');
    expect(servedOn('NSW', at)).toBe('2026-02-06');
    // NSW counts from Friday: 9–13, 16–20 February → 20 February.
    expect(paymentScheduleDue('NSW', at)).toBe('2026-02-20');
    // WA counts from Thursday: 6, 9–13, 16–20, 23–26 February → 26 February.
    expect(paymentScheduleDue('WA', at)).toBe('2026-02-26');
  });
  it('refuses something that is not a timestamp, or one without its zone', () => {
    expect(() => servedOn('NSW', 'yesterday')).toThrow(/Not a timestamp/);
    expect(() => servedOn('NSW', '2025-12-12T19:00:00')).toThrow(
      'Not a timestamp with a time zone: 2025-12-12T19:00:00',
    );
    expect(() => servedOn('NSW', '2025-02-30T19:00:00Z')).toThrow(/Not a timestamp/);
    expect(isZonedTimestamp('2025-12-12T19:00:00+11:00')).toBe(true);
    expect(isZonedTimestamp('2025-12-12T08:00:00.000Z')).toBe(true);
    expect(isZonedTimestamp('2025-12-12')).toBe(false);
  });
});

describe('paymentScheduleDue: a claim served on a weekend, per state', () => {
  // Served Saturday 7 February 2026 at 10:00 local time: counting starts Monday 9 February.
  const cases: Record<AuState, string> = {
    NSW: '2026-02-20',
    VIC: '2026-02-20',
    QLD: '2026-02-27',
    SA: '2026-02-27',
    WA: '2026-02-27',
    TAS: '2026-02-20',
    ACT: '2026-02-20',
    NT: '2026-02-20',
  };
  const offsets: Record<AuState, string> = {
    NSW: '+11:00',
    VIC: '+11:00',
    QLD: '+10:00',
    SA: '+10:30',
    WA: '+08:00',
    TAS: '+11:00',
    ACT: '+11:00',
    NT: '+09:30',
  };
  for (const state of auStates)
    it(`${state}: served Saturday 7 February 2026 → ${cases[state]}`, () => {
      expect(paymentScheduleDue(state, `2026-02-07T10:00:00${offsets[state]}`)).toBe(cases[state]);
    });
});

describe('paymentScheduleDue: a public holiday inside the count, per state', () => {
  const cases: { state: AuState; served: string; due: string; holiday: string; name: RegExp }[] = [
    // King's Birthday Monday 8 June 2026: 2–5, 9–12, 15, 16 June.
    {
      state: 'NSW',
      served: '2026-06-01T09:00:00+10:00',
      due: '2026-06-16',
      holiday: '2026-06-08',
      name: /King/,
    },
    // Melbourne Cup Tuesday 3 November 2026: 27–30 Oct, 2, 4–6, 9, 10 Nov.
    {
      state: 'VIC',
      served: '2026-10-26T09:00:00+11:00',
      due: '2026-11-10',
      holiday: '2026-11-03',
      name: /Melbourne Cup/,
    },
    // Labour Day Monday 4 May 2026: 27 Apr–1 May, 5–8, 11–15, 18 May.
    {
      state: 'QLD',
      served: '2026-04-24T09:00:00+10:00',
      due: '2026-05-18',
      holiday: '2026-05-04',
      name: /Labour/,
    },
    // Adelaide Cup Day Monday 9 March 2026: 3–6, 10–13, 16–20, 23, 24 March.
    {
      state: 'SA',
      served: '2026-03-02T09:00:00+10:30',
      due: '2026-03-24',
      holiday: '2026-03-09',
      name: /Adelaide Cup/,
    },
    // Labour Day Monday 2 March 2026: 23–27 Feb, 3–6, 9–13, 16 March.
    {
      state: 'WA',
      served: '2026-02-20T09:00:00+08:00',
      due: '2026-03-16',
      holiday: '2026-03-02',
      name: /Labour/,
    },
    // Eight Hours Day Monday 9 March 2026: 3–6, 10–13, 16, 17 March.
    {
      state: 'TAS',
      served: '2026-03-02T09:00:00+11:00',
      due: '2026-03-17',
      holiday: '2026-03-09',
      name: /Eight Hours/,
    },
    // Canberra Day Monday 9 March 2026.
    {
      state: 'ACT',
      served: '2026-03-02T09:00:00+11:00',
      due: '2026-03-17',
      holiday: '2026-03-09',
      name: /Canberra/,
    },
    // Picnic Day Monday 3 August 2026: 28–31 Jul, 4–7, 10, 11 Aug.
    {
      state: 'NT',
      served: '2026-07-27T09:00:00+09:30',
      due: '2026-08-11',
      holiday: '2026-08-03',
      name: /Picnic/,
    },
  ];
  for (const c of cases)
    it(`${c.state}: ${c.holiday} is not counted → due ${c.due}`, () => {
      expect(isBusinessDay(c.state, c.holiday)).toBe(false);
      expect(nonBusinessReason(c.state, c.holiday)).toMatch(c.name);
      expect(paymentScheduleDue(c.state, c.served)).toBe(c.due);
    });

  it('a holiday of another state is a business day (Melbourne Cup in NSW)', () => {
    expect(isBusinessDay('NSW', '2026-11-03')).toBe(true);
  });
  it("NSW's bank holiday (3 August 2026) is a business day: it is not a public holiday", () => {
    expect(isBusinessDay('NSW', '2026-08-03')).toBe(true);
  });
  it("Tasmania's Easter Tuesday (not a statutory holiday for everyone) counts as a business day", () => {
    // Served Thursday 2 April 2026: Good Friday and Easter Monday skipped; 7–10, 13–17, 20 April.
    expect(paymentScheduleDue('TAS', '2026-04-02T09:00:00+11:00')).toBe('2026-04-20');
  });
});

describe('paymentScheduleDue: the Christmas blackouts of the other states', () => {
  it('SA: 27–31 December excluded; Christmas Eve (from 7 pm) still counts → 12 January 2026', () => {
    expect(isBusinessDay('SA', '2025-12-24')).toBe(true);
    expect(isBusinessDay('SA', '2025-12-29')).toBe(false);
    expect(paymentScheduleDue('SA', fridayEvening)).toBe('2026-01-12');
  });
  it('WA: 27–31 December excluded → 12 January 2026', () => {
    expect(paymentScheduleDue('WA', fridayEvening)).toBe('2026-01-12');
  });
  it('TAS and ACT: 27–31 December excluded → 5 January 2026', () => {
    expect(paymentScheduleDue('TAS', fridayEvening)).toBe('2026-01-05');
    expect(paymentScheduleDue('ACT', fridayEvening)).toBe('2026-01-05');
  });
  it('NT: 25 December – 7 January are not working days → 9 January 2026', () => {
    expect(isBusinessDay('NT', '2026-01-07')).toBe(false);
    expect(isBusinessDay('NT', '2026-01-08')).toBe(true);
    expect(paymentScheduleDue('NT', fridayEvening)).toBe('2026-01-09');
  });
  it('VIC: from the 2025 amendments (by 1 September 2026) 22 December – 10 January are excluded', () => {
    expect(isBusinessDay('VIC', '2025-12-22')).toBe(true);
    expect(isBusinessDay('VIC', '2026-12-22')).toBe(false);
    expect(isBusinessDay('VIC', '2027-01-08')).toBe(false);
    // Served Friday 11 December 2026: 14–18, 21 December, then 11–14 January 2027.
    expect(paymentScheduleDue('VIC', '2026-12-11T12:00:00+11:00')).toBe('2027-01-14');
  });
  it('QLD: nothing between 22 December and 10 January counts, not even a weekday', () => {
    for (const d of ['2025-12-22', '2025-12-23', '2026-01-02', '2026-01-09'])
      expect(nonBusinessReason('QLD', d)).toBe('Not a business day under the QLD Act');
    expect(isBusinessDay('QLD', '2026-01-12')).toBe(true);
  });
});

describe('business-day arithmetic', () => {
  it('addBusinessDays counts back as well as forward', () => {
    expect(addBusinessDays('NSW', '2026-01-05', -1)).toBe('2026-01-02');
    expect(addBusinessDays('NSW', '2026-01-05', -2)).toBe('2025-12-24');
    expect(addBusinessDays('NSW', '2026-01-05', 0)).toBe('2026-01-05');
  });
  it('businessDaysBetween counts the days after the first up to and including the last', () => {
    expect(businessDaysBetween('NSW', '2025-12-12', '2026-01-05')).toBe(10);
    expect(businessDaysBetween('QLD', '2025-12-12', '2026-01-23')).toBe(15);
    expect(businessDaysBetween('NSW', '2026-01-05', '2025-12-12')).toBe(0);
  });
  it('businessDaysLeft is negative once the day has passed', () => {
    expect(businessDaysLeft('NSW', '2026-01-05', '2026-01-05')).toBe(0);
    expect(businessDaysLeft('NSW', '2026-01-07', '2026-01-05')).toBe(-2);
  });
});

describe('internalDeadlines and notices', () => {
  it('the surveyor 5 and the funder 2 business days before the schedule is due', () => {
    expect(internalDeadlines('NSW', '2026-01-05')).toEqual({
      surveyor_due: '2025-12-19',
      funder_due: '2025-12-24',
      schedule_due: '2026-01-05',
    });
  });
  it('notices go out at 5 and 2 business days left and on the last day', () => {
    expect(noticeDays).toEqual([5, 2]);
    expect(noticeDue('NSW', '2025-12-19', '2026-01-05')).toBe(5);
    expect(noticeDue('NSW', '2025-12-22', '2026-01-05')).toBeNull();
    expect(noticeDue('NSW', '2025-12-24', '2026-01-05')).toBe(2);
    expect(noticeDue('NSW', '2025-12-29', '2026-01-05')).toBeNull();
    expect(noticeDue('NSW', '2026-01-05', '2026-01-05')).toBe(0);
  });
});
