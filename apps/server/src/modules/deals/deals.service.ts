import { type Deal, dealMessages } from '@plinth/domain/deals';
import type { Viewer } from '../../auth/guards';
import type { Db } from '../../db/database';
import { notFound } from '../../errors';
import * as repo from './deals.repository';

const iso = (d: Date | string) => new Date(d).toISOString();

/** Who may see a deal: its two parties and admins. */
const maySee = (viewer: Viewer, row: { borrower_id: string; funder_id: string }) =>
  viewer.role === 'admin' || row.borrower_id === viewer.id || row.funder_id === viewer.id;

/**
 * GET /deals/{id}: the deal for its developer, its funder and admins; anyone else is told it does
 * not exist (404), as for an id that does not.
 */
export async function getDeal(db: Db, options: { viewer: Viewer; dealId: string }): Promise<Deal> {
  const row = await repo.findDeal(db, options.dealId);
  if (!row || !maySee(options.viewer, row)) throw notFound(dealMessages.notFound);
  return {
    id: row.id,
    project_id: row.project_id,
    access_request_id: row.access_request_id,
    status: row.status,
    created_at: iso(row.created_at),
    completed_at: row.completed_at ? iso(row.completed_at) : null,
  };
}
