import type { createCommentBody, DealComment } from '@plinth/domain/deals';
import type { z } from 'zod';
import type { Viewer } from '../../auth/guards';
import type { Db } from '../../db/database';
import { publishLiveEvent } from '../events/events.service';
import { dealForParty, dealForReader, otherPartyOf } from './deal-access';

/**
 * A deal's comment thread (spec 000 sections 2 and 5): both parties post, admins read; oldest first
 * (newest last). A comment reaches the other party's open room through a `deal` live event.
 */

const iso = (d: Date | string) => new Date(d).toISOString();

const selectComments = (db: Db) =>
  db
    .selectFrom('deal_comment as c')
    .leftJoin('user as author', 'author.id', 'c.user_id')
    .select(['c.id', 'c.deal_id', 'c.user_id', 'author.name as user_name', 'c.comment', 'c.created_at']);

type CommentRow = NonNullable<Awaited<ReturnType<ReturnType<typeof selectComments>['executeTakeFirst']>>>;

const toComment = (row: CommentRow): DealComment => ({
  id: row.id,
  deal_id: row.deal_id,
  user_id: row.user_id,
  // The author's account was deleted: the comment stays for the other party.
  user_name: row.user_name ?? 'Former user',
  comment: row.comment,
  created_at: iso(row.created_at),
});

/** GET /deals/{id}/comments: the whole thread, oldest first (ties in the order they were written). */
export async function listDealComments(db: Db, options: { viewer: Viewer; dealId: string }) {
  const deal = await dealForReader(db, options.viewer, options.dealId);
  const rows = await selectComments(db)
    .where('c.deal_id', '=', deal.id)
    .orderBy('c.created_at')
    .orderBy('c.id')
    .execute();
  return { items: rows.map(toComment) };
}

/** POST /deals/{id}/comments: a party of an open deal posts; the other party's room hears of it. */
export async function createDealComment(
  db: Db,
  options: { viewer: Viewer; dealId: string; body: z.output<typeof createCommentBody> },
): Promise<DealComment> {
  const deal = await dealForParty(db, options.viewer, options.dealId, { open: true });
  const id = await db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('deal_comment')
      .values({ deal_id: deal.id, user_id: options.viewer.id, comment: options.body.comment })
      .returning('id')
      .executeTakeFirstOrThrow();
    await publishLiveEvent(trx, [otherPartyOf(deal, deal.party), options.viewer.id], {
      type: 'deal',
      deal_id: deal.id,
      change: 'comment',
    });
    return row.id;
  });
  return toComment(await selectComments(db).where('c.id', '=', id).executeTakeFirstOrThrow());
}
