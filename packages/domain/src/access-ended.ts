import { z } from 'zod';
import { DEFAULT_TIME_ZONE, formatDate } from './format';

/**
 * What a funder whose access was revoked, or lapsed at its 'access until', is told wherever they
 * land: the project page, its deal room, a notification's link, Messages (issue 37 item 1, decision
 * 059). Nothing of the project beyond its title: the file, its documents and the room stay closed.
 */
export const accessEndedResponse = z.object({
  project_id: z.string(),
  project_title: z.string(),
  /** When it was revoked, or when the access period ended (a lapse). */
  ended_at: z.string(),
  /** The developer's (or admin's) reason; for a lapse the stored 'Access period ended on …'. */
  reason: z.string(),
  lapsed: z.boolean(),
  access_until: z.string().nullable(),
  /** The sentence to show, in Australia/Sydney (screens re-render it in the reader's zone). */
  message: z.string(),
});
export type AccessEnded = z.infer<typeof accessEndedResponse>;

/** GET /access-ended: one of the two, a project's or a deal room's id. */
export const accessEndedQuery = z
  .object({
    project_id: z.uuid({ error: 'Not found' }).optional(),
    deal_id: z.uuid({ error: 'Not found' }).optional(),
  })
  .refine((q) => (q.project_id ? 1 : 0) + (q.deal_id ? 1 : 0) === 1, {
    error: 'Give a project_id or a deal_id',
  });

/**
 * A revoked request lapsed when no one revoked it (the expiry job writes no one's id) and it ended
 * at or after its access_until; otherwise someone revoked it.
 */
export const isLapse = (row: {
  revoked_by: string | null;
  revoked_at: Date | string;
  access_until: Date | string | null;
}) =>
  row.revoked_by === null &&
  row.access_until !== null &&
  new Date(row.revoked_at).getTime() >= new Date(row.access_until).getTime();

/** The last instant of access is a millisecond before access_until (the end of the last day). */
const lastDayOf = (accessUntil: Date | string) => new Date(new Date(accessUntil).getTime() - 1);

/** The reason as one sentence's tail: no trailing full stop (the screen never doubles it). */
export const reasonText = (reason: string) => reason.trim().replace(/[.\s]+$/, '');

/**
 * 'Your access to {project} was revoked on {date}: {reason}', or for a lapse 'Your access to
 * {project} ended on {date}' (the last day of access), dates in the reader's time zone.
 */
export function accessEndedMessage(
  ended: Pick<AccessEnded, 'project_title' | 'ended_at' | 'reason' | 'lapsed' | 'access_until'>,
  timeZone: string = DEFAULT_TIME_ZONE,
): string {
  if (ended.lapsed) {
    const day = ended.access_until ? lastDayOf(ended.access_until) : new Date(ended.ended_at);
    return `Your access to ${ended.project_title} ended on ${formatDate(day, timeZone)}`;
  }
  const reason = reasonText(ended.reason);
  const when = formatDate(ended.ended_at, timeZone);
  return reason
    ? `Your access to ${ended.project_title} was revoked on ${when}: ${reason}`
    : `Your access to ${ended.project_title} was revoked on ${when}`;
}

/** 'Access until 20 Dec 2026' for granted access with an end (issue 37 item 2); null without one. */
export const accessUntilLabel = (accessUntil: Date | string | null, timeZone: string = DEFAULT_TIME_ZONE) =>
  accessUntil ? `Access until ${formatDate(lastDayOf(accessUntil), timeZone)}` : null;
