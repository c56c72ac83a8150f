import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Cluster, call, insertProject, schemaPool, signUp, startCluster, type User } from './client';

/**
 * Issue 34 items 5 and 6 (decision 067): the monthly covenant tests and the monthly lender report
 * with two server processes working the job queue (pg-boss, as main.ts starts them) on one
 * PostgreSQL schema. Six `covenant-facility` jobs for the same facility and day are queued at once;
 * the test holds every covenant_period insert back until one job is running on each instance, then
 * lets them all go: each covenant is tested once for its period and one report is made for the
 * month. Needs TEST_DATABASE_URL and HAProxy, like the other cluster tests.
 */

const databaseUrl = process.env.TEST_DATABASE_URL;
if (!databaseUrl) throw new Error('The cluster test needs PostgreSQL: set TEST_DATABASE_URL');

let cluster: Cluster;
let db: pg.Pool;
let a: string;
let b: string;
let origin: string;

beforeAll(async () => {
  cluster = await startCluster({
    databaseUrl,
    echo: process.env.CLUSTER_ECHO === '1',
    env: { AUTH_RATE_LIMIT: 'off' },
    // CLUSTER_BUILD=off runs the build already made (in a shared tree the sources change under it).
    build: process.env.CLUSTER_BUILD !== 'off',
  });
  [a, b] = cluster.instances.map((i) => i.url) as [string, string];
  origin = cluster.url;
  db = schemaPool(databaseUrl, cluster.schema);
}, 600_000);

afterAll(async () => {
  await db?.end();
  await cluster?.stop();
});

async function ok(res: Response, status: number, what: string) {
  const text = await res.text();
  expect(res.status, `${what}: ${text}`).toBe(status);
  return text ? JSON.parse(text) : null;
}

/** A completed deal with an accepted quote, written directly (deals are other tests' business). */
async function completedDeal(developer: User, funder: User) {
  const project = await insertProject(db, developer, { published: true });
  const { rows: ar } = await db.query<{ id: string }>(
    `insert into access_request (funder_id, project_id, status, initial_message, approved_at)
     values ($1, $2, 'funded', 'Interested', now()) returning id`,
    [funder.id, project],
  );
  const { rows: deal } = await db.query<{ id: string }>(
    `insert into deal (project_id, access_request_id, borrower_id, funder_id, status, completed_at)
     values ($1, $2, $3, $4, 'completed', now()) returning id`,
    [project, ar[0]!.id, developer.id, funder.id],
  );
  await db.query(
    `insert into proposal (deal_id, funder_id, loan_amount, interest_rate, loan_term, establishment_fee, status, responded_at)
     values ($1, $2, 3000000, 9.5, 18, 0, 'accepted', now())`,
    [deal[0]!.id, funder.id],
  );
  return deal[0]!.id;
}

/** An active facility with covenants, set up through both instances. */
async function activeFacility() {
  const developer = await signUp(a, origin, 'borrower');
  const funder = await signUp(b, origin, 'funder');
  await db.query(`update "user" set approved = true, subscription_status = 'active' where id = $1`, [
    funder.id,
  ]);
  const dealId = await completedDeal(developer, funder);
  const facility = await ok(
    await call(a, origin, funder, `/api/deals/${dealId}/facility`, {
      json: { close_date: '2026-01-01', maturity_date: '2027-06-30', line_fee_bps: 0 },
    }),
    201,
    'facility',
  );
  await ok(
    await call(b, origin, developer, `/api/facilities/${facility.id}/budget`, {
      method: 'PUT',
      json: {
        lines: [{ code: 'L1', name: 'Land', category: 'land', amount_cents: 100_000_000, funded_by: 'debt' }],
      },
    }),
    200,
    'budget',
  );
  await ok(
    await call(a, origin, funder, `/api/facilities/${facility.id}/budget/approve`, { method: 'POST' }),
    200,
    'approve budget',
  );
  await ok(
    await call(b, origin, funder, `/api/facilities/${facility.id}/activate`, { method: 'POST' }),
    200,
    'activate',
  );
  await ok(
    await call(a, origin, funder, `/api/facilities/${facility.id}/covenants`, {
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
  return { facilityId: facility.id as string, funder, developer };
}

describe('the monthly covenant and report job through both instances', () => {
  it('tests each covenant once per period and makes one report, however many jobs run at once', async () => {
    const { facilityId, funder } = await activeFacility();
    const jobs = `"${cluster.schema}_jobs".job`;
    const data = JSON.stringify({ facilityId, today: '2026-12-01', work: 'monthly' });
    const blocker = await db.connect();
    try {
      await blocker.query('begin');
      await blocker.query('lock table covenant_period in exclusive mode');
      for (let i = 0; i < 6; i++)
        await db.query(`insert into ${jobs} (name, data) values ('covenant-facility', $1)`, [data]);
      // Each instance works the queue one job at a time: two running jobs are one on each instance,
      // both held inside their run (one at the period insert, the other at the facility's lock).
      await expect
        .poll(
          async () =>
            (
              await db.query<{ n: number }>(
                `select count(*)::int as n from ${jobs} where name = 'covenant-facility' and state = 'active' and data->>'facilityId' = $1`,
                [facilityId],
              )
            ).rows[0]!.n,
          { timeout: 30_000, interval: 100 },
        )
        .toBe(2);
      await blocker.query('commit');
    } catch (error) {
      await blocker.query('rollback');
      throw error;
    } finally {
      blocker.release();
    }
    await expect
      .poll(
        async () =>
          (
            await db.query<{ n: number }>(
              `select count(*)::int as n from ${jobs} where name = 'covenant-facility' and state = 'completed' and data->>'facilityId' = $1`,
              [facilityId],
            )
          ).rows[0]!.n,
        { timeout: 60_000, interval: 250 },
      )
      .toBe(6);

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
