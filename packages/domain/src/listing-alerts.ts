import { DateTime, IANAZone } from 'luxon';
import { z } from 'zod';
import { compactAud } from './marketplace';

/**
 * Listing alerts (issue 22 items 2 and 3; decision 044): when a listing reaches the market, every
 * funder whose saved criteria it meets is told once — in the app at once, and by e-mail at once or
 * in a daily digest at 8:00 in their own time zone. Criteria not confirmed for 30 days pause the
 * alerts; seven days before, the funder is asked whether they are still accurate.
 */

/** How a funder takes the e-mail of their alerts: each at once, one digest a day, or none. */
export const alertEmailModes = ['instant', 'daily', 'off'] as const;
export type AlertEmailMode = (typeof alertEmailModes)[number];

export const DEFAULT_ALERT_EMAIL: AlertEmailMode = 'instant';
export const DEFAULT_TIME_ZONE = 'Australia/Sydney';
/** The local hour the daily digest goes out. */
export const DIGEST_HOUR = 8;

/** Criteria not confirmed for this long pause their alerts. */
export const CRITERIA_PAUSE_DAYS = 30;
/** The 'Still accurate?' e-mail goes this many days before they pause (day 23). */
export const CRITERIA_REMINDER_DAYS_BEFORE = 7;

const DAY_MS = 24 * 60 * 60 * 1000;

export const listingAlertMessages = {
  timeZone: 'Choose a time zone such as Australia/Sydney',
  alertEmail: "E-mail alerts are 'instant', 'daily' or 'off'",
} as const;

export const isTimeZone = (zone: string) => IANAZone.isValidZone(zone);

/** `PUT /api/funder-criteria/alerts`'s body, and with `paused` and `pauses_at` its answer. */
export const alertSettingsBody = z.strictObject({
  email: z.enum(alertEmailModes, { error: listingAlertMessages.alertEmail }),
  time_zone: z.string().max(64).refine(isTimeZone, listingAlertMessages.timeZone),
});
export type AlertSettingsBody = z.infer<typeof alertSettingsBody>;

export const alertSettingsResponse = alertSettingsBody.extend({
  /** True once saved criteria went 30 days unconfirmed: no alerts until the funder confirms them. */
  paused: z.boolean(),
  /** When saved criteria pause unless confirmed (ISO 8601); null while none are saved. */
  pauses_at: z.string().nullable(),
});
export type AlertSettingsResponse = z.infer<typeof alertSettingsResponse>;

const asDate = (value: Date | string) => (value instanceof Date ? value : new Date(value));

/** When criteria confirmed at `confirmedAt` pause. */
export const criteriaPauseAt = (confirmedAt: Date | string) =>
  new Date(asDate(confirmedAt).getTime() + CRITERIA_PAUSE_DAYS * DAY_MS);

/** When the 'Still accurate?' e-mail for criteria confirmed at `confirmedAt` is due (day 23). */
export const criteriaReminderAt = (confirmedAt: Date | string) =>
  new Date(criteriaPauseAt(confirmedAt).getTime() - CRITERIA_REMINDER_DAYS_BEFORE * DAY_MS);

export const isCriteriaPaused = (confirmedAt: Date | string, now: Date) =>
  criteriaPauseAt(confirmedAt).getTime() <= now.getTime();

/** The latest confirmation whose reminder is due at `now` (confirmed on or before it: day 23 reached). */
export const reminderDueFor = (now: Date) =>
  new Date(now.getTime() - (CRITERIA_PAUSE_DAYS - CRITERIA_REMINDER_DAYS_BEFORE) * DAY_MS);

/** The oldest confirmation whose criteria still alert at `now` (the database's filter). */
export const activeCriteriaSince = (now: Date) => new Date(now.getTime() - CRITERIA_PAUSE_DAYS * DAY_MS);

/**
 * The next daily digest after `now`: 8:00 on the wall clock of `timeZone`, today if that is still
 * ahead, else tomorrow. Worked out in the zone's calendar, so a daylight-saving change between now
 * and then moves the UTC instant, never the local hour.
 */
export function nextDigestAt(now: Date, timeZone: string): Date {
  const local = DateTime.fromJSDate(now, { zone: timeZone });
  let at = local.set({ hour: DIGEST_HOUR, minute: 0, second: 0, millisecond: 0 });
  if (at <= local) at = at.plus({ days: 1 }).set({ hour: DIGEST_HOUR });
  return at.toJSDate();
}

/** A listing as an alert names it: its preview fields only. */
export interface AlertedListing {
  property_type: string;
  suburb: string | null;
  state: string | null;
  loan_amount: number;
}

/** "Parramatta NSW", or what of it the listing has. */
export const listingPlace = (l: Pick<AlertedListing, 'suburb' | 'state'>) =>
  [l.suburb, l.state].filter((part) => part && part.trim() !== '').join(' ');

/** The in-app alert: "New listing matches your criteria: Residential, Parramatta NSW, $4.5m". */
export function listingAlertMessage(listing: AlertedListing): string {
  const parts = [listing.property_type, listingPlace(listing), compactAud(listing.loan_amount)];
  return `New listing matches your criteria: ${parts.filter(Boolean).join(', ')}`;
}
