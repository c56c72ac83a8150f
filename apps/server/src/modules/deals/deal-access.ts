import { type DealParty, dealMessages, dealPartyOf } from '@plinth/domain/deals';
import type { AccessStatus } from '@plinth/domain/marketplace';
import type { Viewer } from '../../auth/guards';
import type { Db } from '../../db/database';
import { conflict, notFound } from '../../errors';
import { assertUndertakingAccepted } from '../undertaking/undertaking.service';

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
  /** The deal's access request's status: 'revoked' closes the room to its funder (issue 19 item 5). */
  access_status: AccessStatus;
}

export const findDealRow = (db: Db, id: string): Promise<DealRow | undefined> =>
  db
    .selectFrom('deal')
    .innerJoin('access_request as ar', 'ar.id', 'deal.access_request_id')
    .select([
      'deal.id',
      'deal.project_id',
      'deal.access_request_id',
      'deal.borrower_id',
      'deal.funder_id',
      'deal.status',
      'deal.created_at',
      'deal.completed_at',
      'ar.status as access_status',
    ])
    .where('deal.id', '=', id)
    .executeTakeFirst();

/**
 * A funder whose access was revoked (or lapsed) no longer finds the room: the same 404 as a stranger.
 * Its developer and admins still read it, with its history.
 */
const isShutOut = (row: DealRow, party: DealParty | null) =>
  party === 'funder' && row.access_status === 'revoked';

/** A deal the viewer may read: a party's or, for an admin, any. */
export async function dealForReader(db: Db, viewer: Viewer, dealId: string): Promise<DealRow> {
  const row = await findDealRow(db, dealId);
  if (!row) throw notFound(dealMessages.notFound);
  const party = dealPartyOf(viewer.id, row);
  if (isShutOut(row, party)) throw notFound(dealMessages.notFound);
  if (viewer.role === 'admin' || party) return row;
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
  if (!row || !party || isShutOut(row, party)) throw notFound(dealMessages.notFound);
  // Nothing happens in a room whose funder's access was revoked; the developer only reads it.
  if (row.access_status === 'revoked') throw conflict(dealMessages.accessRevoked);
  if (options.open && row.status === 'completed') throw conflict(dealMessages.closed);
  // A funder granted before undertakings existed signs one before acting (decision 033).
  if (party === 'funder')
    await assertUndertakingAccepted(db, viewer, { accessRequestId: row.access_request_id });
  return { ...row, party };
}

/** The other party of a deal: whom a comment, request or quote notifies. */
export const otherPartyOf = (deal: Pick<DealRow, 'borrower_id' | 'funder_id'>, party: DealParty) =>
  party === 'borrower' ? deal.funder_id : deal.borrower_id;
