import { reportDue, reportedMonth } from '@plinth/domain/facility/lender-report';
import type { AuState } from '@plinth/domain/facility/sop-clock';
import { sydneyDate } from '@plinth/domain/proposals';
import type { AppDeps } from '../../app-deps';
import type { JobKind } from '../../jobs/job-queue';
import { releaseRetentionOnSchedule, retentionDue } from '../variations/retention.service';
import { facilitiesPastCure, testCovenants } from './covenant-engine';
import { generateLenderReport } from './lender-report.service';

/**
 * The covenants' and the lender report's jobs (issue 34 items 5 and 6; decision 067), started by
 * the facilities' daily schedule (accrual.jobs.ts, once a day across instances):
 *
 * - from the first business day of a month (the project's state), one `covenant-facility` job per
 *   open facility tests its covenants for the period (`covenant_period`'s primary key: once per
 *   facility, covenant and period) and makes the report of the month before (`lender_report`'s
 *   unique (facility, month): once per facility and month), whatever instances work the queue;
 * - every day, a facility with a breach whose cure period has run is tested again, so an uncured
 *   breach becomes an event of default on the day it is due;
 * - every day, a facility whose defects liability period has ended and whose second half of
 *   retention is still held gets it released (`releaseRetentionOnSchedule`, decision 071: the
 *   facility's lock and `retention_release`'s unique (facility, stage) make it once per facility).
 *   It shares this queue so the facilities' schedule needs no new handler.
 */

export type CovenantWork = 'monthly' | 'cure' | 'retention';

export const covenantFacilityJob: JobKind<{ facilityId: string; today: string; work: CovenantWork }> = {
  name: 'covenant-facility',
};

/** One facility's monthly work: the period's covenant tests, then the month before's report. */
export async function runMonthly(
  deps: Pick<AppDeps, 'db' | 'config' | 'storage'>,
  facilityId: string,
  today: string,
) {
  const outcomes = await testCovenants(deps, facilityId, 'scheduled', { today });
  const report = await generateLenderReport(deps, facilityId, reportedMonth(today), today);
  return { tested: outcomes.length, report };
}

/** Queues the day's covenant work; returns how many jobs. */
export async function queueCovenantJobs(deps: Pick<AppDeps, 'db' | 'jobs'>, now = new Date()) {
  const today = sydneyDate(now);
  const open = await deps.db
    .selectFrom('facility')
    .select(['id', 'state'])
    .where('status', 'in', ['active', 'in_default'])
    .execute();
  const monthly = open.filter((f) => reportDue(f.state as AuState, today));
  const cure = await facilitiesPastCure(deps.db, today);
  const retention = await retentionDue(deps.db, today);
  const items = [
    ...monthly.map((f) => ({
      data: { facilityId: f.id, today, work: 'monthly' as const },
      options: { singletonKey: `${f.id}:${today}:monthly` },
    })),
    ...cure.map((id) => ({
      data: { facilityId: id, today, work: 'cure' as const },
      options: { singletonKey: `${id}:${today}:cure` },
    })),
    ...retention.map((id) => ({
      data: { facilityId: id, today, work: 'retention' as const },
      options: { singletonKey: `${id}:${today}:retention` },
    })),
  ];
  if (items.length > 0)
    await deps.db.transaction().execute((trx) => deps.jobs.sendMany(trx, covenantFacilityJob, items));
  return items.length;
}

export function handleCovenantJobs(deps: AppDeps) {
  deps.jobs.handle(covenantFacilityJob, ({ facilityId, today, work }) =>
    work === 'cure'
      ? testCovenants(deps, facilityId, 'cure_deadline', { today })
      : work === 'retention'
        ? releaseRetentionOnSchedule(deps, facilityId, today)
        : runMonthly(deps, facilityId, today),
  );
}
