/**
 * The Security of Payment clock (issue 33, decision 054): a payment claim served on the developer
 * starts the time to answer it with a payment schedule, counted in business days of the project's state,
 * in that state's time zone. A claim is served on the local calendar day it was sent, even at 7 pm.
 *
 * Business days: not a Saturday or Sunday, not a full-day public holiday of the state (from
 * `date-holidays`; part-day holidays such as Christmas Eve from 7 pm are business days), and not a day
 * the state's Act itself excludes (NSW 27–31 December; Queensland 22 December – 10 January; …).
 *
 * The holidays come from a table generated from `date-holidays` (sop-clock-holidays.ts, 2000–2100,
 * checked against it year by year by its test): loading date-holidays itself brought every country's
 * rules and its date libraries into the server, about 20 MB at rest (issue 31).
 */
import { DateTime } from 'luxon';
import { addDays, daysBetween, formatLongDate, weekday } from './dates';
import { holidayNames, holidayTable, holidayTableYears } from './sop-clock-holidays';

export const auStates = ['NSW', 'VIC', 'QLD', 'SA', 'WA', 'TAS', 'ACT', 'NT'] as const;
export type AuState = (typeof auStates)[number];

export type ExcludedRange = {
  /** Inclusive (month, day) bounds; a range may run over the new year (from 22 December to 10 January). */
  from: [number, number];
  to: [number, number];
  /** The rule applies to days on or after this date (an amendment's commencement), 'YYYY-MM-DD'. */
  since?: string;
};

export type SopRule = {
  /** The Act and section that set the clock. */
  act: string;
  /** Business days after service by which the respondent must answer (the contract may only shorten it). */
  schedule_business_days: number;
  time_zone: string;
  /** Days the state's Act itself excludes from business days, besides weekends and public holidays. */
  excluded: readonly ExcludedRange[];
  /** What the answer is called in that state. */
  schedule_name: string;
};

// Sources and the reading of each Act: decision 054. Where a source left a point uncertain the rule
// takes the reading that gives the earlier due date, so the developer is never told they have longer
// than they do.
export const sopRules: Record<AuState, SopRule> = {
  NSW: {
    act: 'Building and Construction Industry Security of Payment Act 1999 (NSW), s 14(4)',
    schedule_business_days: 10,
    time_zone: 'Australia/Sydney',
    excluded: [{ from: [12, 27], to: [12, 31] }],
    schedule_name: 'payment schedule',
  },
  VIC: {
    act: 'Building and Construction Industry Security of Payment Act 2002 (Vic), s 15(4)',
    schedule_business_days: 10,
    time_zone: 'Australia/Melbourne',
    // The Building Legislation Amendment (Fairer Payments on Jobsites and Other Matters) Act 2025
    // excludes 22 December to 10 January, in force by 1 September 2026 at the latest.
    excluded: [{ from: [12, 22], to: [1, 10], since: '2026-09-01' }],
    schedule_name: 'payment schedule',
  },
  QLD: {
    act: 'Building Industry Fairness (Security of Payment) Act 2017 (Qld), s 76',
    schedule_business_days: 15,
    time_zone: 'Australia/Brisbane',
    excluded: [{ from: [12, 22], to: [1, 10] }],
    schedule_name: 'payment schedule',
  },
  SA: {
    act: 'Building and Construction Industry Security of Payment Act 2009 (SA), s 14(4)',
    schedule_business_days: 15,
    time_zone: 'Australia/Adelaide',
    excluded: [{ from: [12, 27], to: [12, 31] }],
    schedule_name: 'payment schedule',
  },
  WA: {
    act: 'Building and Construction Industry (Security of Payment) Act 2021 (WA), s 24',
    schedule_business_days: 15,
    time_zone: 'Australia/Perth',
    excluded: [{ from: [12, 27], to: [12, 31] }],
    schedule_name: 'payment schedule',
  },
  TAS: {
    act: 'Building and Construction Industry Security of Payment Act 2009 (Tas), s 17',
    schedule_business_days: 10,
    time_zone: 'Australia/Hobart',
    excluded: [{ from: [12, 27], to: [12, 31] }],
    schedule_name: 'payment schedule',
  },
  ACT: {
    act: 'Building and Construction Industry (Security of Payment) Act 2009 (ACT), s 16',
    schedule_business_days: 10,
    time_zone: 'Australia/Sydney',
    excluded: [{ from: [12, 27], to: [12, 31] }],
    schedule_name: 'payment schedule',
  },
  NT: {
    // The NT has no statutory payment schedule: where the contract is silent its implied provisions
    // give 10 working days to answer a payment claim with a notice of dispute. Working days exclude
    // 25 December to 7 January (2019 amendments, in force 3 February 2020).
    act: 'Construction Contracts (Security of Payments) Act 2004 (NT), Schedule 1 (implied provisions)',
    schedule_business_days: 10,
    time_zone: 'Australia/Darwin',
    excluded: [{ from: [12, 25], to: [1, 7] }],
    schedule_name: 'notice of dispute',
  },
};

export const isAuState = (value: unknown): value is AuState =>
  typeof value === 'string' && (auStates as readonly string[]).includes(value);

// Each state's table split into years once, and each year's holidays read once.
const tableYears = new Map<AuState, string[]>();
const holidayYears = new Map<string, Map<string, string>>();

/**
 * The state's full-day public holidays in `year`: date → name. Outside the years the table covers
 * (2000–2100) there is no answer rather than a wrong one: a RangeError.
 */
export function publicHolidays(state: AuState, year: number): Map<string, string> {
  const key = `${state}:${year}`;
  let days = holidayYears.get(key);
  if (days) return days;
  if (!Number.isInteger(year) || year < holidayTableYears.first || year > holidayTableYears.last)
    throw new RangeError(
      `No public holidays known for ${year}: the table covers ${holidayTableYears.first}–${holidayTableYears.last}`,
    );
  let years = tableYears.get(state);
  if (!years) {
    years = holidayTable[state]!.split(' ');
    tableYears.set(state, years);
  }
  const encoded = years[year - holidayTableYears.first]!;
  days = new Map();
  for (let i = 0; i < encoded.length; i += 5) {
    const letter = encoded.charCodeAt(i + 4);
    const name = holidayNames[letter < 97 ? letter - 65 : letter - 97 + 26]!;
    days.set(`${year}-${encoded.slice(i, i + 2)}-${encoded.slice(i + 2, i + 4)}`, name);
  }
  holidayYears.set(key, days);
  return days;
}

const inRange = (date: string, range: ExcludedRange) => {
  if (range.since && date < range.since) return false;
  const md = Number(date.slice(5, 7)) * 100 + Number(date.slice(8, 10));
  const from = range.from[0] * 100 + range.from[1];
  const to = range.to[0] * 100 + range.to[1];
  // A range over the new year (22 Dec – 10 Jan) is the two ends of the year.
  return from <= to ? md >= from && md <= to : md >= from || md <= to;
};

/** Why `date` is not a business day in `state` ('Saturday', 'Christmas Day', 'Not a business day under the NSW Act'), or null. */
export function nonBusinessReason(state: AuState, date: string): string | null {
  const day = weekday(date);
  if (day === 6) return 'Saturday';
  if (day === 0) return 'Sunday';
  const holiday = publicHolidays(state, Number(date.slice(0, 4))).get(date);
  if (holiday) return holiday;
  if (sopRules[state].excluded.some((r) => inRange(date, r)))
    return `Not a business day under the ${state} Act`;
  return null;
}

export const isBusinessDay = (state: AuState, date: string) => nonBusinessReason(state, date) === null;

/** The `n`th business day after `date` (n ≥ 1 counts forward from the next day; n = 0 returns `date`; negative counts back). */
export function addBusinessDays(state: AuState, date: string, n: number): string {
  let current = date;
  let left = Math.abs(n);
  const step = n < 0 ? -1 : 1;
  while (left > 0) {
    current = addDays(current, step);
    if (isBusinessDay(state, current)) left -= 1;
  }
  return current;
}

/** Business days after `from` up to and including `to` (0 when `to` ≤ `from`). */
export function businessDaysBetween(state: AuState, from: string, to: string): number {
  let count = 0;
  const span = daysBetween(from, to);
  for (let i = 1; i <= span; i++) if (isBusinessDay(state, addDays(from, i))) count += 1;
  return count;
}

/** Whether `value` is an ISO timestamp that names its zone ('Z' or an offset): a service time without one is ambiguous. */
export const isZonedTimestamp = (value: unknown): value is string =>
  typeof value === 'string' &&
  /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/.test(value) &&
  DateTime.fromISO(value).isValid;

/** The local calendar day in the state on which a claim sent at `servedAt` (an ISO timestamp with its zone) is served. */
export function servedOn(state: AuState, servedAt: string): string {
  if (!isZonedTimestamp(servedAt)) throw new RangeError(`Not a timestamp with a time zone: ${servedAt}`);
  return DateTime.fromISO(servedAt).setZone(sopRules[state].time_zone).toISODate()!;
}

/** The last day to give the payment schedule: the Act's number of business days after the day of service. */
export const paymentScheduleDue = (state: AuState, claimServedAt: string) =>
  addBusinessDays(state, servedOn(state, claimServedAt), sopRules[state].schedule_business_days);

/** Notices to the parties when this many business days are left. */
export const noticeDays = [5, 2] as const;

/**
 * The parties' own deadlines inside the clock (decision 054): the surveyor certifies by 5 business days
 * before the schedule is due, the funder decides by 2 business days before it, which leaves the developer
 * 2 business days to serve the schedule.
 */
export const internalDeadlineOffsets = { surveyor: 5, funder: 2 } as const;

export function internalDeadlines(state: AuState, due: string) {
  return {
    surveyor_due: addBusinessDays(state, due, -internalDeadlineOffsets.surveyor),
    funder_due: addBusinessDays(state, due, -internalDeadlineOffsets.funder),
    schedule_due: due,
  };
}

/** Business days left from `today` to `due` (0 on the due day, negative once it has passed). */
export function businessDaysLeft(state: AuState, today: string, due: string): number {
  if (today <= due) return businessDaysBetween(state, today, due);
  return -businessDaysBetween(state, due, today);
}

/** The notice owed on `today`, if any: 5 or 2 business days left, or 0 on the last day. */
export function noticeDue(state: AuState, today: string, due: string): 5 | 2 | 0 | null {
  if (!isBusinessDay(state, today)) return null;
  const left = businessDaysLeft(state, today, due);
  if (left === 5 || left === 2 || left === 0) return left;
  return null;
}

/** 'The payment schedule is due on 5 January 2026 (10 business days in NSW)'. */
export const scheduleDueText = (state: AuState, due: string) =>
  `The payment schedule is due on ${formatLongDate(due)} (${sopRules[state].schedule_business_days} business days in ${state})`;
