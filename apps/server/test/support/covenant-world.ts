import { reportedMonth } from '@plinth/domain/facility/lender-report';
import { sydneyDate } from '@plinth/domain/proposals';
import { withCovenants } from '../../src/modules/covenants/covenant-tables';
import { generateLenderReport } from '../../src/modules/covenants/lender-report.service';
import type { TestApp, TestUser } from '../helpers';
import { call } from './facilities';

/**
 * The objects the covenant routes (issue 34 items 5, 6 and 9; decision 067) need in a facility
 * world (the permission matrix's, support/permission-world.ts createFacilityWorld, or any
 * FacilityWorld): covenants set by the funder through the API (loan to cost at 80 % with 30 cure
 * days, which the world's $12,000,000 limit on a $9,300,000 budget breaches: an open breach and
 * its notice, no default), a valuation, and last month's lender report. Returns their ids.
 */
export async function createCovenantWorld(
  t: TestApp,
  world: { facilityId: string; funder: TestUser },
): Promise<{ reportId: string; noticeId: string; valuationId: string }> {
  await call(t, world.funder, {
    method: 'PUT',
    url: `/api/facilities/${world.facilityId}/covenants`,
    payload: {
      covenants: [
        { kind: 'loan_to_cost', threshold: 8_000, frequency: 'monthly', cure_days: 30 },
        { kind: 'in_balance', threshold: 0, frequency: 'monthly', cure_days: 10 },
      ],
    },
  });
  const valuation = await call(
    t,
    world.funder,
    {
      method: 'POST',
      url: `/api/facilities/${world.facilityId}/valuations`,
      payload: { valued_on: '2026-01-02', value_cents: 2_400_000_000, valuer: 'Preston Rowe Paterson' },
    },
    201,
  );
  const today = sydneyDate();
  const reportId = await generateLenderReport(
    { db: t.database.db, storage: t.app.deps.storage },
    world.facilityId,
    reportedMonth(today),
    today,
  );
  const notice = await withCovenants(t.database.db)
    .selectFrom('covenant_notice')
    .select('id')
    .where('facility_id', '=', world.facilityId)
    .orderBy('created_at', 'desc')
    .executeTakeFirstOrThrow();
  const report =
    reportId ??
    (
      await withCovenants(t.database.db)
        .selectFrom('lender_report')
        .select('id')
        .where('facility_id', '=', world.facilityId)
        .where('month', '=', reportedMonth(today))
        .executeTakeFirstOrThrow()
    ).id;
  return { reportId: report, noticeId: notice.id, valuationId: valuation.id };
}
