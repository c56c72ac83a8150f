import { type AccessEnded, accessEndedMessage, isLapse } from '@plinth/domain/access-ended';
import type { Viewer } from '../../auth/guards';
import type { Db } from '../../db/database';
import { notFound } from '../../errors';
import { readerTimeZone } from '../users/reader-time-zone';

const iso = (d: Date | string) => new Date(d).toISOString();

/**
 * GET /access-ended (issue 37 item 1): for a funder whose own access to a project was revoked or
 * lapsed, the project's title and when and why it ended, found by the project's id or by the id of
 * the deal room they had on it. Anyone else, any other state, any other id: 404 'Not found', the
 * same answer as for an id that does not exist. Nothing of the project beyond its title.
 */
export async function findAccessEnded(
  db: Db,
  options: { viewer: Viewer; projectId?: string; dealId?: string },
): Promise<AccessEnded> {
  const { viewer } = options;
  let query = db
    .selectFrom('access_request as ar')
    .innerJoin('project as p', 'p.id', 'ar.project_id')
    .select([
      'ar.project_id',
      'p.title',
      'ar.revoked_at',
      'ar.revoked_by',
      'ar.revoke_reason',
      'ar.access_until',
    ])
    .where('ar.funder_id', '=', viewer.id)
    .where('ar.status', '=', 'revoked');
  if (options.dealId) {
    const dealId = options.dealId;
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('deal')
          .select('deal.id')
          .whereRef('deal.access_request_id', '=', 'ar.id')
          .where('deal.id', '=', dealId),
      ),
    );
  } else {
    query = query.where('ar.project_id', '=', options.projectId ?? '');
  }
  const row = await query.orderBy('ar.revoked_at', 'desc').limit(1).executeTakeFirst();
  if (!row?.revoked_at) throw notFound('Not found');
  const ended = {
    project_id: row.project_id,
    project_title: row.title,
    ended_at: iso(row.revoked_at),
    reason: row.revoke_reason ?? '',
    lapsed: isLapse({
      revoked_by: row.revoked_by,
      revoked_at: row.revoked_at,
      access_until: row.access_until,
    }),
    access_until: row.access_until ? iso(row.access_until) : null,
  };
  // The day it ended, in the funder's own zone, as their screens show it (decision 074).
  return { ...ended, message: accessEndedMessage(ended, await readerTimeZone(db, viewer.id)) };
}
