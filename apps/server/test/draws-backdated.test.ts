import { addDays } from '@plinth/domain/facility/dates';
import { sydneyDate } from '@plinth/domain/proposals';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accrueThrough } from '../src/modules/facilities/accrual.jobs';
import { withDefaults } from '../src/modules/facilities/default-tables';
import { as, buildTestApp, type TestApp } from './helpers';
import { call, certifiedDraw, createFacilityWorld, type FacilityWorld } from './support/facilities';

// Issue 33 (decision 070): a draw funded on a day already accrued bears interest from that day. The
// days accrued without it are restated by adjusting journals (Actual/365 through the domain's
// period accruals, half-even), once, whatever number of requests or accrual jobs run at once.

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

/** $4,000,000.00 drawn on 1 January 2026 at 10 %; a second draw of $8,400,000.00 approved, not funded. */
async function twoDraws(): Promise<FacilityWorld & { second: string }> {
  const w = await createFacilityWorld(t, {
    terms: { limit_cents: 1_500_000_000, interest_rate_bps: 1000 },
    budget: [
      { code: 'L1', name: 'Land', category: 'land', amount_cents: 400_000_000, funded_by: 'debt' },
      {
        code: 'L2',
        name: 'Land, second lot',
        category: 'land',
        amount_cents: 840_000_000,
        funded_by: 'debt',
      },
    ],
  });
  const first = await certifiedDraw(t, w, [{ line: 'L1', claimed: 400_000_000 }]);
  await call(t, w.funder, { method: 'POST', url: `/api/draws/${first.id}/approve` });
  await call(t, w.funder, {
    method: 'POST',
    url: `/api/draws/${first.id}/fund`,
    payload: { funded_on: '2026-01-01' },
  });
  const second = await certifiedDraw(t, w, [{ line: 'L2', claimed: 840_000_000 }]);
  await call(t, w.funder, { method: 'POST', url: `/api/draws/${second.id}/approve` });
  return { ...w, second: second.id };
}

const ledgerBalances = async (w: FacilityWorld) =>
  (await call(t, w.funder, { method: 'GET', url: `/api/facilities/${w.facilityId}/ledger?limit=1` }))
    .balances as Record<string, number>;

const fund = (w: FacilityWorld & { second: string }, fundedOn: string, key?: string) =>
  as(t.app, w.funder, {
    method: 'POST',
    url: `/api/draws/${w.second}/fund`,
    payload: { funded_on: fundedOn },
    ...(key ? { headers: { 'idempotency-key': key } } : {}),
  });

const adjustments = (facilityId: string) =>
  withDefaults(t.database.db)
    .selectFrom('facility_accrual_adjustment')
    .select(['accrued_on', 'amount_cents', 'rate_bps', 'balance_cents'])
    .where('facility_id', '=', facilityId)
    .orderBy('accrued_on')
    .execute();

describe('funded_on in the past', () => {
  it('refuses a day before the facility opened or in the future (400, clear words), and funds nothing', async () => {
    const w = await twoDraws();
    const before = await fund(w, '2025-12-31');
    expect(before.statusCode).toBe(400);
    expect(before.json().error).toBe('A draw cannot be funded before the facility opened on 1 January 2026');
    const tomorrow = await fund(w, addDays(sydneyDate(), 1));
    expect(tomorrow.statusCode).toBe(400);
    expect(tomorrow.json().error).toContain('A draw cannot be funded on a day in the future');
    const draw = await call(t, w.funder, { method: 'GET', url: `/api/draws/${w.second}` });
    expect(draw.status).toBe('approved');
  });

  it('the days already accrued get their interest as adjusting journals, exactly, once per Idempotency-Key', async () => {
    const w = await twoDraws();
    // January on $4,000,000.00 ($33,972.60, capitalised) and 1-10 February on $4,033,972.60 ($11,051.98).
    expect(await accrueThrough(t.database.db, w.facilityId, '2026-02-10')).toBe(41);
    expect((await ledgerBalances(w)).capitalised_interest).toBe(-3_397_260);
    expect((await ledgerBalances(w)).accrued_interest).toBe(-1_105_198);
    const [first, replay] = [await fund(w, '2026-01-16', 'back'), await fund(w, '2026-01-16', 'back')];
    expect(first.statusCode).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(first.json()).toMatchObject({ status: 'funded', funded_on: '2026-01-16' });
    // January: $4,000,000.00 for 31 days and $8,400,000.00 for 16 days = $70,794.52 capitalised;
    // 1-10 February on $12,470,794.52 = $34,166.56.
    const b = await ledgerBalances(w);
    expect(b.capitalised_interest).toBe(-7_079_452);
    expect(b.accrued_interest).toBe(-3_416_656);
    expect(b.principal).toBe(-1_240_000_000);
    expect(b.interest_cost).toBe(7_079_452 + 3_416_656);
    // Each restated day is kept with its new balance; January 16 is the first.
    const days = await adjustments(w.facilityId);
    expect(days[0]).toMatchObject({ accrued_on: '2026-01-16', balance_cents: 1_240_000_000, rate_bps: 1000 });
    expect(days.at(-1)).toMatchObject({ accrued_on: '2026-02-10', balance_cents: 1_247_079_452 });
    expect(days.reduce((s, d) => s + Number(d.amount_cents), 0)).toBe(
      7_079_452 - 3_397_260 + (3_416_656 - 1_105_198),
    );
    // One adjusting journal per month plus January's capitalisation: never an update.
    const journals = await t.database.db
      .selectFrom('ledger_journal')
      .select(['kind', 'effective_on'])
      .where('facility_id', '=', w.facilityId)
      .where('memo', 'like', '%draw 2 funded on 2026-01-16%')
      .orderBy('seq')
      .execute();
    expect(journals.map((j) => [j.kind, String(j.effective_on)])).toEqual([
      ['interest_accrued', '2026-01-31'],
      ['interest_capitalised', '2026-01-31'],
      ['interest_accrued', '2026-02-10'],
    ]);
    // The next day carries on from the restated numerator: 1-11 February on $12,470,794.52.
    expect(await accrueThrough(t.database.db, w.facilityId, '2026-02-11')).toBe(1);
    expect((await ledgerBalances(w)).accrued_interest).toBe(-3_758_322);
  });

  it('funding while the accrual job runs: the same figures whichever goes first, adjusted once', async () => {
    const w = await twoDraws();
    expect(await accrueThrough(t.database.db, w.facilityId, '2026-02-05')).toBe(36);
    const [funded, accrued, twice] = await Promise.all([
      fund(w, '2026-01-16'),
      accrueThrough(t.database.db, w.facilityId, '2026-02-11'),
      fund(w, '2026-01-16'),
    ]);
    expect(accrued).toBe(6);
    expect([funded.statusCode, twice.statusCode].sort()).toEqual([200, 409]);
    const b = await ledgerBalances(w);
    expect(b.capitalised_interest).toBe(-7_079_452);
    expect(b.accrued_interest).toBe(-3_758_322);
  });

  it('a draw funded on a day not yet accrued needs no adjustment', async () => {
    const w = await twoDraws();
    expect(await accrueThrough(t.database.db, w.facilityId, '2026-01-10')).toBe(10);
    expect((await fund(w, '2026-01-11')).statusCode).toBe(200);
    expect(await adjustments(w.facilityId)).toEqual([]);
    // The job then accrues 11 January on both draws: 1-11 January = 4,000,000 × 10 + 12,400,000 × 1 days.
    expect(await accrueThrough(t.database.db, w.facilityId, '2026-01-11')).toBe(1);
    expect((await ledgerBalances(w)).accrued_interest).toBe(-1_435_616);
  });
});
