import { z } from 'zod';
import { accessUntilMessages } from './access-dates';
import type { AccessStatus } from './marketplace';
import { sydneyDate } from './proposals';

/**
 * The access request's state machine (spec 000 sections 2-4; issue 19 item 5; decision 035):
 *
 *   pending ──approve (developer)──▶ approved ──engage (funder)──▶ due_diligence
 *      │                               │                              │
 *      │                               │                   accept quote (developer)
 *      │                               │                              ▼
 *      │                               │                          term_sheet ──complete──▶ funded
 *      │                               │                              │
 *      │                               └──── revoke (developer, admin) or lapse (access_until) ──▶ revoked
 *      └──decline (developer)──▶ declined
 *
 *   Any open request ──either party deletes their account──▶ closed.
 *
 * Declined and closed free the funder's one open request on the project, so they may ask again;
 * revoked keeps it (the database's partial unique index leaves out only declined and closed): a
 * funder whose access was taken back cannot simply ask again. Funded is final: access to a funded
 * deal is never taken back.
 */
export const accessTransitions = [
  { event: 'approve', from: 'pending', to: 'approved', by: 'developer' },
  { event: 'decline', from: 'pending', to: 'declined', by: 'developer' },
  { event: 'engage', from: 'approved', to: 'due_diligence', by: 'funder' },
  { event: 'accept_quote', from: 'due_diligence', to: 'term_sheet', by: 'developer' },
  { event: 'complete', from: 'term_sheet', to: 'funded', by: 'developer or admin' },
  { event: 'revoke', from: 'approved', to: 'revoked', by: 'developer or admin' },
  { event: 'revoke', from: 'due_diligence', to: 'revoked', by: 'developer or admin' },
  { event: 'revoke', from: 'term_sheet', to: 'revoked', by: 'developer or admin' },
  { event: 'lapse', from: 'approved', to: 'revoked', by: 'system' },
  { event: 'lapse', from: 'due_diligence', to: 'revoked', by: 'system' },
  { event: 'lapse', from: 'term_sheet', to: 'revoked', by: 'system' },
] as const satisfies readonly { event: string; from: AccessStatus; to: AccessStatus; by: string }[];

/** Granted and not yet funded: the statuses from which access may be revoked or lapse. */
export const revocableAccessStatuses = [
  'approved',
  'due_diligence',
  'term_sheet',
] as const satisfies readonly AccessStatus[];
export const canRevokeAccess = (status: AccessStatus) =>
  (revocableAccessStatuses as readonly AccessStatus[]).includes(status);

export const revocationMessages = {
  reasonRequired: 'Give a reason for revoking access',
  reasonTooLong: 'The reason must be at most 1000 characters',
  onlyGranted: 'Only granted access that is not yet funded can be revoked',
  revokedTitle: 'Access Revoked',
  revoked: "The funder's access has been revoked",
  revokeFailedTitle: 'Revoke Failed',
  /** A funder whose access was revoked asks for the project again (POST /access-requests): 409. */
  cannotRequestAgain: 'Your access to this project was revoked: you cannot request it again',
  accessUntilOnlyOnApprove: 'Access until can be set only when approving',
  revokedBanner: 'Access revoked',
} as const;

export const REVOKE_REASON_MAX_LENGTH = 1000;

/** PUT /access-requests/{id}/revoke: the reason, trimmed, 1 to 1000 characters. */
export const revokeAccessBody = z.strictObject({
  reason: z
    .string({ error: revocationMessages.reasonRequired })
    .trim()
    .min(1, revocationMessages.reasonRequired)
    .max(REVOKE_REASON_MAX_LENGTH, revocationMessages.reasonTooLong),
});

/**
 * The developer's decision's optional body: approving may set 'Access until', a calendar day
 * (YYYY-MM-DD). Access lasts to the end of that day in Australia/Sydney (`accessEndsAt`). The schema
 * checks only that it is text; which days are allowed is `accessUntilIssue` (access-dates.ts), which
 * the service applies, so every refusal names the field with the same three messages.
 */
export const accessDecisionBody = z
  .strictObject({
    access_until: z
      .string({ error: accessUntilMessages.notADate })
      .max(32, accessUntilMessages.notADate)
      .nullish(),
  })
  .nullish();

/** Minutes east of UTC that Australia/Sydney is at `at` (600 or 660). */
function sydneyOffsetMinutes(at: Date): number {
  const name =
    new Intl.DateTimeFormat('en-US', { timeZone: 'Australia/Sydney', timeZoneName: 'longOffset' })
      .formatToParts(at)
      .find((part) => part.type === 'timeZoneName')?.value ?? 'GMT+10:00';
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  if (!match) return 600;
  return (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3]));
}

/** The instant a calendar day (YYYY-MM-DD) ends in Australia/Sydney: midnight that starts the next day. */
export function accessEndsAt(day: string): Date {
  const next = new Date(`${day}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  // Sydney's midnight is `offset` minutes before UTC's; the offset at that instant decides (daylight
  // saving changes at 2 or 3 am, never at midnight, so one correction settles it).
  let at = new Date(next.getTime() - sydneyOffsetMinutes(next) * 60_000);
  at = new Date(next.getTime() - sydneyOffsetMinutes(at) * 60_000);
  return at;
}

/** The Sydney calendar day whose end is `endsAt` (the inverse of accessEndsAt), for messages. */
export const accessLastDay = (endsAt: Date | string) => sydneyDate(new Date(new Date(endsAt).getTime() - 1));

/** The funder is told their access is about to lapse this long before it does. */
export const EXPIRY_NOTICE_DAYS = 3;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Whether the funder's notice is due now: access lapses within EXPIRY_NOTICE_DAYS and they have not
 * been told yet (once per request).
 */
export const isExpiryNoticeDue = (
  request: { access_until: Date | string | null; expiry_notice_sent_at: Date | string | null },
  now: Date,
) =>
  request.access_until !== null &&
  request.expiry_notice_sent_at === null &&
  new Date(request.access_until).getTime() - now.getTime() <= EXPIRY_NOTICE_DAYS * DAY_MS;

/** Whether granted access with an end has reached it. */
export const hasAccessLapsed = (request: { access_until: Date | string | null }, now: Date) =>
  request.access_until !== null && new Date(request.access_until).getTime() <= now.getTime();

const sydneyDay = new Intl.DateTimeFormat('en-AU', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'Australia/Sydney',
});
/** The last day of access as people read it, 'Access until 12 Dec 2026' (en-AU, Sydney). */
export const formatAccessLastDay = (endsAt: Date | string) =>
  sydneyDay.format(new Date(new Date(endsAt).getTime() - 1));

/** The reason stored on a request that lapsed by itself. */
export const lapsedReason = (endsAt: Date | string) =>
  `Access period ended on ${formatAccessLastDay(endsAt)}`;
