import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, buildTestApp, type TestApp, type TestUser } from './helpers';
import { createStrangers } from './support/deals';
import { call, certifiedDraw, createFacilityWorld, type FacilityWorld } from './support/facilities';
import { createVariationWorld, variationBodies } from './support/variation-world';

// Issue 34 item 2 through the API (decision 061): the developer proposes moving money between two
// budget lines, the funder approves (a new approved budget version, the total unchanged) or rejects
// it, the developer may withdraw it; never below what is certified on the from-line, contingency
// never below zero; and the refusals: 401, 403, 404, 409, 400, an idempotent retry.

let t: TestApp;
let w: FacilityWorld;
let strangers: Awaited<ReturnType<typeof createStrangers>>;

beforeAll(async () => {
  t = await buildTestApp();
  strangers = await createStrangers(t);
  w = await createFacilityWorld(t);
});
afterAll(() => t.close());

const propose = (body: Record<string, unknown>, user: TestUser | null = w.developer) =>
  as(t.app, user, { method: 'POST', url: `/api/facilities/${w.facilityId}/reallocations`, payload: body });
const decide = (user: TestUser | null, id: string, decision: string, payload?: Record<string, unknown>) =>
  as(t.app, user, {
    method: 'POST',
    url: `/api/reallocations/${id}/${decision}`,
    ...(payload ? { payload } : {}),
  });
const budget = async () => {
  const b = await call(t, w.funder, { method: 'GET', url: `/api/facilities/${w.facilityId}/budget` });
  const amount = (code: string) =>
    b.approved.lines.find((l: { code: string }) => l.code === code).amount_cents;
  return { version: b.approved.version as number, total: b.approved.total_cents as number, amount };
};
const body = (over: Record<string, unknown> = {}) => ({ ...variationBodies(w).reallocation, ...over });

describe('reallocations', () => {
  it('proposed by the developer, approved by the funder: a new budget version, the total unchanged', async () => {
    const before = await budget();
    const res = await propose(body({ amount_cents: 5_000_000 }));
    expect(res.statusCode, res.body).toBe(201);
    const r = res.json();
    expect(r).toMatchObject({
      status: 'proposed',
      number: 1,
      from_line_code: 'X1',
      to_line_code: 'C1',
      amount_cents: 5_000_000,
      budget_version: null,
    });
    const done = await decide(w.funder, r.id, 'approve');
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({
      status: 'approved',
      budget_version: before.version + 1,
      decided_by: w.funder.id,
    });
    const after = await budget();
    expect(after.total).toBe(before.total);
    expect(after.amount('X1')).toBe(before.amount('X1') - 5_000_000);
    expect(after.amount('C1')).toBe(before.amount('C1') + 5_000_000);
    const told = await t.database.db
      .selectFrom('notification')
      .select('message')
      .where('user_id', '=', w.developer.id)
      .where('related_id', '=', r.id)
      .execute();
    expect(told.map((n) => n.message)).toEqual([
      expect.stringContaining('Reallocation 1 approved: $50,000 moved from X1 to C1 (budget version 2)'),
    ]);
  });

  it('never below what is certified on the from-line, and contingency never below zero (409, proposed or approved)', async () => {
    // $2,900,000 of the land's $3,000,000 certified: $100,000 is free to move.
    await certifiedDraw(t, w, [{ line: 'L1', claimed: 290_000_000 }]);
    const land = await propose(body({ from_line_id: w.lines.L1, amount_cents: 20_000_000 }));
    expect(land.statusCode).toBe(409);
    expect(land.json().error).toBe(
      'Land has only $100,000 not yet certified; $200,000 cannot be moved out of it',
    );
    const contingency = await propose(body({ amount_cents: 25_000_001 }));
    expect(contingency.statusCode).toBe(409);
    expect(contingency.json().error).toBe(
      'Contingency has only $250,000 left; $250,000.01 cannot be moved out of it',
    );
    // Two proposals that each fit, but not both: the second is refused when the funder approves it.
    const a = (await propose(body({ amount_cents: 20_000_000 }))).json();
    const b = (await propose(body({ amount_cents: 10_000_000 }))).json();
    expect((await decide(w.funder, a.id, 'approve')).statusCode).toBe(200);
    const second = await decide(w.funder, b.id, 'approve');
    expect(second.statusCode).toBe(409);
    expect(second.json().error).toBe('Contingency has only $50,000 left; $100,000 cannot be moved out of it');
    const rejected = await decide(w.funder, b.id, 'reject', { reason: 'Contingency is too thin' });
    expect(rejected.json()).toMatchObject({ status: 'rejected', decision_reason: 'Contingency is too thin' });
    const again = await decide(w.funder, b.id, 'approve');
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(
      'This reallocation is rejected and can no longer change; only a proposed reallocation can be approved',
    );
  });

  it('the developer withdraws one still waiting; the funder cannot withdraw, nor the developer approve (403)', async () => {
    const r = (await propose(body({ amount_cents: 100_000 }))).json();
    const byFunder = await decide(w.funder, r.id, 'withdraw', {});
    expect(byFunder.statusCode).toBe(403);
    const byDeveloper = await decide(w.developer, r.id, 'approve');
    expect(byDeveloper.statusCode).toBe(403);
    expect(byDeveloper.json().error).toBe('Your role does not allow this');
    const bySurveyor = await decide(w.surveyor, r.id, 'reject', { reason: 'x' });
    expect(bySurveyor.statusCode).toBe(403);
    const withdrawn = await decide(w.developer, r.id, 'withdraw', {});
    expect(withdrawn.json()).toMatchObject({ status: 'withdrawn' });
    const list = await call(t, w.surveyor, {
      method: 'GET',
      url: `/api/facilities/${w.facilityId}/reallocations?limit=2`,
    });
    expect(list.items.map((x: { number: number }) => x.number)).toEqual([4, 3]);
    const rest = await call(t, w.surveyor, {
      method: 'GET',
      url: `/api/facilities/${w.facilityId}/reallocations?cursor=${list.next_cursor}`,
    });
    expect(rest.items.map((x: { number: number }) => x.number)).toEqual([2, 1]);
    expect(rest.next_cursor).toBeNull();
    const one = await call(t, strangers.admin, { method: 'GET', url: `/api/reallocations/${r.id}` });
    expect(one.status).toBe('withdrawn');
  });
});

describe('reallocations: refusals', () => {
  let w2: FacilityWorld;
  let ids: { variationId: string; reallocationId: string };
  beforeAll(async () => {
    w2 = await createFacilityWorld(t);
    // As the permission matrix calls it: the lines are read from the approved budget.
    ids = await createVariationWorld(t, { facilityId: w2.facilityId, developer: w2.developer });
  });

  it('anonymous 401; the wrong role 403; strangers 404', async () => {
    for (const [method, url] of [
      ['GET', `/api/facilities/${w2.facilityId}/reallocations`],
      ['POST', `/api/facilities/${w2.facilityId}/reallocations`],
      ['GET', `/api/reallocations/${ids.reallocationId}`],
      ['POST', `/api/reallocations/${ids.reallocationId}/approve`],
      ['POST', `/api/reallocations/${ids.reallocationId}/reject`],
      ['POST', `/api/reallocations/${ids.reallocationId}/withdraw`],
    ] as const)
      expect((await as(t.app, null, { method, url })).statusCode, url).toBe(401);
    const byFunder = await as(t.app, w2.funder, {
      method: 'POST',
      url: `/api/facilities/${w2.facilityId}/reallocations`,
      payload: variationBodies(w2).reallocation,
    });
    expect(byFunder.statusCode).toBe(403);
    const stranger = await as(t.app, strangers.developer, {
      method: 'POST',
      url: `/api/facilities/${w2.facilityId}/reallocations`,
      payload: variationBodies(w2).reallocation,
    });
    expect(stranger.statusCode).toBe(404);
    const otherFunder = await decide(strangers.funder, ids.reallocationId, 'approve');
    expect(otherFunder.statusCode).toBe(404);
    expect(otherFunder.json().error).toBe('Reallocation not found');
    expect(
      (
        await as(t.app, strangers.developer, {
          method: 'GET',
          url: `/api/reallocations/${ids.reallocationId}`,
        })
      ).statusCode,
    ).toBe(404);
    expect((await decide(strangers.admin, ids.reallocationId, 'approve')).statusCode).toBe(403);
  });

  it('bad bodies are 400 with clear messages', async () => {
    const base = variationBodies(w2).reallocation;
    const cases: [Record<string, unknown>, string][] = [
      [{ ...base, to_line_id: base.from_line_id }, 'A reallocation moves money between two different lines'],
      [{ ...base, amount_cents: 0 }, 'amount_cents must be above 0'],
      [{ ...base, amount_cents: '5' }, 'amount_cents must be a whole number of cents'],
      [{ ...base, reason: '' }, 'reason is required'],
      [{ ...base, from_line_id: 'x' }, 'from_line_id must be a line of the approved budget'],
      [
        { ...base, to_line_id: '00000000-0000-4000-8000-000000000000' },
        'to_line_id must be a line of the approved budget',
      ],
    ];
    for (const [payload, message] of cases) {
      const res = await as(t.app, w2.developer, {
        method: 'POST',
        url: `/api/facilities/${w2.facilityId}/reallocations`,
        payload,
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error, JSON.stringify(payload)).toBe(message);
    }
    const noReason = await decide(w2.funder, ids.reallocationId, 'reject', { reason: '  ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().error).toBe('reason is required');
  });

  it('a retried approval with the same Idempotency-Key approves once', async () => {
    const send = () =>
      as(t.app, w2.funder, {
        method: 'POST',
        url: `/api/reallocations/${ids.reallocationId}/approve`,
        headers: { 'idempotency-key': `approve-${ids.reallocationId}` },
      });
    const [first, second] = [await send(), await send()];
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect(second.headers['idempotent-replayed']).toBe('true');
    const versions = await call(t, w2.funder, {
      method: 'GET',
      url: `/api/facilities/${w2.facilityId}/budget`,
    });
    expect(versions.versions).toHaveLength(2);
    const third = await decide(w2.funder, ids.reallocationId, 'approve');
    expect(third.statusCode).toBe(409);
  });
});
