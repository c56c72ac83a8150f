import { describe, expect, it } from 'vitest';
import { call } from './client';
import {
  approvedDraw,
  facilityClusterForFile,
  facilityThroughBoth,
  jobsIn,
  ok,
  racedJobs,
} from './facility-cluster';

/**
 * Issue 34 item 3, the second half of retention (decision 071), with two server processes working
 * the job queue on one PostgreSQL schema. A facility holding retention has practical completion
 * recorded and its defects liability period over; six `covenant-facility` retention jobs for it are
 * queued at once and held (retention_release locked against writes) until one runs on each
 * instance: the rest of the retention is released once — one row, one journal, one notice to each
 * party — and the funder's on-demand release through either instance is then refused (409).
 * Needs TEST_DATABASE_URL and HAProxy, like the other cluster tests.
 */

const c = facilityClusterForFile();

describe('the second half of retention through both instances', () => {
  it('is released once however many jobs run at once, and not again on demand', async () => {
    const { a, b, origin, db } = c;
    const f = await facilityThroughBoth(c, {
      lines: [
        { code: 'L1', name: 'Land', category: 'land', amount_cents: 100_000_000, funded_by: 'debt' },
        {
          code: 'C1',
          name: 'Construction',
          category: 'construction',
          amount_cents: 150_000_000,
          funded_by: 'debt',
        },
      ],
      surveyor: true,
    });
    const drawId = await approvedDraw(c, f, {
      id: f.lineIds.C1!,
      claimed_cents: 100_000_000,
      cost_to_complete_cents: 50_000_000,
    });
    const funded = await ok(
      await call(b, origin, f.funder, `/api/draws/${drawId}/fund`, { json: { funded_on: '2026-01-10' } }),
      200,
      'fund',
    );
    // 5 % of $1,000,000 held.
    expect(funded.retention_cents).toBe(5_000_000);
    await ok(
      await call(a, origin, f.funder, `/api/facilities/${f.facilityId}/variation-settings`, {
        method: 'PATCH',
        json: { defects_liability_months: 3 },
      }),
      200,
      'defects liability period',
    );
    // The certificate as a deal-room document (a completed deal's room takes no uploads).
    const { rows: doc } = await db.query<{ id: string }>(
      `insert into deal_document (deal_id, uploader_id, storage_key, file_name, mime_type, size_bytes, sha256)
       values ($1, $2, 'cluster-pc.pdf', 'Practical completion certificate.pdf', 'application/pdf', 10, $3) returning id`,
      [f.dealId, f.developer.id, '0'.repeat(64)],
    );
    const pc = await ok(
      await call(b, origin, f.funder, `/api/facilities/${f.facilityId}/practical-completion`, {
        json: { date: '2026-06-30', certificate_document_id: doc[0]!.id },
      }),
      200,
      'practical completion',
    );
    expect(pc).toMatchObject({ defects_liability_ends_on: '2026-09-30', retention_held_cents: 2_500_000 });

    await racedJobs(c, {
      name: 'covenant-facility',
      data: { facilityId: f.facilityId, today: '2026-10-01', work: 'retention' },
      count: 6,
      table: 'retention_release',
    });
    expect(await jobsIn(c, 'covenant-facility', f.facilityId, 'failed')).toBe(0);

    const { rows: releases } = await db.query(
      `select stage, to_char(released_on, 'YYYY-MM-DD') as released_on, amount_cents::int as amount_cents, released_by
       from retention_release where facility_id = $1 order by released_on`,
      [f.facilityId],
    );
    expect(releases).toEqual([
      {
        stage: 'practical_completion',
        released_on: '2026-06-30',
        amount_cents: 2_500_000,
        released_by: f.funder.id,
      },
      { stage: 'defects_liability', released_on: '2026-10-01', amount_cents: 2_500_000, released_by: null },
    ]);
    const { rows: journals } = await db.query(
      `select id from ledger_journal where facility_id = $1 and kind = 'retention_released'`,
      [f.facilityId],
    );
    expect(journals).toHaveLength(2);
    for (const user of [f.funder, f.developer]) {
      const { rows: told } = await db.query(
        `select id from notification where user_id = $1 and related_id = $2 and message like '%remaining $25,000 of retention is released%'`,
        [user.id, f.facilityId],
      );
      expect(told).toHaveLength(1);
    }
    for (const base of [a, b]) {
      const again = await call(base, origin, f.funder, `/api/facilities/${f.facilityId}/retention-release`, {
        json: {},
      });
      expect(again.status).toBe(409);
      expect(((await again.json()) as { error: string }).error).toBe(
        'The rest of the retention was already released on 1 October 2026',
      );
    }
    const read = await ok(
      await call(a, origin, f.developer, `/api/facilities/${f.facilityId}/retention`),
      200,
      'retention',
    );
    expect(read.retention_held_cents).toBe(0);
    expect(read.releases).toHaveLength(2);
  });
});
