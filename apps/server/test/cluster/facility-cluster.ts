import type pg from 'pg';
import { afterAll, beforeAll, expect } from 'vitest';
import { type Cluster, call, insertProject, schemaPool, signUp, startCluster, type User } from './client';

/**
 * What the loan-administration cluster tests share (draw-funding, covenant-monthly,
 * retention-schedule): two server processes behind HAProxy on one PostgreSQL schema, started once
 * per file, and a facility set up through both instances (a completed deal written directly, its
 * budget approved, optionally a surveyor, activated). Needs TEST_DATABASE_URL and HAProxy.
 */

export interface FacilityCluster {
  cluster: Cluster;
  /** A pool on the cluster's schema, for what the test writes or reads directly. */
  db: pg.Pool;
  /** The two instances' addresses. */
  a: string;
  b: string;
  /** The public origin (the balancer). */
  origin: string;
}

/** Starts the cluster before the file's tests and stops it after; the handle is filled in by then. */
export function facilityClusterForFile(): FacilityCluster {
  const databaseUrl = process.env.TEST_DATABASE_URL;
  if (!databaseUrl) throw new Error('The cluster test needs PostgreSQL: set TEST_DATABASE_URL');
  const handle = {} as FacilityCluster;
  beforeAll(async () => {
    handle.cluster = await startCluster({
      databaseUrl,
      echo: process.env.CLUSTER_ECHO === '1',
      env: { AUTH_RATE_LIMIT: 'off' },
      // CLUSTER_BUILD=off runs the build already made (in a shared tree the sources change under it).
      build: process.env.CLUSTER_BUILD !== 'off',
    });
    [handle.a, handle.b] = handle.cluster.instances.map((i) => i.url) as [string, string];
    handle.origin = handle.cluster.url;
    handle.db = schemaPool(databaseUrl, handle.cluster.schema);
  }, 600_000);
  afterAll(async () => {
    await handle.db?.end();
    await handle.cluster?.stop();
  });
  return handle;
}

/** Expects `status` (naming `what` and the body when not) and returns the JSON body. */
export async function ok(res: Response, status: number, what: string) {
  const text = await res.text();
  expect(res.status, `${what}: ${text}`).toBe(status);
  return text ? JSON.parse(text) : null;
}

/** A completed deal with an accepted quote, written directly (deals are other tests' business). */
export async function completedDeal(db: pg.Pool, developer: User, funder: User) {
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

export interface BudgetLine {
  code: string;
  name: string;
  category: string;
  amount_cents: number;
  funded_by: 'debt' | 'equity';
}

/**
 * A facility set up through both instances: a developer (signed up on A) and an approved funder (on
 * B), the deal, the facility, `lines` as the approved budget, a surveyor appointed when asked, and
 * activated unless `activate: false`. Returns the approved budget's line ids by code.
 */
export async function facilityThroughBoth(
  c: FacilityCluster,
  options: { lines: BudgetLine[]; surveyor?: boolean; activate?: boolean },
) {
  const { a, b, origin, db } = c;
  const developer = await signUp(a, origin, 'borrower');
  const funder = await signUp(b, origin, 'funder');
  await db.query(`update "user" set approved = true, subscription_status = 'active' where id = $1`, [
    funder.id,
  ]);
  const dealId = await completedDeal(db, developer, funder);
  const facility = await ok(
    await call(a, origin, funder, `/api/deals/${dealId}/facility`, {
      json: { close_date: '2026-01-01', maturity_date: '2027-06-30', line_fee_bps: 0 },
    }),
    201,
    'facility',
  );
  const version = await ok(
    await call(b, origin, developer, `/api/facilities/${facility.id}/budget`, {
      method: 'PUT',
      json: { lines: options.lines },
    }),
    200,
    'budget',
  );
  await ok(
    await call(a, origin, funder, `/api/facilities/${facility.id}/budget/approve`, { method: 'POST' }),
    200,
    'approve budget',
  );
  let surveyor: User | null = null;
  if (options.surveyor) {
    surveyor = await signUp(a, origin, null);
    await ok(
      await call(b, origin, funder, `/api/facilities/${facility.id}/parties`, {
        json: { role: 'surveyor', email: surveyor.email },
      }),
      201,
      'invite',
    );
    await ok(
      await call(a, origin, surveyor, '/api/surveyor/onboarding', {
        json: { company_name: 'Cluster QS', abn: '51824753556', phone: '0298765432' },
      }),
      200,
      'onboarding',
    );
  }
  if (options.activate !== false)
    await ok(
      await call(b, origin, funder, `/api/facilities/${facility.id}/activate`, { method: 'POST' }),
      200,
      'activate',
    );
  const lineIds = Object.fromEntries(
    (version.lines as { code: string; id: string }[]).map((l) => [l.code, l.id]),
  ) as Record<string, string>;
  return { facilityId: facility.id as string, dealId, developer, funder, surveyor, lineIds };
}

/**
 * A draw of `claimed_cents` on one line, through both instances: drafted and submitted by the
 * developer, certified as claimed by the surveyor, approved by the funder; funded when `funded_on`
 * is given. Returns the draw's id.
 */
export async function approvedDraw(
  c: FacilityCluster,
  f: Awaited<ReturnType<typeof facilityThroughBoth>>,
  line: { id: string; claimed_cents: number; cost_to_complete_cents: number },
) {
  const { a, b, origin } = c;
  const draw = await ok(
    await call(a, origin, f.developer, `/api/facilities/${f.facilityId}/draws`, {
      json: {
        claim_served_at: '2026-01-05T09:00:00+11:00',
        lines: [{ budget_line_id: line.id, claimed_cents: line.claimed_cents }],
      },
    }),
    201,
    'draft',
  );
  await ok(
    await call(b, origin, f.developer, `/api/draws/${draw.id}/submit`, { method: 'POST' }),
    200,
    'submit',
  );
  await ok(
    await call(a, origin, f.surveyor!, `/api/draws/${draw.id}/certify`, {
      json: {
        inspected_on: '2026-01-06',
        percent_complete: 50,
        delay_days: 0,
        lines: [
          {
            budget_line_id: line.id,
            certified_cents: line.claimed_cents,
            cost_to_complete_cents: line.cost_to_complete_cents,
            reason: '',
          },
        ],
      },
    }),
    200,
    'certify',
  );
  await ok(
    await call(b, origin, f.funder, `/api/draws/${draw.id}/approve`, { method: 'POST' }),
    200,
    'approve',
  );
  return draw.id as string;
}

/** How many jobs of `name` for the facility are in `state` (pg-boss's table in the cluster's schema). */
export async function jobsIn(c: FacilityCluster, name: string, facilityId: string, state: string) {
  const { rows } = await c.db.query<{ n: number }>(
    `select count(*)::int as n from "${c.cluster.schema}_jobs".job
     where name = $1 and state = $2 and data->>'facilityId' = $3`,
    [name, state, facilityId],
  );
  return rows[0]!.n;
}

/**
 * Queues `count` jobs of `name` with `data` at once while `table` is locked against writes, waits
 * until one is running on each instance (each works its queue one job at a time, so two running
 * jobs are one on each, both held inside their run), lets them go, and waits for all to complete.
 */
export async function racedJobs(
  c: FacilityCluster,
  options: {
    name: string;
    data: { facilityId: string } & Record<string, unknown>;
    count: number;
    table: string;
  },
) {
  const { db } = c;
  const blocker = await db.connect();
  try {
    await blocker.query('begin');
    await blocker.query(`lock table ${options.table} in exclusive mode`);
    for (let i = 0; i < options.count; i++)
      await db.query(`insert into "${c.cluster.schema}_jobs".job (name, data) values ($1, $2)`, [
        options.name,
        JSON.stringify(options.data),
      ]);
    await expect
      .poll(() => jobsIn(c, options.name, options.data.facilityId, 'active'), {
        timeout: 30_000,
        interval: 100,
      })
      .toBe(2);
    await blocker.query('commit');
  } catch (error) {
    await blocker.query('rollback');
    throw error;
  } finally {
    blocker.release();
  }
  await expect
    .poll(() => jobsIn(c, options.name, options.data.facilityId, 'completed'), {
      timeout: 60_000,
      interval: 250,
    })
    .toBe(options.count);
}
