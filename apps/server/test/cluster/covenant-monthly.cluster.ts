import { describe, expect, it } from 'vitest';
import { call } from './client';
import { facilityClusterForFile, facilityThroughBoth, ok, racedJobs } from './facility-cluster';

/**
 * Issue 34 items 5 and 6 (decision 067): the monthly covenant tests and the monthly lender report
 * with two server processes working the job queue (pg-boss, as main.ts starts them) on one
 * PostgreSQL schema. Six `covenant-facility` jobs for the same facility and day are queued at once;
 * the test holds every covenant_period insert back until one job is running on each instance, then
 * lets them all go: each covenant is tested once for its period and one report is made for the
 * month. Needs TEST_DATABASE_URL and HAProxy, like the other cluster tests.
 */

const c = facilityClusterForFile();

/** An active facility with covenants, set up through both instances. */
async function activeFacility() {
  const { a, origin } = c;
  const f = await facilityThroughBoth(c, {
    lines: [{ code: 'L1', name: 'Land', category: 'land', amount_cents: 100_000_000, funded_by: 'debt' }],
  });
  await ok(
    await call(a, origin, f.funder, `/api/facilities/${f.facilityId}/covenants`, {
      method: 'PUT',
      json: {
        covenants: [
          { kind: 'in_balance', threshold: 0, frequency: 'monthly', cure_days: 10 },
          { kind: 'practical_completion', threshold: 0, frequency: 'quarterly', cure_days: 0 },
        ],
      },
    }),
    200,
    'covenants',
  );
  return { facilityId: f.facilityId, funder: f.funder, developer: f.developer };
}

describe('the monthly covenant and report job through both instances', () => {
  it('tests each covenant once per period and makes one report, however many jobs run at once', async () => {
    const { a, b, origin, db } = c;
    const { facilityId, funder } = await activeFacility();
    // Six jobs for the same facility and day, held at the covenant_period insert (or the facility's
    // lock) until one runs on each instance.
    await racedJobs(c, {
      name: 'covenant-facility',
      data: { facilityId, today: '2026-12-01', work: 'monthly' },
      count: 6,
      table: 'covenant_period',
    });
    const { rows: periods } = await db.query(
      `select kind, period from covenant_period where facility_id = $1 order by kind`,
      [facilityId],
    );
    expect(periods).toEqual([
      { kind: 'in_balance', period: '2026-12' },
      { kind: 'practical_completion', period: '2026-Q4' },
    ]);
    const { rows: tests } = await db.query(
      `select kind from covenant_test where facility_id = $1 and trigger = 'scheduled'`,
      [facilityId],
    );
    expect(tests).toHaveLength(2);
    const { rows: reports } = await db.query<{ month: string; size_bytes: number }>(
      `select to_char(month, 'YYYY-MM-DD') as month, size_bytes from lender_report where facility_id = $1`,
      [facilityId],
    );
    expect(reports).toHaveLength(1);
    expect(reports[0]!.month).toBe('2026-11-01');
    expect(reports[0]!.size_bytes).toBeGreaterThan(1000);
    // Listed and downloaded through either instance.
    const list = await ok(
      await call(b, origin, funder, `/api/facilities/${facilityId}/reports`),
      200,
      'reports',
    );
    expect(list.items).toHaveLength(1);
    const pdf = await call(a, origin, funder, list.items[0].download_url);
    expect(pdf.status).toBe(200);
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
  });
});
