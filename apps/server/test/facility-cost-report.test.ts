import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, buildTestApp, createUser, type TestApp } from './helpers';
import { call, certifiedDraw, createFacilityWorld, type FacilityWorld } from './support/facilities';

// GET /api/facilities/{id}/cost-report (decision 078): the cost report by line in one answer —
// claimed from submitted draws on, certified from certified on, paid and retention from funded draws
// only — with the in-balance test's own figure for what each line still needs.

let t: TestApp;
let w: FacilityWorld;
beforeAll(async () => {
  t = await buildTestApp();
  w = await createFacilityWorld(t);
  // Draw 1, funded: construction claimed $1,000,000, certified $900,000 (cost to complete $5,000,000);
  // contingency $50,000 as claimed.
  const first = await certifiedDraw(t, w, [
    {
      line: 'C1',
      claimed: 100_000_000,
      certified: 90_000_000,
      ctc: 500_000_000,
      reason: 'Short of the claim',
    },
    { line: 'X1', claimed: 5_000_000 },
  ]);
  await call(t, w.funder, { method: 'POST', url: `/api/draws/${first.id}/approve` });
  await call(t, w.funder, {
    method: 'POST',
    url: `/api/draws/${first.id}/fund`,
    payload: { funded_on: '2026-01-02' },
  });
  // Draw 2, certified, not funded: construction claimed $500,000, certified $400,000.
  await certifiedDraw(t, w, [
    { line: 'C1', claimed: 50_000_000, certified: 40_000_000, ctc: 450_000_000, reason: 'Short' },
  ]);
  // Draw 3, submitted only: land claimed $100,000.
  const third = await call(
    t,
    w.developer,
    {
      method: 'POST',
      url: `/api/facilities/${w.facilityId}/draws`,
      payload: {
        claim_served_at: '2026-01-05T09:00:00+11:00',
        lines: [{ budget_line_id: w.lines.L1, claimed_cents: 10_000_000 }],
      },
    },
    201,
  );
  await call(t, w.developer, { method: 'POST', url: `/api/draws/${third.id}/submit` });
  // Draw 4, a draft: counts nowhere.
  await call(
    t,
    w.developer,
    {
      method: 'POST',
      url: `/api/facilities/${w.facilityId}/draws`,
      payload: {
        claim_served_at: '2026-01-05T09:00:00+11:00',
        lines: [{ budget_line_id: w.lines.C1, claimed_cents: 77_000_000 }],
      },
    },
    201,
  );
});
afterAll(() => t.close());

describe('GET /api/facilities/{id}/cost-report', () => {
  it('gives each line budget, claimed, certified, paid and retention held, and to complete as the in-balance test counts it', async () => {
    const url = `/api/facilities/${w.facilityId}/cost-report`;
    const report = await call(t, w.funder, { method: 'GET', url });
    const test = await call(t, w.funder, {
      method: 'GET',
      url: `/api/facilities/${w.facilityId}/in-balance`,
    });
    const byCode = Object.fromEntries(
      (report.lines as { code: string }[]).map((l) => [l.code, l as Record<string, unknown>]),
    );
    expect(report.lines.map((l: { code: string }) => l.code)).toEqual(['L1', 'C1', 'X1']);
    expect(byCode.C1).toMatchObject({
      budget_line_id: w.lines.C1,
      category: 'construction',
      funded_by: 'debt',
      budget_cents: 600_000_000,
      claimed_cents: 150_000_000,
      certified_cents: 130_000_000,
      paid_cents: 90_000_000,
      // 5 % of the $900,000 certified and funded.
      retention_held_cents: 4_500_000,
      cost_to_complete_cents: 450_000_000,
    });
    expect(byCode.X1).toMatchObject({
      claimed_cents: 5_000_000,
      certified_cents: 5_000_000,
      paid_cents: 5_000_000,
      retention_held_cents: 0,
    });
    expect(byCode.L1).toMatchObject({
      claimed_cents: 10_000_000,
      certified_cents: 0,
      paid_cents: 0,
      cost_to_complete_cents: null,
    });
    const required = new Map(
      (test.lines as { budget_line_id: string | null; required_cents: number }[])
        .filter((l) => l.budget_line_id)
        .map((l) => [l.budget_line_id, l.required_cents]),
    );
    for (const line of report.lines as { budget_line_id: string; to_complete_cents: number | null }[])
      expect(line.to_complete_cents).toBe(required.get(line.budget_line_id) ?? null);
    expect(byCode.C1!.to_complete_cents).not.toBeNull();
    expect(report.totals).toEqual({
      budget_cents: 930_000_000,
      claimed_cents: 165_000_000,
      certified_cents: 135_000_000,
      paid_cents: 95_000_000,
      retention_held_cents: 4_500_000,
      to_complete_cents: [...required.values()].reduce((s, v) => s + v, 0),
    });
    expect(report.contingency).toEqual({ budget_cents: 30_000_000, used_cents: 5_000_000 });
    expect(report.in_balance).toBe(test.in_balance);
    expect(report.shortfall_cents).toBe(test.shortfall_cents);
  });

  it('is read by every party and admins; anyone else is told the facility does not exist', async () => {
    const url = `/api/facilities/${w.facilityId}/cost-report`;
    for (const reader of [w.developer, w.funder, w.surveyor, await createUser(t.app, { role: 'admin' })])
      expect((await as(t.app, reader, { method: 'GET', url })).statusCode).toBe(200);
    expect((await as(t.app, null, { method: 'GET', url })).statusCode).toBe(401);
    for (const role of ['funder', 'borrower'] as const) {
      const stranger = await createUser(t.app, { role, approved: true, profile: 'default' });
      const res = await as(t.app, stranger, { method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toBe('Facility not found');
    }
    const missing = await as(t.app, w.funder, {
      method: 'GET',
      url: '/api/facilities/00000000-0000-4000-8000-000000000000/cost-report',
    });
    expect(missing.statusCode).toBe(404);
  });
});
