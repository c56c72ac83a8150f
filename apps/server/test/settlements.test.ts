import { interestForDays, periodAccruals } from '@plinth/domain/facility/interest';
import { defaultInterestCharged } from '@plinth/domain/facility/waterfall';
import { presaleMessages } from '@plinth/domain/presales';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, buildTestApp, type TestApp } from './helpers';
import { createStrangers } from './support/deals';
import { call, certifiedDraw, createFacilityWorld, type FacilityWorld } from './support/facilities';
import {
  createWorldPresale,
  freshPresale,
  freshSettlementPresale,
  settlementBody,
} from './support/presale-world';

// Issue 34 item 7 through the API: a lot's settlement applies its net proceeds by the waterfall
// (interest before principal), once however often it is retried; the last one repays the facility,
// cancels the rest of the commitment, releases the other lots and issues the closing statement.

let t: TestApp;
let strangers: Awaited<ReturnType<typeof createStrangers>>;

beforeAll(async () => {
  t = await buildTestApp();
  strangers = await createStrangers(t);
});
afterAll(() => t.close());

/** An active facility with $1,000,000 drawn on 1 January 2026 (land: no retention) and three lots. */
async function drawnWorld() {
  const w = await createFacilityWorld(t);
  const d = await certifiedDraw(t, w, [{ line: 'L1', claimed: 100_000_000 }]);
  await call(t, w.funder, { method: 'POST', url: `/api/draws/${d.id}/approve` });
  await call(t, w.funder, {
    method: 'POST',
    url: `/api/draws/${d.id}/fund`,
    payload: { funded_on: '2026-01-01' },
  });
  const lots = {
    a: await createWorldPresale(t, w, { lot: 'A' }),
    b: await createWorldPresale(t, w, { lot: 'B' }),
    c: await createWorldPresale(t, w, { lot: 'C' }),
  };
  return { w, lots };
}

const settle = (user: Parameters<typeof as>[1], id: string, payload: unknown, key?: string) =>
  as(t.app, user, {
    method: 'POST',
    url: `/api/presales/${id}/settlement`,
    payload: payload as Record<string, unknown>,
    ...(key ? { headers: { 'idempotency-key': key } } : {}),
  });

const ledgerOf = (w: FacilityWorld) =>
  call(t, w.funder, { method: 'GET', url: `/api/facilities/${w.facilityId}/ledger?limit=100` });

describe('who may record a settlement, and with what', () => {
  it('the funder alone: anonymous 401, developer, surveyor and admin 403, a stranger funder 404; bad bodies 400', async () => {
    const { w, lots } = await drawnWorld();
    expect((await settle(null, lots.a, settlementBody())).statusCode).toBe(401);
    for (const user of [w.developer, w.surveyor, strangers.admin])
      expect((await settle(user, lots.a, settlementBody())).statusCode).toBe(403);
    const stranger = await settle(strangers.funder, lots.a, settlementBody());
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json().error).toBe(presaleMessages.notFound);
    const costly = await settle(
      w.funder,
      lots.a,
      settlementBody({ gross_cents: 100, selling_costs_cents: 101 }),
    );
    expect(costly.statusCode).toBe(400);
    expect(costly.json().details).toEqual([
      { field: 'selling_costs_cents', message: 'Selling costs cannot be more than the gross proceeds' },
    ]);
    const future = await settle(w.funder, lots.a, settlementBody({ settled_on: '2099-01-01' }));
    expect(future.statusCode).toBe(400);
    expect(future.json().error).toBe(presaleMessages.futureSettlement);
    const early = await settle(w.funder, lots.a, settlementBody({ settled_on: '2026-01-05' }));
    expect(early.json().error).toBe('A lot settles on or after the day its contract exchanged');
    const shape = await settle(w.funder, lots.a, { settled_on: '1/2/2026', gross_cents: 0 });
    expect(shape.statusCode).toBe(400);
    expect(shape.json().details.map((d: { message: string }) => d.message)).toEqual([
      'settled_on must be a real date (YYYY-MM-DD)',
      'gross_cents must be above 0',
      'selling_costs_cents must be a whole number of cents',
    ]);
    // Nothing was applied by any refusal: the lot is still open, no settlement journal.
    const ledger = await ledgerOf(w);
    expect(ledger.items.map((j: { kind: string }) => j.kind)).not.toContain('settlement');
  });

  it('a facility not yet active takes no settlement (409)', async () => {
    const w = await createFacilityWorld(t, { activate: false });
    const id = await createWorldPresale(t, w);
    const res = await settle(w.funder, id, settlementBody());
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(presaleMessages.notOpen);
  });
});

describe('the waterfall to repaid', () => {
  it('interest first, then principal; a retry with the same key settles once; settling twice is 409', async () => {
    const { w, lots } = await drawnWorld();
    // Interest for 1–31 January on $1,000,000 is capitalised on 31 January; the lot settles 1 February.
    const january = interestForDays(100_000_000n, 1000, 31);
    const body = settlementBody({
      settled_on: '2026-02-01',
      gross_cents: 50_000_000,
      selling_costs_cents: 1_000_000,
    });
    const first = await settle(w.funder, lots.a, body, 'settle-a-1');
    expect(first.statusCode).toBe(201);
    const s = first.json();
    expect(s).toMatchObject({
      presale_id: lots.a,
      lot: 'A',
      settled_on: '2026-02-01',
      discharged_on: '2026-02-01',
      net_proceeds_cents: 49_000_000,
      default_interest_cents: 0,
      fees_cents: 0,
      interest_cents: Number(january),
      principal_cents: 49_000_000 - Number(january),
      surplus_cents: 0,
      owed_after_cents: 100_000_000 + Number(january) - 49_000_000,
      repaid: false,
      facility_status: 'active',
      released_lots: [],
    });
    // The retry (a lost answer) replays the first: one settlement, one journal.
    const retry = await settle(w.funder, lots.a, body, 'settle-a-1');
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json()).toEqual(s);
    const twice = await settle(w.funder, lots.a, body, 'settle-a-2');
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error).toBe(presaleMessages.alreadySettled);
    const ledger = await ledgerOf(w);
    const settlements = ledger.items.filter((j: { kind: string }) => j.kind === 'settlement');
    expect(settlements).toHaveLength(1);
    expect(settlements[0].postings).toEqual([
      { account: 'sale_proceeds', amount_cents: -50_000_000 },
      { account: 'selling_costs', amount_cents: 1_000_000 },
      { account: 'capitalised_interest', amount_cents: Number(january) },
      { account: 'principal', amount_cents: 49_000_000 - Number(january) },
    ]);
    expect(ledger.balances.principal).toBe(-(100_000_000 - 49_000_000 + Number(january)));
    // Every party reads the settled lot; the list of settlements.
    const presale = await call(t, w.surveyor, { method: 'GET', url: `/api/presales/${lots.a}` });
    expect(presale).toMatchObject({
      status: 'settled',
      settlement: { id: s.id, principal_cents: s.principal_cents },
    });
    const list = await call(t, w.developer, {
      method: 'GET',
      url: `/api/facilities/${w.facilityId}/settlements`,
    });
    expect(list.items.map((x: { id: string }) => x.id)).toEqual([s.id]);
    // A settled lot is no longer removed from the register.
    const remove = await as(t.app, w.developer, { method: 'DELETE', url: `/api/presales/${lots.a}` });
    expect(remove.statusCode).toBe(409);
    expect(remove.json().error).toBe(presaleMessages.settled);
    // The ledger is never rewritten: a settlement dated before interest already accrued is refused.
    const backdated = await settle(w.funder, lots.b, settlementBody({ settled_on: '2026-01-20' }));
    expect(backdated.statusCode).toBe(409);
    expect(backdated.json().error).toBe(
      'Interest is already accrued to 2026-01-31; the ledger is never rewritten, so a settlement is dated 2026-02-01 or later',
    );
    // The closing statement waits for repayment.
    const early = await as(t.app, w.funder, {
      method: 'GET',
      url: `/api/facilities/${w.facilityId}/closing-statement.pdf`,
    });
    expect(early.statusCode).toBe(409);

    // Lot B settles on 1 March for more than is owed: the loan is repaid, the surplus is the developer's.
    const owed = 100_000_000n + january - 49_000_000n;
    const february = interestForDays(owed, 1000, 28);
    const last = await call(
      t,
      w.funder,
      {
        method: 'POST',
        url: `/api/presales/${lots.b}/settlement`,
        payload: settlementBody({
          settled_on: '2026-03-01',
          gross_cents: 60_000_000,
          selling_costs_cents: 1_200_000,
        }),
      },
      201,
    );
    expect(last).toMatchObject({
      net_proceeds_cents: 58_800_000,
      interest_cents: Number(february),
      principal_cents: Number(owed),
      surplus_cents: 58_800_000 - Number(owed + february),
      owed_after_cents: 0,
      repaid: true,
      facility_status: 'repaid',
      released_lots: ['C'],
    });
    const facility = await call(t, w.developer, { method: 'GET', url: `/api/facilities/${w.facilityId}` });
    expect(facility).toMatchObject({ status: 'repaid', drawn_cents: 0, undrawn_cents: 0 });
    const closed = await ledgerOf(w);
    for (const account of [
      'principal',
      'capitalised_interest',
      'accrued_interest',
      'fees',
      'payable_in_cash',
      'undrawn',
      'commitment',
    ])
      expect(closed.balances[account], account).toBe(0);
    expect(closed.balances.surplus_to_developer).toBe(last.surplus_cents);
    expect(closed.items.at(-1)).toMatchObject({ kind: 'commitment_cancelled', effective_on: '2026-03-01' });
    const released = await call(t, w.funder, { method: 'GET', url: `/api/presales/${lots.c}` });
    expect(released).toMatchObject({ status: 'released', released_on: '2026-03-01', settlement: null });

    // After repayment: nothing more settles, the register no longer changes.
    const afterC = await settle(w.funder, lots.c, settlementBody({ settled_on: '2026-03-02' }));
    expect(afterC.statusCode).toBe(409);
    expect(afterC.json().error).toBe(presaleMessages.released);
    const add = await as(t.app, w.developer, {
      method: 'POST',
      url: `/api/facilities/${w.facilityId}/presales`,
      payload: {
        lot: 'Z',
        purchaser_name: 'Late',
        price_ex_gst_cents: 1,
        deposit_cents: 0,
        deposit_form: 'cash',
        related_party: false,
        exchanged_on: '2026-03-01',
        sunset_on: '2027-03-01',
      },
    });
    expect(add.statusCode).toBe(409);
    expect(add.json().error).toBe(presaleMessages.facilityRepaid);

    // The closing statement: the funder's own copy, every other party's stamped; a stranger 404.
    const copies = new Map<string, number>();
    for (const user of [w.funder, w.developer, w.surveyor, strangers.admin]) {
      const pdf = await as(t.app, user, {
        method: 'GET',
        url: `/api/facilities/${w.facilityId}/closing-statement.pdf`,
      });
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      expect(pdf.headers['content-disposition']).toContain('facility-closing-statement-');
      copies.set(user.id, pdf.rawPayload.length);
    }
    // The stamp (the reader's name and a download code on every page) makes a party's copy longer.
    expect(copies.get(w.developer.id)!).toBeGreaterThan(copies.get(w.funder.id)! + 500);
    expect(copies.get(w.surveyor.id)!).toBeGreaterThan(copies.get(w.funder.id)! + 500);
    const stranger = await as(t.app, strangers.funder, {
      method: 'GET',
      url: `/api/facilities/${w.facilityId}/closing-statement.pdf`,
    });
    expect(stranger.statusCode).toBe(404);
    // The developer is told of each settlement and of the repayment.
    const notes = await t.database.db
      .selectFrom('notification')
      .select('message')
      .where('user_id', '=', w.developer.id)
      .where('related_id', '=', w.facilityId)
      .execute();
    expect(notes.map((n) => n.message)).toEqual(
      expect.arrayContaining([
        'The facility is repaid: the closing statement is issued and the remaining lots are released.',
        expect.stringMatching(/^Lot B settled: .* applied to the loan, .* surplus to the developer\.$/),
      ]),
    );
  });
});

describe('at the same time', () => {
  it('two funders’ requests for the same lot at once: one settles, the other is told it is settled', async () => {
    const { w, lots } = await drawnWorld();
    const body = settlementBody({
      settled_on: '2026-01-20',
      gross_cents: 10_000_000,
      selling_costs_cents: 0,
    });
    const answers = await Promise.all([
      settle(w.funder, lots.a, body, 'race-1'),
      settle(w.funder, lots.a, body, 'race-2'),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    expect(answers.find((a) => a.statusCode === 409)!.json().error).toBe(presaleMessages.alreadySettled);
    const ledger = await ledgerOf(w);
    expect(ledger.items.filter((j: { kind: string }) => j.kind === 'settlement')).toHaveLength(1);
    // Interest was accrued once per day, whoever accrued it: 1–19 January.
    expect(ledger.items.filter((j: { kind: string }) => j.kind === 'interest_accrued')).toHaveLength(19);
  });
});

describe('the permission matrix’s settlement cell', () => {
  it('a fresh facility between the same parties; with nothing owed the minimal body repays it at once, all surplus', async () => {
    const w = await createFacilityWorld(t);
    // The matrix's recipes, given a cell of the permission world's shape.
    const cell = {
      w: { t, users: { owner: w.developer, funderWithAccess: w.funder }, ids: { facilityId: w.facilityId } },
    };
    const own = (await freshPresale(cell)).ids.presaleId;
    expect((await call(t, w.surveyor, { method: 'GET', url: `/api/presales/${own}` })).facility_id).toBe(
      w.facilityId,
    );
    const fresh = (await freshSettlementPresale(cell)).ids;
    const res = await settle(w.funder, fresh.presaleId, settlementBody({ settled_on: '2026-01-10' }));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      net_proceeds_cents: 980_000,
      principal_cents: 0,
      interest_cents: 0,
      surplus_cents: 980_000,
      repaid: true,
      facility_status: 'repaid',
    });
    // The world's own facility is untouched.
    const world = await call(t, w.funder, { method: 'GET', url: `/api/facilities/${w.facilityId}` });
    expect(world.status).toBe('active');
  });
});

describe('in default', () => {
  it('the default margin’s interest is repaid first, then the ordinary interest, before any principal', async () => {
    const { w, lots } = await drawnWorld();
    await t.database.db
      .updateTable('facility')
      .set({ status: 'in_default', default_margin_bps: 400 })
      .where('id', '=', w.facilityId)
      .execute();
    // 1–10 January at 14 % (10 % + the 4 % margin) on $1,000,000, day by day as the job accrues it.
    const days = periodAccruals(
      Array.from({ length: 10 }, () => ({ balance_cents: 100_000_000n, rate_bps: 1400 })),
    );
    const total = days.reduce((a, b) => a + b, 0n);
    const margin = defaultInterestCharged(
      days.map((accrual_cents) => ({ rate_bps: 1400, accrual_cents })),
      1000,
    );
    expect(margin).toBeGreaterThan(0n);
    const res = await settle(
      w.funder,
      lots.a,
      settlementBody({ settled_on: '2026-01-11', gross_cents: 300_000, selling_costs_cents: 0 }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      default_interest_cents: Number(margin),
      interest_cents: 300_000 - Number(margin),
      principal_cents: 0,
      facility_status: 'in_default',
      owed_after_cents: Number(100_000_000n + total) - 300_000,
    });
    // A second lot: the margin's interest is repaid already; the rest of the interest, then principal.
    const next = await call(
      t,
      w.funder,
      {
        method: 'POST',
        url: `/api/presales/${lots.b}/settlement`,
        payload: settlementBody({ settled_on: '2026-01-11', gross_cents: 1_000_000, selling_costs_cents: 0 }),
      },
      201,
    );
    expect(next).toMatchObject({
      default_interest_cents: 0,
      interest_cents: Number(total) - 300_000,
      principal_cents: 1_000_000 - (Number(total) - 300_000),
    });
  });
});
