import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, buildTestApp, type TestApp, type TestUser } from './helpers';
import { createStrangers } from './support/deals';
import { call, createFacilityWorld, type FacilityWorld } from './support/facilities';
import { createVariationWorld, variationBodies } from './support/variation-world';

// Issue 34 item 1 through the API (decision 061): the variation machine with who may move it, the
// lender's consent and each of its triggers, incorporation into a new approved budget version
// (contingency down, equity called, limit raised), days moving the forecast completion, and the
// refusals: 401, 403, 404, 409, 400 and an idempotent retry.

let t: TestApp;
let w: FacilityWorld;
let strangers: Awaited<ReturnType<typeof createStrangers>>;

beforeAll(async () => {
  t = await buildTestApp();
  strangers = await createStrangers(t);
  w = await createFacilityWorld(t);
});
afterAll(() => t.close());

const propose = (
  world: FacilityWorld,
  body: Record<string, unknown>,
  user: TestUser | null = world.developer,
) =>
  as(t.app, user, { method: 'POST', url: `/api/facilities/${world.facilityId}/variations`, payload: body });
const event = (user: TestUser | null, id: string, body: Record<string, unknown>) =>
  as(t.app, user, { method: 'POST', url: `/api/variations/${id}/events`, payload: body });
const proposed = async (world: FacilityWorld, body: Record<string, unknown>) => {
  const res = await propose(world, { description: 'A change', days: 0, funding: 'contingency', ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
};
/** Proposed, assessed as proposed, approved by the developer. */
const approved = async (world: FacilityWorld, body: Record<string, unknown>) => {
  const v = await proposed(world, body);
  await call(t, world.surveyor, {
    method: 'POST',
    url: `/api/variations/${v.id}/events`,
    payload: { type: 'assess' },
  });
  return call(t, world.developer, {
    method: 'POST',
    url: `/api/variations/${v.id}/events`,
    payload: { type: 'approve' },
  });
};
const budget = async (world: FacilityWorld) => {
  const b = await call(t, world.funder, { method: 'GET', url: `/api/facilities/${world.facilityId}/budget` });
  const amount = (code: string) =>
    b.approved.lines.find((l: { code: string }) => l.code === code).amount_cents;
  return { ...b, amount, total: b.approved.total_cents as number };
};
const settings = (world: FacilityWorld, body: Record<string, unknown>) =>
  call(t, world.funder, {
    method: 'PATCH',
    url: `/api/facilities/${world.facilityId}/variation-settings`,
    payload: body,
  });

describe('variations: the machine, the consent rule and incorporation', () => {
  it('under the threshold from contingency: assessed (cost changed with a note), approved and incorporated at once', async () => {
    const v = await proposed(w, {
      budget_line_id: w.lines.C1,
      cost_cents: 5_000_000,
      description: 'Extra piling',
    });
    expect(v).toMatchObject({
      status: 'proposed',
      number: 1,
      budget_line_code: 'C1',
      consent_required: null,
    });
    const noNote = await event(w.surveyor, v.id, { type: 'assess', cost_cents: 4_000_000 });
    expect(noNote.statusCode).toBe(400);
    expect(noNote.json().error).toBe(
      'A note is required when the quantity surveyor changes the cost or the days',
    );
    const assessed = await call(t, w.surveyor, {
      method: 'POST',
      url: `/api/variations/${v.id}/events`,
      payload: { type: 'assess', cost_cents: 4_000_000, note: 'Pile rate checked against the schedule' },
    });
    expect(assessed).toMatchObject({
      status: 'assessed',
      proposed_cost_cents: 5_000_000,
      cost_cents: 4_000_000,
      assessment_note: 'Pile rate checked against the schedule',
    });
    const done = await call(t, w.developer, {
      method: 'POST',
      url: `/api/variations/${v.id}/events`,
      payload: { type: 'approve' },
    });
    expect(done).toMatchObject({
      status: 'incorporated',
      consent_required: false,
      consent_reasons: [],
      contingency_used_cents: 4_000_000,
      equity_called_cents: 0,
      limit_increase_cents: 0,
      budget_version: 2,
    });
    expect(done.events.map((e: { type: string }) => e.type)).toEqual([
      'propose',
      'assess',
      'approve',
      'incorporate',
    ]);
    const b = await budget(w);
    expect([b.approved.version, b.amount('C1'), b.amount('X1'), b.total]).toEqual([
      2, 604_000_000, 26_000_000, 930_000_000,
    ]);
    expect(b.versions.map((x: { status: string }) => x.status)).toEqual(['approved', 'superseded']);
    const told = await t.database.db
      .selectFrom('notification')
      .select('message')
      .where('user_id', '=', w.funder.id)
      .where('related_id', '=', v.id)
      .execute();
    expect(
      told.map((n) => n.message).some((m) => m.includes('Variation 1 is incorporated in budget version 2')),
    ).toBe(true);
  });

  it('above the threshold ($100,000 by default) it waits for the lender, whose consent incorporates it', async () => {
    const v = await approved(w, { budget_line_id: w.lines.C1, cost_cents: 15_000_000 });
    expect(v).toMatchObject({
      status: 'developer_approved',
      consent_required: true,
      consent_reasons: [
        {
          code: 'above_threshold',
          message: "The cost of $150,000 is above the facility's consent threshold of $100,000",
        },
      ],
      budget_version: null,
    });
    const byDeveloper = await event(w.developer, v.id, { type: 'lender_approve' });
    expect(byDeveloper.statusCode).toBe(403);
    expect(byDeveloper.json().error).toBe("Only the facility's funder can consent to a variation");
    const done = await call(t, w.funder, {
      method: 'POST',
      url: `/api/variations/${v.id}/events`,
      payload: { type: 'lender_approve', note: 'Within the QS report' },
    });
    expect(done).toMatchObject({
      status: 'incorporated',
      budget_version: 3,
      contingency_used_cents: 15_000_000,
    });
    expect(done.events.map((e: { to_status: string }) => e.to_status)).toEqual([
      'proposed',
      'assessed',
      'developer_approved',
      'lender_approved',
      'incorporated',
    ]);
    expect((await budget(w)).amount('X1')).toBe(11_000_000);
  });

  it('using up the contingency needs the lender (threshold set out of the way); the lender rejects it for good', async () => {
    expect(await settings(w, { variation_consent_threshold_cents: 50_000_000 })).toEqual({
      variation_consent_threshold_cents: 50_000_000,
      defects_liability_months: 12,
    });
    const tooMuch = await propose(w, {
      budget_line_id: w.lines.C1,
      cost_cents: 12_000_000,
      description: 'x',
      days: 0,
      funding: 'contingency',
    });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().error).toBe(
      'Contingency has only $110,000 left; it cannot fund $120,000. Choose equity or a limit increase',
    );
    const v = await approved(w, { budget_line_id: w.lines.C1, cost_cents: 11_000_000 });
    expect(v.consent_reasons).toEqual([
      { code: 'contingency_exhausted', message: 'It would use up the contingency' },
    ]);
    const noReason = await event(w.funder, v.id, { type: 'lender_reject' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().error).toBe('reason is required');
    const rejected = await call(t, w.funder, {
      method: 'POST',
      url: `/api/variations/${v.id}/events`,
      payload: { type: 'lender_reject', reason: 'Keep contingency for the services' },
    });
    expect(rejected).toMatchObject({
      status: 'lender_rejected',
      decision_reason: 'Keep contingency for the services',
    });
    const late = await event(w.developer, v.id, { type: 'withdraw' });
    expect(late.statusCode).toBe(409);
    expect(late.json().error).toBe('This variation is rejected by the lender and can no longer change');
    expect((await budget(w)).amount('X1')).toBe(11_000_000);
  });

  it('a variation that would put the loan out of balance needs the lender; the developer may still withdraw it', async () => {
    await settings(w, { variation_consent_threshold_cents: 1_000_000_000 });
    const v = await approved(w, { budget_line_id: w.lines.C1, cost_cents: 250_000_000, funding: 'equity' });
    expect(v.status).toBe('developer_approved');
    expect(v.consent_reasons).toHaveLength(1);
    expect(v.consent_reasons[0].code).toBe('out_of_balance');
    expect(v.consent_reasons[0].message).toMatch(/^The loan would be out of balance by \$[\d,]+(\.\d\d)?$/);
    const withdrawn = await call(t, w.developer, {
      method: 'POST',
      url: `/api/variations/${v.id}/events`,
      payload: { type: 'withdraw', reason: 'Value-engineered instead' },
    });
    expect(withdrawn).toMatchObject({ status: 'withdrawn', decision_reason: 'Value-engineered instead' });
    const ib = await call(t, w.funder, { method: 'GET', url: `/api/facilities/${w.facilityId}/in-balance` });
    expect(ib.shortfall_cents).toBe(0);
  });

  it('an equity-funded variation within balance is incorporated and calls the equity; the total budget rises', async () => {
    const before = await budget(w);
    const v = await approved(w, { budget_line_id: w.lines.L1, cost_cents: 2_000_000, funding: 'equity' });
    expect(v).toMatchObject({
      status: 'incorporated',
      equity_called_cents: 2_000_000,
      contingency_used_cents: 0,
    });
    const after = await budget(w);
    expect(after.total).toBe(before.total + 2_000_000);
    expect(after.amount('L1')).toBe(before.amount('L1') + 2_000_000);
  });

  it('a limit increase always needs the lender; consenting raises the limit and posts the undrawn/commitment journal', async () => {
    const facility = await call(t, w.funder, { method: 'GET', url: `/api/facilities/${w.facilityId}` });
    const v = await approved(w, {
      budget_line_id: w.lines.C1,
      cost_cents: 20_000_000,
      funding: 'limit_increase',
    });
    expect(v.consent_reasons.map((r: { code: string }) => r.code)).toEqual(['limit_increase']);
    // Two consents at once (two tabs, two instances): the facility's lock lets one through; the
    // other finds it incorporated. The limit is raised once.
    const both = await Promise.all([
      event(w.funder, v.id, { type: 'lender_approve' }),
      event(w.funder, v.id, { type: 'lender_approve' }),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const done = both.find((r) => r.statusCode === 200)!.json();
    expect(both.find((r) => r.statusCode === 409)!.json().error).toBe(
      'This variation is incorporated and can no longer change',
    );
    expect(done).toMatchObject({ status: 'incorporated', limit_increase_cents: 20_000_000 });
    const after = await call(t, w.funder, { method: 'GET', url: `/api/facilities/${w.facilityId}` });
    expect(after.limit_cents).toBe(facility.limit_cents + 20_000_000);
    expect(after.undrawn_cents).toBe(facility.undrawn_cents + 20_000_000);
    const ledger = await call(t, w.funder, { method: 'GET', url: `/api/facilities/${w.facilityId}/ledger` });
    const raised = ledger.items.find(
      (j: { memo: string }) => j.memo === `Limit raised by $200,000 for variation ${v.number}`,
    );
    expect(raised.kind).toBe('limit_increased');
    expect(raised.postings).toEqual([
      { account: 'undrawn', amount_cents: 20_000_000 },
      { account: 'commitment', amount_cents: -20_000_000 },
    ]);
  });

  it("days move the forecast completion and with it the in-balance test's finance end date", async () => {
    const before = await call(t, w.funder, {
      method: 'GET',
      url: `/api/facilities/${w.facilityId}/in-balance`,
    });
    expect(before.finance_end_date).toBe('2027-06-30');
    const v = await approved(w, {
      budget_line_id: w.lines.C1,
      cost_cents: 0,
      days: 120,
      description: 'Wet season',
    });
    expect(v).toMatchObject({ status: 'incorporated', days: 120 });
    const after = await call(t, w.funder, {
      method: 'GET',
      url: `/api/facilities/${w.facilityId}/in-balance`,
    });
    // 31 March 2027 + 120 days is later than maturity (30 June 2027): more interest to forecast.
    expect(after.finance_end_date).toBe('2027-07-29');
    const finance = (r: { lines: { key: string; required_cents: number }[] }) =>
      r.lines.find((l) => l.key === 'finance')!.required_cents;
    // The forecast is worked out again to the new date (the remaining draws spread to the later
    // completion, interest running a month past maturity): a different figure.
    expect(finance(after)).not.toBe(finance(before));
    expect(after.lines.find((l: { key: string }) => l.key === 'finance').basis).toBe('forecast');
  });

  it('lists newest first, paginated; reads one with its history', async () => {
    const first = await call(t, w.surveyor, {
      method: 'GET',
      url: `/api/facilities/${w.facilityId}/variations?limit=2`,
    });
    expect(first.items.map((v: { number: number }) => v.number)).toEqual([7, 6]);
    expect(first.next_cursor).toBe('6');
    const next = await call(t, w.surveyor, {
      method: 'GET',
      url: `/api/facilities/${w.facilityId}/variations?limit=50&cursor=${first.next_cursor}`,
    });
    expect(next.items.map((v: { number: number }) => v.number)).toEqual([5, 4, 3, 2, 1]);
    expect(next.next_cursor).toBeNull();
    const bad = await as(t.app, w.surveyor, {
      method: 'GET',
      url: `/api/facilities/${w.facilityId}/variations?cursor=abc`,
    });
    expect(bad.statusCode).toBe(400);
    const one = await call(t, strangers.admin, {
      method: 'GET',
      url: `/api/variations/${first.items[0].id}`,
    });
    expect(one.events.length).toBeGreaterThan(0);
  });
});

describe('variations: refusals', () => {
  let w2: FacilityWorld;
  let ids: { variationId: string; reallocationId: string };
  beforeAll(async () => {
    w2 = await createFacilityWorld(t);
    ids = await createVariationWorld(t, w2);
  });

  it('anonymous callers are told to sign in (401) on every route', async () => {
    for (const [method, url] of [
      ['GET', `/api/facilities/${w2.facilityId}/variations`],
      ['POST', `/api/facilities/${w2.facilityId}/variations`],
      ['GET', `/api/variations/${ids.variationId}`],
      ['POST', `/api/variations/${ids.variationId}/events`],
    ] as const)
      expect(
        (await as(t.app, null, { method, url, payload: method === 'POST' ? { type: 'assess' } : undefined }))
          .statusCode,
        url,
      ).toBe(401);
  });

  it("roles: a funder or a surveyor cannot propose (403); an admin reads but never moves one (403); each event is its party's", async () => {
    const body = variationBodies(w2).variation;
    for (const user of [w2.funder, w2.surveyor]) {
      const res = await propose(w2, body, user);
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toBe('Your role does not allow this');
    }
    expect((await event(strangers.admin, ids.variationId, { type: 'assess' })).statusCode).toBe(403);
    const byDeveloper = await event(w2.developer, ids.variationId, { type: 'assess' });
    expect(byDeveloper.statusCode).toBe(403);
    expect(byDeveloper.json().error).toBe("Only the facility's quantity surveyor can assess a variation");
    const byFunder = await event(w2.funder, ids.variationId, { type: 'withdraw' });
    expect(byFunder.statusCode).toBe(403);
    expect(byFunder.json().error).toBe("Only the facility's developer can withdraw a variation");
    const bySurveyor = await event(w2.surveyor, ids.variationId, { type: 'approve' });
    expect(bySurveyor.statusCode).toBe(403);
    expect(bySurveyor.json().error).toBe("Only the facility's developer can approve a variation");
  });

  it('strangers are told it does not exist (404): another developer, another funder', async () => {
    const res = await propose(w2, variationBodies(w2).variation, strangers.developer);
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe('Facility not found');
    for (const [user, url] of [
      [strangers.developer, `/api/variations/${ids.variationId}`],
      [strangers.funder, `/api/facilities/${w2.facilityId}/variations`],
    ] as const)
      expect((await as(t.app, user, { method: 'GET', url })).statusCode).toBe(404);
    const moved = await event(strangers.funder, ids.variationId, { type: 'lender_approve' });
    expect(moved.statusCode).toBe(404);
    expect(moved.json().error).toBe('Variation not found');
    const unknown = await as(t.app, w2.developer, { method: 'GET', url: '/api/variations/not-a-uuid' });
    expect(unknown.statusCode).toBe(400);
  });

  it("the wrong state is a 409 with the machine's words", async () => {
    const early = await event(w2.developer, ids.variationId, { type: 'approve' });
    expect(early.statusCode).toBe(409);
    expect(early.json().error).toBe(
      'Only a variation the quantity surveyor has assessed can be approved by the developer; this variation is proposed',
    );
    const lender = await event(w2.funder, ids.variationId, { type: 'lender_approve' });
    expect(lender.statusCode).toBe(409);
    expect(lender.json().error).toBe(
      "Only a variation awaiting the lender's consent can be approved by the lender; this variation is proposed",
    );
  });

  it('bad bodies are 400 with clear messages', async () => {
    const base = variationBodies(w2).variation;
    const cases: [Record<string, unknown>, string][] = [
      [{ ...base, funding: 'bank' }, 'funding must be one of contingency, equity, limit_increase'],
      [{ ...base, cost_cents: -1 }, 'cost_cents cannot be negative'],
      [{ ...base, cost_cents: 1.5 }, 'cost_cents must be a whole number of cents'],
      [
        { ...base, cost_cents: 0, days: 0 },
        'A variation changes the cost, the days or both: cost_cents or days must be above 0',
      ],
      [{ ...base, description: ' ' }, 'description is required'],
      [{ ...base, extra: 1 }, 'Unrecognized key: "extra"'],
      [
        { ...base, budget_line_id: w2.lines.X1 },
        'A variation changes a cost line, not contingency (contingency may fund it)',
      ],
      [
        { ...base, budget_line_id: '00000000-0000-4000-8000-000000000000' },
        "This budget line is not in the facility's approved budget",
      ],
    ];
    for (const [body, message] of cases) {
      const res = await propose(w2, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error, JSON.stringify(body)).toBe(message);
    }
    const badType = await event(w2.surveyor, ids.variationId, { type: 'fund' });
    expect(badType.statusCode).toBe(400);
    expect(badType.json().error).toBe(
      'type must be one of assess, approve, lender_approve, lender_reject, withdraw',
    );
    const badSettings = await as(t.app, w2.funder, {
      method: 'PATCH',
      url: `/api/facilities/${w2.facilityId}/variation-settings`,
      payload: { defects_liability_months: 121 },
    });
    expect(badSettings.statusCode).toBe(400);
    expect(badSettings.json().error).toBe('defects_liability_months is at most 120');
  });

  it('a retried proposal with the same Idempotency-Key is answered once', async () => {
    const send = () =>
      as(t.app, w2.developer, {
        method: 'POST',
        url: `/api/facilities/${w2.facilityId}/variations`,
        headers: { 'idempotency-key': `variation-${w2.facilityId}` },
        payload: { ...variationBodies(w2).variation, description: 'Retried' },
      });
    const [first, second] = [await send(), await send()];
    expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.json().id).toBe(first.json().id);
    const rows = await t.database.db
      .selectFrom('notification')
      .select('id')
      .where('related_id', '=', first.json().id)
      .execute();
    // Told once to the funder and the surveyor, not twice.
    expect(rows).toHaveLength(2);
  });

  it('while a budget draft awaits the funder, approval that would change the approved budget is refused (409)', async () => {
    // A retried event with the same Idempotency-Key moves once (the second is the first's answer).
    const assess = () =>
      as(t.app, w2.surveyor, {
        method: 'POST',
        url: `/api/variations/${ids.variationId}/events`,
        headers: { 'idempotency-key': `assess-${ids.variationId}` },
        payload: { type: 'assess' },
      });
    const [first, second] = [await assess(), await assess()];
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.json().events).toHaveLength(2);
    const b = await call(t, w2.developer, { method: 'GET', url: `/api/facilities/${w2.facilityId}/budget` });
    await call(t, w2.developer, {
      method: 'PUT',
      url: `/api/facilities/${w2.facilityId}/budget`,
      payload: {
        lines: b.approved.lines.map((l: Record<string, unknown>) => ({
          code: l.code,
          name: l.name,
          category: l.category,
          amount_cents: l.amount_cents,
          funded_by: l.funded_by,
        })),
      },
    });
    const res = await event(w2.developer, ids.variationId, { type: 'approve' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(
      "Version 2 of the budget is a draft awaiting the funder's approval; it must be approved before the approved budget can change, or the change would be lost",
    );
    // Nothing moved: the variation is still assessed.
    expect(
      (await call(t, w2.developer, { method: 'GET', url: `/api/variations/${ids.variationId}` })).status,
    ).toBe('assessed');
  });
});
