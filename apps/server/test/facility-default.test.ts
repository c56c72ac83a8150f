import { facilityMessages } from '@plinth/domain/facilities';
import { sydneyDate } from '@plinth/domain/proposals';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateLenderReport } from '../src/modules/covenants/lender-report.service';
import { accrueThrough } from '../src/modules/facilities/accrual.jobs';
import { withDefaults } from '../src/modules/facilities/default-tables';
import { findFacilityRow } from '../src/modules/facilities/facility-access';
import { restateAccruals } from '../src/modules/facilities/reaccrual';
import { as, buildTestApp, type TestApp, type TestUser } from './helpers';
import { createStrangers } from './support/deals';
import { call, certifiedDraw, createFacilityWorld, type FacilityWorld } from './support/facilities';
import { createWorldPresale } from './support/presale-world';
import { pagesText } from './support/watermark';

// Issue 33 (decision 070): the funder declares and cures an event of default through the API; the
// default margin applies from declared_on and stops from cured_on, even for days already accrued
// (restated by adjusting journals), the developer and co-funders are told, every move is audited.

let t: TestApp;
let strangers: Awaited<ReturnType<typeof createStrangers>>;

beforeAll(async () => {
  t = await buildTestApp();
  strangers = await createStrangers(t);
});
afterAll(() => t.close());

const post = (user: TestUser | null, url: string, payload: unknown, key?: string) =>
  as(t.app, user, {
    method: 'POST',
    url,
    payload: payload as Record<string, unknown>,
    ...(key ? { headers: { 'idempotency-key': key } } : {}),
  });

/** A facility with a co-funder (a party) and $12,400,000.00 drawn on 1 January 2026 at 10 % (+2 % in default). */
async function drawnWorld(): Promise<FacilityWorld & { coFunder: TestUser }> {
  const w = await createFacilityWorld(t, {
    terms: { limit_cents: 1_500_000_000, interest_rate_bps: 1000, default_margin_bps: 200 },
    budget: [{ code: 'L1', name: 'Land', category: 'land', amount_cents: 1_240_000_000, funded_by: 'debt' }],
  });
  const d = await certifiedDraw(t, w, [{ line: 'L1', claimed: 1_240_000_000 }]);
  await call(t, w.funder, { method: 'POST', url: `/api/draws/${d.id}/approve` });
  await call(t, w.funder, {
    method: 'POST',
    url: `/api/draws/${d.id}/fund`,
    payload: { funded_on: '2026-01-01' },
  });
  const coFunder = strangers.funder;
  await call(
    t,
    w.funder,
    {
      method: 'POST',
      url: `/api/facilities/${w.facilityId}/parties`,
      payload: { role: 'co_funder', email: coFunder.email },
    },
    201,
  );
  // The co-funder joins when they first read their facilities.
  await call(t, coFunder, { method: 'GET', url: '/api/facilities' });
  return { ...w, coFunder };
}

const balances = async (w: FacilityWorld) =>
  (await call(t, w.funder, { method: 'GET', url: `/api/facilities/${w.facilityId}/ledger?limit=1` }))
    .balances as Record<string, number>;

describe('who may declare and cure a default', () => {
  it('anonymous 401; the developer, the surveyor, a co-funder and an admin 403; a funder not party to it 404', async () => {
    const w = await drawnWorld();
    const other = await createFacilityWorld(t);
    for (const action of ['default', 'cure'] as const) {
      const url = `/api/facilities/${w.facilityId}/${action}`;
      const body =
        action === 'default'
          ? { reason: 'Missed interest payment', declared_on: '2026-01-10' }
          : { reason: 'Paid up', cured_on: '2026-01-10' };
      expect((await post(null, url, body)).statusCode).toBe(401);
      for (const user of [w.developer, w.surveyor, w.coFunder, strangers.admin]) {
        const res = await post(user, url, body);
        expect(res.statusCode).toBe(403);
      }
      expect((await post(w.coFunder, url, body)).json().error).toBe(facilityMessages.onlyFunder);
      // The funder of another facility: this one does not exist for them.
      const stranger = await post(other.funder, url, body);
      expect(stranger.statusCode).toBe(404);
      expect(stranger.json().error).toBe(facilityMessages.notFound);
    }
    expect((await findFacilityRow(t.database.db, w.facilityId))!.status).toBe('active');
  });
});

describe('declaring a default', () => {
  it('refuses bad input with 400 and clear messages, and changes nothing', async () => {
    const w = await drawnWorld();
    const url = `/api/facilities/${w.facilityId}/default`;
    const cases: [unknown, string][] = [
      [{ declared_on: '2026-01-10' }, 'reason'],
      [{ reason: '   ', declared_on: '2026-01-10' }, 'reason is required'],
      [{ reason: 'x'.repeat(1001), declared_on: '2026-01-10' }, 'reason is at most 1000 characters'],
      [{ reason: 'Late', declared_on: '10/01/2026' }, 'declared_on must be a date (YYYY-MM-DD)'],
      [{ reason: 'Late', declared_on: '2026-02-30' }, 'declared_on must be a real date'],
      [{ reason: 'Late', declared_on: '2026-01-10', extra: 1 }, ''],
      [{ reason: 'Late', declared_on: '2099-01-01' }, 'A default cannot be declared for a day in the future'],
      [
        { reason: 'Late', declared_on: '2025-12-31' },
        'A default cannot be dated before the facility opened on 1 January 2026',
      ],
    ];
    for (const [body, message] of cases) {
      const res = await post(w.funder, url, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error).toContain(message);
    }
    expect((await findFacilityRow(t.database.db, w.facilityId))!.status).toBe('active');
    const rows = await withDefaults(t.database.db)
      .selectFrom('facility_default')
      .select('id')
      .where('facility_id', '=', w.facilityId)
      .execute();
    expect(rows).toHaveLength(0);
  });

  it('declares it (trimmed reason, who, audit, notices to the developer and co-funder), once per Idempotency-Key; again 409', async () => {
    const w = await drawnWorld();
    const url = `/api/facilities/${w.facilityId}/default`;
    const body = { reason: '  Interest not paid on 1 February  ', declared_on: sydneyDate() };
    const first = await post(w.funder, url, body, `default-${w.facilityId}`);
    const replay = await post(w.funder, url, body, `default-${w.facilityId}`);
    expect(first.statusCode).toBe(200);
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(first.json()).toMatchObject({
      facility: { id: w.facilityId, status: 'in_default' },
      default: {
        declared_on: sydneyDate(),
        reason: 'Interest not paid on 1 February',
        breach_id: null,
        cured_on: null,
      },
      interest_adjusted_cents: 0,
    });
    const rows = await withDefaults(t.database.db)
      .selectFrom('facility_default')
      .selectAll()
      .where('facility_id', '=', w.facilityId)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ declared_by: w.funder.id, reason: 'Interest not paid on 1 February' });
    const audit = await t.database.db
      .selectFrom('audit_log')
      .select(['actor_id', 'reason', 'action'])
      .where('target_id', '=', w.facilityId)
      .where('action', '=', 'facility.default_declared')
      .execute();
    expect(audit).toEqual([
      {
        actor_id: w.funder.id,
        reason: 'Interest not paid on 1 February',
        action: 'facility.default_declared',
      },
    ]);
    const told = await t.database.db
      .selectFrom('notification')
      .select(['user_id', 'message'])
      .where('related_id', '=', w.facilityId)
      .where('message', 'like', '%declared an event of default%')
      .execute();
    expect(told.map((n) => n.user_id).sort()).toEqual([w.developer.id, w.coFunder.id].sort());
    expect(told[0]!.message).toContain('Interest not paid on 1 February');
    const again = await post(w.funder, url, { reason: 'Again', declared_on: sydneyDate() });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(
      'Only an active facility can be declared in default; this facility is in default',
    );
    // Draws do not move while in default.
    const facility = await call(t, w.developer, { method: 'GET', url: `/api/facilities/${w.facilityId}` });
    expect(facility.status).toBe('in_default');
  });

  it('a facility still setting up cannot be declared in default (409 with the machine words)', async () => {
    const w = await createFacilityWorld(t, { activate: false });
    const res = await post(w.funder, `/api/facilities/${w.facilityId}/default`, {
      reason: 'Late',
      declared_on: '2026-01-10',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(
      'Only an active facility can be declared in default; this facility is setting up',
    );
  });
});

describe('curing a default', () => {
  it('409 when not in default; 400 before it was declared or in the future; cured once per key; audited and told', async () => {
    const w = await drawnWorld();
    const cure = `/api/facilities/${w.facilityId}/cure`;
    const notInDefault = await post(w.funder, cure, { reason: 'Paid', cured_on: '2026-01-10' });
    expect(notInDefault.statusCode).toBe(409);
    expect(notInDefault.json().error).toBe(
      'Only a facility in default can be cured; this facility is active',
    );
    await call(t, w.funder, {
      method: 'POST',
      url: `/api/facilities/${w.facilityId}/default`,
      payload: { reason: 'Interest not paid', declared_on: '2026-01-10' },
    });
    const early = await post(w.funder, cure, { reason: 'Paid', cured_on: '2026-01-09' });
    expect(early.statusCode).toBe(400);
    expect(early.json().error).toBe('A default cannot be cured before it was declared on 10 January 2026');
    const future = await post(w.funder, cure, { reason: 'Paid', cured_on: '2099-01-01' });
    expect(future.statusCode).toBe(400);
    expect(future.json().error).toBe('A default cannot be cured on a day in the future');
    const blank = await post(w.funder, cure, { reason: '', cured_on: '2026-01-12' });
    expect(blank.statusCode).toBe(400);
    const body = { reason: 'Arrears paid in full', cured_on: '2026-01-12' };
    const first = await post(w.funder, cure, body, `cure-${w.facilityId}`);
    const replay = await post(w.funder, cure, body, `cure-${w.facilityId}`);
    expect(first.statusCode).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(first.json()).toMatchObject({
      facility: { status: 'active' },
      default: { declared_on: '2026-01-10', cured_on: '2026-01-12', cure_reason: 'Arrears paid in full' },
    });
    const again = await post(w.funder, cure, body);
    expect(again.statusCode).toBe(409);
    const audit = await t.database.db
      .selectFrom('audit_log')
      .select(['actor_id', 'reason'])
      .where('target_id', '=', w.facilityId)
      .where('action', '=', 'facility.default_cured' as never)
      .execute();
    expect(audit).toEqual([{ actor_id: w.funder.id, reason: 'Arrears paid in full' }]);
    const told = await t.database.db
      .selectFrom('notification')
      .select('user_id')
      .where('related_id', '=', w.facilityId)
      .where('message', 'like', '%cured the event of default%')
      .execute();
    expect(told.map((n) => n.user_id).sort()).toEqual([w.developer.id, w.coFunder.id].sort());
    // A new default cannot reach back into the one just cured.
    const overlap = await post(w.funder, `/api/facilities/${w.facilityId}/default`, {
      reason: 'Again',
      declared_on: '2026-01-11',
    });
    expect(overlap.statusCode).toBe(400);
    expect(overlap.json().error).toBe(
      'A default cannot be dated before the last default was cured on 12 January 2026',
    );
  });

  it("cures a covenant engine's default (the breach's row, no person declared it)", async () => {
    const w = await createFacilityWorld(t);
    // Loan to cost at 80 % with no cure days: the $12,000,000 limit on a $9,300,000 budget is a default at once.
    await call(t, w.funder, {
      method: 'PUT',
      url: `/api/facilities/${w.facilityId}/covenants`,
      payload: {
        covenants: [{ kind: 'loan_to_cost', threshold: 8_000, frequency: 'monthly', cure_days: 0 }],
      },
    });
    expect((await findFacilityRow(t.database.db, w.facilityId))!.status).toBe('in_default');
    const cured = await call(t, w.funder, {
      method: 'POST',
      url: `/api/facilities/${w.facilityId}/cure`,
      payload: { reason: 'Waived by the credit committee', cured_on: sydneyDate() },
    });
    expect(cured.facility.status).toBe('active');
    expect(cured.default.breach_id).not.toBeNull();
    expect(cured.default).toMatchObject({ declared_on: sydneyDate(), cured_on: sydneyDate(), reason: null });
  });
});

describe('default interest on days already accrued', () => {
  it('a back-dated default and a back-dated cure restate January and February exactly, once', async () => {
    const w = await drawnWorld();
    const db = t.database.db;
    // $12,400,000.00 at 10 % for 1-30 January: $101,917.81 (the golden).
    expect(await accrueThrough(db, w.facilityId, '2026-01-30')).toBe(30);
    expect((await balances(w)).accrued_interest).toBe(-10_191_781);
    // Declared from 21 January: days 21-30 bear 12 %. January so far: 12,400,000 × (20 × 10 % + 10 × 12 %) / 365.
    const declared = await call(t, w.funder, {
      method: 'POST',
      url: `/api/facilities/${w.facilityId}/default`,
      payload: { reason: 'Interest not paid', declared_on: '2026-01-21' },
    });
    expect(declared.interest_adjusted_cents).toBe(10_871_233 - 10_191_781);
    expect((await balances(w)).accrued_interest).toBe(-10_871_233);
    // The job carries on at 12 %: 31 January (capitalised: 20 × 10 % + 11 × 12 % = $112,789.04) and 1-5 February.
    expect(await accrueThrough(db, w.facilityId, '2026-02-05')).toBe(6);
    expect((await balances(w)).capitalised_interest).toBe(-11_278_904);
    // Cured from 28 January: 28-31 January and 1-5 February go back to 10 %. January becomes
    // 20 × 10 % + 7 × 12 % + 4 × 10 % = $110,071.23, and February bears interest on that.
    const feb5At12 = 2_056_897; // (1,240,000,000 + 11,278,904) × 5 × 1200 / 3,650,000, half-even
    const cured = await call(t, w.funder, {
      method: 'POST',
      url: `/api/facilities/${w.facilityId}/cure`,
      payload: { reason: 'Arrears paid', cured_on: '2026-01-28' },
    });
    expect((await balances(w)).capitalised_interest).toBe(-11_007_123);
    expect((await balances(w)).accrued_interest).toBe(-1_713_708);
    expect(cured.interest_adjusted_cents).toBe(11_007_123 - 11_278_904 + (1_713_708 - feb5At12));
    // Running the restatement again (a second instance, a retry) posts nothing.
    const facility = (await findFacilityRow(db, w.facilityId))!;
    expect(
      await db
        .transaction()
        .execute((trx) =>
          restateAccruals(trx, facility, { from: '2026-01-01', cause: 'again', createdBy: null }),
        ),
    ).toEqual({ days: 0, amount_cents: 0n });
    // The next day continues the restated month exactly: 1-6 February on $12,510,071.23 at 10 %.
    expect(await accrueThrough(db, w.facilityId, '2026-02-06')).toBe(1);
    const b = await balances(w);
    expect(b.accrued_interest).toBe(-2_056_450);
    expect(b.interest_cost).toBe(11_007_123 + 2_056_450);
    // The ledger is still in balance and nothing accrued was rewritten: the days keep their first figures.
    const { total } = await db
      .selectFrom('facility_accrual')
      .select((eb) => eb.fn.sum<number>('amount_cents').as('total'))
      .where('facility_id', '=', w.facilityId)
      .where('accrued_on', '<=', '2026-01-30')
      .executeTakeFirstOrThrow();
    expect(Number(total)).toBe(10_191_781);
  });

  it('a settlement pays first the default interest of days restated by a back-dated default', async () => {
    const w = await drawnWorld();
    expect(await accrueThrough(t.database.db, w.facilityId, '2026-01-30')).toBe(30);
    // 21-30 January restated from 10 % to 12 %: a day's 12 % interest of $4,076.71 holds 2/12 of it,
    // $679.45 (half-even per day, as defaultInterestCharged takes it), so ten days hold $6,794.50.
    await call(t, w.funder, {
      method: 'POST',
      url: `/api/facilities/${w.facilityId}/default`,
      payload: { reason: 'Interest not paid', declared_on: '2026-01-21' },
    });
    const presaleId = await createWorldPresale(t, w);
    const settled = await call(
      t,
      w.funder,
      {
        method: 'POST',
        url: `/api/presales/${presaleId}/settlement`,
        payload: { settled_on: '2026-01-31', gross_cents: 100_000_000, selling_costs_cents: 0 },
      },
      201,
    );
    expect(settled.default_interest_cents).toBe(679_450);
  });

  it("the month's lender report counts the interest of days restated by a back-dated default", async () => {
    const w = await drawnWorld();
    expect(await accrueThrough(t.database.db, w.facilityId, '2026-01-30')).toBe(30);
    await call(t, w.funder, {
      method: 'POST',
      url: `/api/facilities/${w.facilityId}/default`,
      payload: { reason: 'Interest not paid', declared_on: '2026-01-21' },
    });
    const reportId = await generateLenderReport(
      { db: t.database.db, storage: t.app.deps.storage },
      w.facilityId,
      '2026-01-01',
      '2026-02-02',
    );
    const res = await as(t.app, w.funder, {
      method: 'GET',
      url: `/api/facilities/${w.facilityId}/reports/${reportId}/download`,
    });
    expect(res.statusCode).toBe(200);
    const text = (await pagesText(res.rawPayload)).join('\n');
    // 1-30 January: 20 days at 10 % and 10 at 12 % on $12,400,000 (not the $101,917.81 first posted).
    expect(text).toMatch(/Interest accrued in January 2026\s*\$108,712\.33/);
  });
});
