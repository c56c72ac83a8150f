import { facilityMessages } from '@plinth/domain/facilities';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accrueThrough } from '../src/modules/facilities/accrual.jobs';
import { as, buildTestApp, createUser, type TestApp } from './helpers';
import { createStrangers } from './support/deals';
import { call, certifiedDraw, createFacilityWorld, type FacilityWorld } from './support/facilities';

// Issue 33 items 1-5 through the API: the facility, its parties and the surveyor, the budget (PUT,
// CSV import, approval), equity, draws to funded, the in-balance refusal, the ledger and the
// interest golden through the accrual job.

let t: TestApp;
let w: FacilityWorld;
let strangers: Awaited<ReturnType<typeof createStrangers>>;

beforeAll(async () => {
  t = await buildTestApp();
  strangers = await createStrangers(t);
  w = await createFacilityWorld(t);
});
afterAll(() => t.close());

const get = (user: Parameters<typeof as>[1], url: string) => as(t.app, user, { method: 'GET', url });

describe('the facility and its parties', () => {
  it('parties read it; a stranger funder, another developer and an uninvited surveyor get 404; anonymous 401', async () => {
    const url = `/api/facilities/${w.facilityId}`;
    for (const [user, role] of [
      [w.funder, 'funder'],
      [w.developer, 'developer'],
      [w.surveyor, 'surveyor'],
      [strangers.admin, 'admin'],
    ] as const) {
      const res = await get(user, url);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        id: w.facilityId,
        status: 'active',
        my_role: role,
        limit_cents: 1_200_000_000,
      });
    }
    expect((await get(strangers.funder, url)).statusCode).toBe(404);
    expect((await get(strangers.developer, url)).json().error).toBe(facilityMessages.notFound);
    expect((await get(null, url)).statusCode).toBe(401);
    const other = await createFacilityWorld(t, { activate: false });
    // A surveyor of another facility sees nothing of this one, and only theirs in the list.
    expect((await get(other.surveyor, url)).statusCode).toBe(404);
    const list = (await get(other.surveyor, '/api/facilities')).json();
    expect(list.items.map((f: { id: string }) => f.id)).toEqual([other.facilityId]);
  });

  it('the facility is set up once, by the deal funder, after completion (409 again; 403 for the developer)', async () => {
    const again = await as(t.app, w.funder, {
      method: 'POST',
      url: `/api/deals/${w.dealId}/facility`,
      payload: {},
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(facilityMessages.exists);
    const dev = await as(t.app, w.developer, {
      method: 'POST',
      url: `/api/deals/${w.dealId}/facility`,
      payload: {},
    });
    expect(dev.statusCode).toBe(403);
  });

  it('a surveyor can only onboard with an invite; a co-funder added by the funder reads the facility', async () => {
    const uninvited = await createUser(t.app, { name: 'Uninvited' });
    const res = await as(t.app, uninvited, {
      method: 'POST',
      url: '/api/surveyor/onboarding',
      payload: { company_name: 'X', abn: '51824753556', phone: '0298765432' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe(facilityMessages.noInvite);
    const bad = await as(t.app, uninvited, {
      method: 'POST',
      url: '/api/surveyor/onboarding',
      payload: { company_name: 'X', abn: '123', phone: '12' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('Invalid ABN format, Invalid phone number format');
    // The developer may not appoint anyone.
    const devAdd = await as(t.app, w.developer, {
      method: 'POST',
      url: `/api/facilities/${w.facilityId}/parties`,
      payload: { role: 'surveyor', email: 'x@example.com' },
    });
    expect(devAdd.statusCode).toBe(403);
    await call(
      t,
      w.funder,
      {
        method: 'POST',
        url: `/api/facilities/${w.facilityId}/parties`,
        payload: { role: 'co_funder', email: strangers.funder.email },
      },
      201,
    );
    const seen = await get(strangers.funder, `/api/facilities/${w.facilityId}`);
    expect(seen.statusCode).toBe(200);
    expect(seen.json().my_role).toBe('co_funder');
    // A co-funder reads, but does not decide.
    const budget = await as(t.app, strangers.funder, {
      method: 'POST',
      url: `/api/facilities/${w.facilityId}/budget/approve`,
    });
    expect(budget.statusCode).toBe(403);
  });
});

describe('the budget', () => {
  it('every line error at once; a CSV import names its rows; approval makes a new version', async () => {
    const other = await createFacilityWorld(t, { activate: false });
    const bad = await as(t.app, other.developer, {
      method: 'PUT',
      url: `/api/facilities/${other.facilityId}/budget`,
      payload: { lines: [{ code: '', name: 'A', category: 'nope', amount_cents: 0, funded_by: 'debt' }] },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details.map((d: { message: string }) => d.message)).toEqual([
      'Line 1: the code is missing',
      'Line 1: the category must be one of land, construction, contingency, professional_fees, statutory, marketing, finance, other',
      'Line 1: the amount must be a whole number of cents above zero',
    ]);
    const csv =
      'code,name,category,amount,funded_by\nL1,Land,land,"3,000,000.00",debt\nC1,Build,construction,abc,debt\nC1,Dup,construction,5,equity\n';
    const rows = await as(t.app, other.developer, {
      method: 'POST',
      url: `/api/facilities/${other.facilityId}/budget/import`,
      headers: { 'content-type': 'text/csv' },
      payload: csv,
    });
    expect(rows.statusCode).toBe(400);
    expect(rows.json().details.map((d: { message: string }) => d.message)).toEqual([
      'Row 3: the amount must be dollars with at most two decimals',
      'Row 4: the code C1 is already used by line 2',
    ]);
    const ok = await call(t, other.developer, {
      method: 'POST',
      url: `/api/facilities/${other.facilityId}/budget/import`,
      headers: { 'content-type': 'text/csv' },
      payload:
        'code,name,category,amount_cents,funded_by\nL1,Land,land,300000000,debt\nC1,Build,construction,700000000,debt\n',
    });
    expect(ok.draft).toMatchObject({ version: 2, status: 'draft', total_cents: 1_000_000_000 });
    const approved = await call(t, other.funder, {
      method: 'POST',
      url: `/api/facilities/${other.facilityId}/budget/approve`,
    });
    expect(approved).toMatchObject({ version: 2, status: 'approved' });
    const budget = await call(t, other.surveyor, {
      method: 'GET',
      url: `/api/facilities/${other.facilityId}/budget`,
    });
    expect(budget.versions.map((v: { status: string }) => v.status)).toEqual(['approved', 'superseded']);
    const none = await as(t.app, other.funder, {
      method: 'POST',
      url: `/api/facilities/${other.facilityId}/budget/approve`,
    });
    expect(none.statusCode).toBe(409);
    expect(none.json().error).toBe(facilityMessages.noDraftBudget);
  });
});

describe('draws', () => {
  it('certified ≤ claimed, moves out of order 409, only each party its own action, funding posts a balanced journal', async () => {
    const draft = await call(
      t,
      w.developer,
      {
        method: 'POST',
        url: `/api/facilities/${w.facilityId}/draws`,
        payload: {
          claim_served_at: '2025-12-12T19:00:00+11:00',
          lines: [{ budget_line_id: w.lines.C1, claimed_cents: 10_000_000 }],
        },
      },
      201,
    );
    // The NSW golden: served Friday 12 December 2025 at 7 pm Sydney time.
    expect(draft).toMatchObject({ status: 'draft', payment_schedule_due: '2026-01-05', number: 1 });
    const early = await as(t.app, w.surveyor, {
      method: 'POST',
      url: `/api/draws/${draft.id}/certify`,
      payload: {
        inspected_on: '2026-01-06',
        percent_complete: 5,
        delay_days: 0,
        lines: [{ budget_line_id: w.lines.C1, certified_cents: 1, cost_to_complete_cents: 0, reason: '' }],
      },
    });
    expect(early.statusCode).toBe(409);
    expect(early.json().error).toBe('Only a submitted draw can be certified; this draw is a draft');
    expect(
      (await as(t.app, w.funder, { method: 'POST', url: `/api/draws/${draft.id}/submit` })).statusCode,
    ).toBe(403);
    expect(
      (await as(t.app, strangers.developer, { method: 'POST', url: `/api/draws/${draft.id}/submit` }))
        .statusCode,
    ).toBe(404);
    await call(t, w.developer, { method: 'POST', url: `/api/draws/${draft.id}/submit` });
    const over = await as(t.app, w.surveyor, {
      method: 'POST',
      url: `/api/draws/${draft.id}/certify`,
      payload: {
        inspected_on: '2026-01-06',
        percent_complete: 5,
        delay_days: 0,
        lines: [
          { budget_line_id: w.lines.C1, certified_cents: 10_000_001, cost_to_complete_cents: 0, reason: '' },
        ],
      },
    });
    expect(over.statusCode).toBe(400);
    expect(over.json().error).toBe(
      'Line 1 (Construction): the certified amount ($100,000.01) is more than the claimed amount ($100,000)',
    );
    const certified = await call(t, w.surveyor, {
      method: 'POST',
      url: `/api/draws/${draft.id}/certify`,
      payload: {
        inspected_on: '2026-01-06',
        percent_complete: 5,
        delay_days: 0,
        lines: [
          {
            budget_line_id: w.lines.C1,
            certified_cents: 8_000_000,
            cost_to_complete_cents: 590_000_000,
            reason: 'Slab not finished',
          },
        ],
      },
    });
    expect(certified).toMatchObject({ status: 'certified', certified_cents: 8_000_000 });
    await call(t, w.funder, { method: 'POST', url: `/api/draws/${draft.id}/approve` });
    const key = `fund-${draft.id}`;
    const fund = () =>
      as(t.app, w.funder, {
        method: 'POST',
        url: `/api/draws/${draft.id}/fund`,
        headers: { 'idempotency-key': key },
        payload: { funded_on: '2026-01-10' },
      });
    const [first, second] = [await fund(), await fund()];
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(second.headers['idempotent-replayed']).toBe('true');
    // 5 % retention on the construction line; funded once.
    expect(first.json()).toMatchObject({ status: 'funded', retention_cents: 400_000 });
    const journals = await t.database.db
      .selectFrom('ledger_journal')
      .select('id')
      .where('draw_id', '=', draft.id)
      .execute();
    expect(journals).toHaveLength(1);
    const again = await as(t.app, w.funder, {
      method: 'POST',
      url: `/api/draws/${draft.id}/fund`,
      payload: { funded_on: '2026-01-10' },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('This draw is funded and can no longer change');
    const ledger = await call(t, w.surveyor, {
      method: 'GET',
      url: `/api/facilities/${w.facilityId}/ledger?limit=1`,
    });
    expect(ledger.items).toHaveLength(1);
    expect(ledger.next_cursor).not.toBeNull();
    expect(ledger.balances.principal).toBe(-7_600_000);
    expect(ledger.balances.retention_held).toBe(-400_000);
  });

  it('a thread every party sees; an admin reads but does not write', async () => {
    const d = await certifiedDraw(t, w, [{ line: 'L1', claimed: 1_000_000 }]);
    await call(
      t,
      w.surveyor,
      { method: 'POST', url: `/api/draws/${d.id}/comments`, payload: { body: 'Photos attached' } },
      201,
    );
    for (const user of [w.developer, w.funder, strangers.admin]) {
      const thread = await call(t, user, { method: 'GET', url: `/api/draws/${d.id}/comments` });
      expect(thread.items.map((c: { body: string }) => c.body)).toEqual(['Photos attached']);
    }
    expect(
      (
        await as(t.app, strangers.admin, {
          method: 'POST',
          url: `/api/draws/${d.id}/comments`,
          payload: { body: 'x' },
        })
      ).statusCode,
    ).toBe(403);
    expect((await get(strangers.developer, `/api/draws/${d.id}/comments`)).statusCode).toBe(404);
  });

  it('the database refuses a journal that does not sum to zero', async () => {
    await expect(
      t.database.db.transaction().execute(async (trx) => {
        const { id } = await trx
          .insertInto('ledger_journal')
          .values({ facility_id: w.facilityId, kind: 'equity_received', effective_on: '2026-01-01' })
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx
          .insertInto('ledger_posting')
          .values([
            { journal_id: id, facility_id: w.facilityId, account: 'equity', amount_cents: 100 },
            { journal_id: id, facility_id: w.facilityId, account: 'equity_contributed', amount_cents: -99 },
          ])
          .execute();
      }),
    ).rejects.toThrow(/does not balance/);
  });
});

describe('in balance and the interest golden', () => {
  it('out of balance: approving is refused with the shortfall until equity is received', async () => {
    const x = await createFacilityWorld(t, {
      terms: { limit_cents: 900_000_000, interest_rate_bps: 0 },
    });
    // The budget ($9,300,000) is over the limit and the surveyor puts construction $400,000 over: $700,000 short.
    const d = await certifiedDraw(t, x, [{ line: 'C1', claimed: 10_000_000, ctc: 630_000_000 }]);
    const ib = await call(t, x.funder, { method: 'GET', url: `/api/facilities/${x.facilityId}/in-balance` });
    // Available 900,000,000; required land 300,000,000 + construction 640,000,000 + contingency 30,000,000.
    expect(ib).toMatchObject({
      available_cents: 900_000_000,
      required_cents: 970_000_000,
      shortfall_cents: 70_000_000,
    });
    const refused = await as(t.app, x.funder, { method: 'POST', url: `/api/draws/${d.id}/approve` });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(
      'The loan is out of balance by $700,000: equity of $700,000 is needed first',
    );
    await call(
      t,
      x.developer,
      {
        method: 'POST',
        url: `/api/facilities/${x.facilityId}/equity`,
        payload: { amount_cents: 70_000_000, received_on: '2026-01-08' },
      },
      201,
    );
    const after = await call(t, x.funder, {
      method: 'GET',
      url: `/api/facilities/${x.facilityId}/in-balance`,
    });
    expect(after.shortfall_cents).toBe(0);
    await call(t, x.funder, { method: 'POST', url: `/api/draws/${d.id}/approve` });
  });

  it('$12,400,000.00 at 10 % for 30 days accrues $101,917.81 through the accrual job, once per day', async () => {
    const g = await createFacilityWorld(t, {
      terms: { limit_cents: 1_500_000_000, interest_rate_bps: 1000 },
      budget: [
        { code: 'L1', name: 'Land', category: 'land', amount_cents: 1_240_000_000, funded_by: 'debt' },
      ],
    });
    const d = await certifiedDraw(t, g, [{ line: 'L1', claimed: 1_240_000_000 }]);
    await call(t, g.funder, { method: 'POST', url: `/api/draws/${d.id}/approve` });
    await call(t, g.funder, {
      method: 'POST',
      url: `/api/draws/${d.id}/fund`,
      payload: { funded_on: '2026-01-01' },
    });
    expect(await accrueThrough(t.database.db, g.facilityId, '2026-01-30')).toBe(30);
    // Running it again (another instance, a retry) accrues nothing more.
    expect(await accrueThrough(t.database.db, g.facilityId, '2026-01-30')).toBe(0);
    const { total } = await t.database.db
      .selectFrom('facility_accrual')
      .select((eb) => eb.fn.sum<number>('amount_cents').as('total'))
      .where('facility_id', '=', g.facilityId)
      .executeTakeFirstOrThrow();
    expect(Number(total)).toBe(10_191_781);
    const ledger = await call(t, g.funder, {
      method: 'GET',
      url: `/api/facilities/${g.facilityId}/ledger?limit=100`,
    });
    expect(ledger.balances.accrued_interest).toBe(-10_191_781);
  });
});
