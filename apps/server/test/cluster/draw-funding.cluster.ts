import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Cluster, call, insertProject, schemaPool, signUp, startCluster, type User } from './client';

/**
 * Issue 33: one approved draw funded through both instances at the same moment (each with its own
 * Idempotency-Key, as two people pressing Fund would) is funded once: one answer 200, the other 409,
 * one draw_funded journal, the principal moved once. Needs TEST_DATABASE_URL and HAProxy.
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

describe('a draw funded through both instances at once', () => {
  it('is funded once', async () => {
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
    const version = await ok(
      await call(b, origin, developer, `/api/facilities/${facility.id}/budget`, {
        method: 'PUT',
        json: {
          lines: [
            { code: 'L1', name: 'Land', category: 'land', amount_cents: 100_000_000, funded_by: 'debt' },
          ],
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
    const surveyor = await signUp(a, origin, null);
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
    await ok(
      await call(b, origin, funder, `/api/facilities/${facility.id}/activate`, { method: 'POST' }),
      200,
      'activate',
    );
    const lineId = version.lines[0].id;
    const draw = await ok(
      await call(a, origin, developer, `/api/facilities/${facility.id}/draws`, {
        json: {
          claim_served_at: '2026-01-05T09:00:00+11:00',
          lines: [{ budget_line_id: lineId, claimed_cents: 50_000_000 }],
        },
      }),
      201,
      'draft',
    );
    await ok(
      await call(b, origin, developer, `/api/draws/${draw.id}/submit`, { method: 'POST' }),
      200,
      'submit',
    );
    await ok(
      await call(a, origin, surveyor, `/api/draws/${draw.id}/certify`, {
        json: {
          inspected_on: '2026-01-06',
          percent_complete: 50,
          delay_days: 0,
          lines: [
            {
              budget_line_id: lineId,
              certified_cents: 50_000_000,
              cost_to_complete_cents: 50_000_000,
              reason: '',
            },
          ],
        },
      }),
      200,
      'certify',
    );
    await ok(
      await call(b, origin, funder, `/api/draws/${draw.id}/approve`, { method: 'POST' }),
      200,
      'approve',
    );

    const fund = (base: string, key: string) =>
      call(base, origin, funder, `/api/draws/${draw.id}/fund`, {
        json: { funded_on: '2026-01-10' },
        headers: { 'idempotency-key': key },
      });
    const answers = await Promise.all([fund(a, 'press-a'), fund(b, 'press-b')]);
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 409]);
    const { rows: journals } = await db.query(`select id from ledger_journal where draw_id = $1`, [draw.id]);
    expect(journals).toHaveLength(1);
    const { rows: principal } = await db.query<{ total: string }>(
      `select sum(amount_cents)::text as total from ledger_posting where facility_id = $1 and account = 'principal'`,
      [facility.id],
    );
    expect(principal[0]!.total).toBe('-50000000');
    const after = await ok(await call(a, origin, funder, `/api/draws/${draw.id}`), 200, 'read');
    expect(after.status).toBe('funded');
  });
});
