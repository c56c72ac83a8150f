import {
  type PortfolioItem,
  type PortfolioResponse,
  portfolioStatuses,
  portfolioTotals,
} from '@plinth/domain/deals';
import type { Viewer } from '../../auth/guards';
import type { Db } from '../../db/database';
import { assertFunderMayUseMarketplace } from '../projects/marketplace.service';

/**
 * GET /portfolio (spec 000 sections 2 and 9): a funder's granted access requests (approved, due
 * diligence, term sheet, funded), each with its deal once there is one and the accepted quote's
 * amount, most recently changed first; the totals are the domain's (12.5 % of the funded amount).
 * The dashboard's 'Your Active Deals' is the open deals of the same list.
 */
export async function getPortfolio(db: Db, options: { viewer: Viewer }): Promise<PortfolioResponse> {
  const { viewer } = options;
  await assertFunderMayUseMarketplace(db, viewer);
  const rows = await db
    .selectFrom('access_request as ar')
    .innerJoin('project as p', 'p.id', 'ar.project_id')
    .leftJoin('deal', 'deal.access_request_id', 'ar.id')
    .select((eb) => [
      'ar.id as access_request_id',
      'ar.status',
      'ar.project_id',
      'p.title as project_title',
      'p.suburb',
      'p.state',
      'p.loan_amount',
      'deal.id as deal_id',
      'deal.status as deal_status',
      eb
        .selectFrom('proposal')
        .select('proposal.loan_amount')
        .whereRef('proposal.deal_id', '=', 'deal.id')
        .where('proposal.status', '=', 'accepted')
        .orderBy('proposal.responded_at', 'desc')
        .limit(1)
        .as('agreed_amount'),
      'ar.updated_at',
    ])
    .where('ar.funder_id', '=', viewer.id)
    .where('ar.status', 'in', portfolioStatuses)
    .orderBy('ar.updated_at', 'desc')
    .orderBy('ar.id', 'desc')
    .execute();
  const items: PortfolioItem[] = rows.map((row) => ({
    access_request_id: row.access_request_id,
    status: row.status as PortfolioItem['status'],
    project_id: row.project_id,
    project_title: row.project_title,
    suburb: row.suburb,
    state: row.state,
    loan_amount: row.loan_amount,
    deal_id: row.deal_id,
    deal_status: row.deal_status,
    agreed_amount: row.agreed_amount ?? null,
    updated_at: new Date(row.updated_at).toISOString(),
  }));
  return { items, totals: portfolioTotals(items) };
}
