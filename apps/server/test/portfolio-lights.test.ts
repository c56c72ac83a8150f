import { addDays } from '@plinth/domain/facility/dates';
import { sydneyDate } from '@plinth/domain/proposals';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, buildTestApp, createUser, type TestApp } from './helpers';
import { createStrangers } from './support/deals';
import { call, createFacilityWorld, type FacilityWorld } from './support/facilities';

// Issue 34 item 9 through the API (decision 067): GET /api/portfolio/lights — for a funder, every
// facility they hold with its covenant light (green, amber, red) and the sunset dates and deposit
// bond expiries of the next 90 days; nothing of anyone else's; other roles refused.

let t: TestApp;
let green: FacilityWorld;
let red: FacilityWorld;
let amber: FacilityWorld;
let strangers: Awaited<ReturnType<typeof createStrangers>>;
const today = sydneyDate();

const lights = (user: Parameters<typeof as>[1]) =>
  as(t.app, user, { method: 'GET', url: '/api/portfolio/lights' });
const setCovenants = (w: FacilityWorld, covenants: object[]) =>
  call(t, w.funder, {
    method: 'PUT',
    url: `/api/facilities/${w.facilityId}/covenants`,
    payload: { covenants },
  });

beforeAll(async () => {
  t = await buildTestApp();
  strangers = await createStrangers(t);
  green = await createFacilityWorld(t);
  // The same funder holds three facilities.
  red = await createFacilityWorld(t, { funder: green.funder });
  amber = await createFacilityWorld(t, { funder: green.funder });
  await setCovenants(green, [{ kind: 'in_balance', threshold: 0, cure_days: 10 }]);
  // $12,000,000 on a $9,300,000 budget is 129.03 % loan to cost: no cure days, default at once.
  await setCovenants(red, [{ kind: 'loan_to_cost', threshold: 8_000, cure_days: 0 }]);
  // With 30 cure days: a breach being cured.
  await setCovenants(amber, [{ kind: 'loan_to_cost', threshold: 8_000, cure_days: 30 }]);
  const presale = (lot: string, extra: object) =>
    call(
      t,
      green.developer,
      {
        method: 'POST',
        url: `/api/facilities/${green.facilityId}/presales`,
        payload: {
          lot,
          purchaser_name: `Purchaser ${lot}`,
          price_ex_gst_cents: 90_000_000,
          deposit_cents: 9_000_000,
          deposit_form: 'cash',
          related_party: false,
          exchanged_on: '2026-01-15',
          sunset_on: addDays(today, 400),
          ...extra,
        },
      },
      201,
    );
  await presale('1', { sunset_on: addDays(today, 30) });
  await presale('2', { deposit_form: 'bond', bond_expiry: addDays(today, 60) });
  // Beyond 90 days: not upcoming.
  await presale('3', { sunset_on: addDays(today, 200) });
});
afterAll(() => t.close());

describe('portfolio lights', () => {
  it('every facility the funder holds, worst first, with upcoming sunsets and bond expiries', async () => {
    const res = await lights(green.funder);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.horizon_days).toBe(90);
    expect(body.totals).toEqual({ green: 1, amber: 1, red: 1 });
    expect(body.items.map((i: { facility_id: string }) => i.facility_id)).toEqual([
      red.facilityId,
      amber.facilityId,
      green.facilityId,
    ]);
    expect(body.items[0]).toMatchObject({ light: 'red', status: 'in_default', breached: ['loan_to_cost'] });
    expect(body.items[0].summary).toContain('In default');
    expect(body.items[1]).toMatchObject({
      light: 'amber',
      status: 'active',
      summary: 'Breached: Loan to cost',
    });
    expect(body.items[2]).toMatchObject({ light: 'green', breached: [] });
    expect(body.items[2].summary).toContain('Closest to breach: In balance');
    expect(body.items[2].upcoming).toEqual([
      { date: addDays(today, 30), kind: 'sunset', lot: '1', days_away: 30 },
      { date: addDays(today, 60), kind: 'bond_expiry', lot: '2', days_away: 60 },
    ]);
  });

  it('another funder sees only their own (none here); other roles are refused; anonymous 401', async () => {
    const other = await lights(strangers.funder);
    expect(other.statusCode).toBe(200);
    expect(other.json()).toEqual({ items: [], horizon_days: 90, totals: { green: 0, amber: 0, red: 0 } });
    const unapproved = await createUser(t.app, { role: 'funder', name: 'Una Approved' });
    expect((await lights(unapproved)).json().items).toEqual([]);
    for (const user of [green.developer, green.surveyor, strangers.admin, strangers.developer]) {
      const res = await lights(user);
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toBe('Your role does not allow this');
    }
    expect((await lights(null)).statusCode).toBe(401);
  });
});
