import { describe, expect, it } from 'vitest';
import { call } from './client';
import { approvedDraw, facilityClusterForFile, facilityThroughBoth, ok } from './facility-cluster';

/**
 * Issue 33: one approved draw funded through both instances at the same moment (each with its own
 * Idempotency-Key, as two people pressing Fund would) is funded once: one answer 200, the other 409,
 * one draw_funded journal, the principal moved once. Needs TEST_DATABASE_URL and HAProxy.
 */

const c = facilityClusterForFile();

describe('a draw funded through both instances at once', () => {
  it('is funded once', async () => {
    const { a, b, origin, db } = c;
    const f = await facilityThroughBoth(c, {
      lines: [{ code: 'L1', name: 'Land', category: 'land', amount_cents: 100_000_000, funded_by: 'debt' }],
      surveyor: true,
    });
    const drawId = await approvedDraw(c, f, {
      id: f.lineIds.L1!,
      claimed_cents: 50_000_000,
      cost_to_complete_cents: 50_000_000,
    });

    const fund = (base: string, key: string) =>
      call(base, origin, f.funder, `/api/draws/${drawId}/fund`, {
        json: { funded_on: '2026-01-10' },
        headers: { 'idempotency-key': key },
      });
    const answers = await Promise.all([fund(a, 'press-a'), fund(b, 'press-b')]);
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 409]);
    const { rows: journals } = await db.query(`select id from ledger_journal where draw_id = $1`, [drawId]);
    expect(journals).toHaveLength(1);
    const { rows: principal } = await db.query<{ total: string }>(
      `select sum(amount_cents)::text as total from ledger_posting where facility_id = $1 and account = 'principal'`,
      [f.facilityId],
    );
    expect(principal[0]!.total).toBe('-50000000');
    const after = await ok(await call(a, origin, f.funder, `/api/draws/${drawId}`), 200, 'read');
    expect(after.status).toBe('funded');
  });
});
