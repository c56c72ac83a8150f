import { type DealParty, dealMessages, dealPartyOf } from '@plinth/domain/deals';
import type { Viewer } from '../../auth/guards';
import type { Db } from '../../db/database';
import { conflict, notFound } from '../../errors';

/**
 * Who may reach a deal and how, in one place for every deal endpoint (deals, comments, documents,
 * document requests, proposals): its two parties may read and act; admins may read; anyone else is
 * told the room does not exist (404 'Deal room not found'), exactly as for an id that does not.
 */

export interface DealRow {
  id: string;
  project_id: string;
  access_request_id: string;
  borrower_id: string;
  funder_id: string;
  status: 'open' | 'completed';
  created_at: Date | string;
  completed_at: Date | string | null;
}

export const findDealRow = (db: Db, id: string): Promise<DealRow | undefined> =>
  db
    .selectFrom('deal')
    .select([
      'id',
      'project_id',
      'access_request_id',
      'borrower_id',
      'funder_id',
      'status',
      'created_at',
      'completed_at',
    ])
    .where('id', '=', id)
    .executeTakeFirst();

/** A deal the viewer may read: a party's or, for an admin, any. */
export async function dealForReader(db: Db, viewer: Viewer, dealId: string): Promise<DealRow> {
  const row = await findDealRow(db, dealId);
  if (!row) throw notFound(dealMessages.notFound);
  if (viewer.role === 'admin' || dealPartyOf(viewer.id, row)) return row;
  throw notFound(dealMessages.notFound);
}

/**
 * A deal the viewer may act in: only its two parties (an admin reads, never acts as a party; a
 * stranger gets the same 404). With `open: true` a completed deal is refused (409): the room is
 * read-only once the deal is done.
 */
export async function dealForParty(
  db: Db,
  viewer: Viewer,
  dealId: string,
  options: { open?: boolean } = {},
): Promise<DealRow & { party: DealParty }> {
  const row = await findDealRow(db, dealId);
  const party = row ? dealPartyOf(viewer.id, row) : null;
  if (!row || !party) throw notFound(dealMessages.notFound);
  if (options.open && row.status === 'completed') throw conflict(dealMessages.closed);
  return { ...row, party };
}

/** The other party of a deal: whom a comment, request or quote notifies. */
export const otherPartyOf = (deal: Pick<DealRow, 'borrower_id' | 'funder_id'>, party: DealParty) =>
  party === 'borrower' ? deal.funder_id : deal.borrower_id;
