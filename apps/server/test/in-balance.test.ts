import { outOfBalanceMessage } from '@plinth/domain/facility/in-balance';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, buildTestApp, type TestApp } from './helpers';
import { call, certifiedDraw, createFacilityWorld } from './support/facilities';

// Issue 33 item 4's worked example through the API: a $19,000,000 facility in balance after its
// draws; the quantity surveyor reports a two-month delay, which lifts the forecast finance; the
// shortfall is the rise less the slack there was, funding is refused with the shortfall in words
// until that much equity is received, and then goes through. The finance figure is the domain's
// forecast (interest at 10 % to the later of maturity and practical completion moved by the delay),
// so the example's round $810,000 / $1,060,000 are not reproduced literally: the test holds the
// relations instead, with a slack of at most $100,000 left by budget revisions.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

type Line = { key: string; required_cents: number };
const finance = (ib: { lines: Line[] }) => ib.lines.find((l) => l.key === 'finance')!.required_cents;

describe('the in-balance worked example', () => {
  it('a two-month delay puts the loan out of balance by the rise in finance less the slack; equity cures it', async () => {
    const budget = [
      {
        code: 'C1',
        name: 'Construction',
        category: 'construction',
        amount_cents: 1_400_000_000,
        funded_by: 'debt',
      },
      {
        code: 'X1',
        name: 'Contingency',
        category: 'contingency',
        amount_cents: 35_000_000,
        funded_by: 'debt',
      },
      {
        code: 'P1',
        name: 'Soft costs',
        category: 'professional_fees',
        amount_cents: 39_000_000,
        funded_by: 'debt',
      },
    ];
    const w = await createFacilityWorld(t, {
      terms: {
        limit_cents: 1_900_000_000,
        interest_rate_bps: 1000,
        maturity_date: '2027-06-30',
        latest_practical_completion_date: '2027-06-30',
      },
      budget,
    });
    const url = `/api/facilities/${w.facilityId}/in-balance`;
    // Draws to date: $8,000,000 of construction certified and funded (5 % retention held).
    const first = await certifiedDraw(t, w, [{ line: 'C1', claimed: 800_000_000 }]);
    await call(t, w.funder, { method: 'POST', url: `/api/draws/${first.id}/approve` });
    await call(t, w.funder, {
      method: 'POST',
      url: `/api/draws/${first.id}/fund`,
      payload: { funded_on: '2026-01-02' },
    });
    const before = await call(t, w.funder, { method: 'GET', url });
    expect(before.shortfall_cents).toBe(0);
    expect(before.undrawn_cents).toBe(1_900_000_000 - 760_000_000);
    // Retention held is required too: 5 % of $8,000,000.
    expect(before.lines.find((l: Line) => l.key === 'retention').required_cents).toBe(40_000_000);
    // Budget revisions take up all but about $50,000 of the slack in the contingency line (the
    // finance forecast moves with the costs still to draw, so it takes a few steps).
    let contingency = budget[1]!.amount_cents;
    let tight = before;
    for (let step = 0; step < 6; step++) {
      const slack = tight.available_cents - tight.required_cents;
      if (slack > 0 && slack <= 10_000_000) break;
      contingency += slack - 5_000_000;
      const revised = budget.map((l) => (l.code === 'X1' ? { ...l, amount_cents: contingency } : l));
      await call(t, w.developer, {
        method: 'PUT',
        url: `/api/facilities/${w.facilityId}/budget`,
        payload: { lines: revised },
      });
      await call(t, w.funder, { method: 'POST', url: `/api/facilities/${w.facilityId}/budget/approve` });
      tight = await call(t, w.funder, { method: 'GET', url });
    }
    const tightSlack = tight.available_cents - tight.required_cents;
    expect(tight.shortfall_cents).toBe(0);
    expect(tightSlack).toBeGreaterThan(0);
    expect(tightSlack).toBeLessThanOrEqual(10_000_000);

    // The next claim: the surveyor reports practical completion two months (61 days) late.
    const next = await certifiedDraw(t, w, [{ line: 'C1', claimed: 10_000_000 }], 61);
    const after = await call(t, w.funder, { method: 'GET', url });
    const rise = finance(after) - finance(tight);
    expect(rise).toBeGreaterThan(tightSlack);
    expect(after.finance_end_date).toBe('2027-08-30');
    expect(after.required_cents - tight.required_cents).toBe(rise);
    expect(after.shortfall_cents).toBe(rise - tightSlack);
    const refused = await as(t.app, w.funder, { method: 'POST', url: `/api/draws/${next.id}/approve` });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(outOfBalanceMessage(BigInt(after.shortfall_cents)));
    expect(after.message).toBe(refused.json().error);
    // The developer pays in exactly the shortfall: in balance again, and the draw is approved and funded.
    await call(
      t,
      w.developer,
      {
        method: 'POST',
        url: `/api/facilities/${w.facilityId}/equity`,
        payload: { amount_cents: after.shortfall_cents, received_on: '2026-01-03' },
      },
      201,
    );
    expect((await call(t, w.funder, { method: 'GET', url })).shortfall_cents).toBe(0);
    await call(t, w.funder, { method: 'POST', url: `/api/draws/${next.id}/approve` });
    const funded = await call(t, w.funder, {
      method: 'POST',
      url: `/api/draws/${next.id}/fund`,
      payload: { funded_on: '2026-01-03' },
    });
    expect(funded.status).toBe('funded');
  });
});
