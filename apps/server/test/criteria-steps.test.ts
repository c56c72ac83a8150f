import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listingAlertsJob } from '../src/modules/listing-alerts/listing-alerts.service';
import { as, buildTestApp, createUser, type TestApp, type TestUser } from './helpers';
import { approveListing, saveCriteria } from './support/listing-alerts';
import { createFunder } from './support/marketplace';

// The leak decision 060 closes: a funder without access to a listing saved limit after limit
// (17.3 %, 17.4 % …) and watched whether the listing was recommended or alerted, reading its margin
// on cost, LVR (so its land value) or loan / GRV (so its GRV) to any precision. Each confidential
// limit is now matched at a step (2.5 points for margin, 5 for LVR and loan / GRV), so every limit
// within one step gets the same answer. Without the steps each sweep below flips at the listing's
// own figure.
//
// The listing: loan $4m, total cost $6m, profit $1.1m, land $2.4m. Margin on cost 18.33 %, in the
// step [17.5 %, 20 %); LVR 166.67 %, in (165 %, 170 %]; loan / GRV 4 / 7.1 = 56.34 %, in (55 %, 60 %].

let t: TestApp;
let admin: TestUser;
let owner: TestUser;
let listingId: string;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await createUser(t.app, { role: 'admin', name: 'Alex Admin' });
  owner = await createUser(t.app, { role: 'borrower', profile: 'default', name: 'Dana Developer' });
  listingId = (
    await approveListing(t.app, { admin, owner }, { expected_profit: 1_100_000, land_value: 2_400_000 })
  ).id;
  await t.app.jobs.drain(listingAlertsJob);
});
afterAll(() => t.close());

/** Limits from `from` to `to` in `by` steps, to two decimals as they are stored. */
const sweep = (from: number, to: number, by: number) =>
  Array.from({ length: Math.round((to - from) / by) + 1 }, (_, i) => Number((from + i * by).toFixed(2)));

/** What the funder's dashboard says of the listing after saving `criteria`: its reason. */
async function reasonAfterSaving(funder: TestUser, criteria: Record<string, unknown>) {
  await saveCriteria(t.app, funder, criteria);
  const res = await as(t.app, funder, { method: 'GET', url: '/api/dashboard/funder' });
  expect(res.statusCode, res.body).toBe(200);
  const item = (res.json().recommended as { id: string; reason: string }[]).find((r) => r.id === listingId);
  expect(item, 'the only listing is always among the recommendations').toBeDefined();
  return item!.reason;
}

describe('saving limit after limit tells a funder nothing finer than the step', () => {
  it('min_margin_on_cost 17.5, 17.6 … 19.9: the listing (18.33 %) matches every time, as at 17.5 %', async () => {
    const funder = await createFunder(t, 'active');
    const limits = sweep(17.5, 19.9, 0.1);
    expect(limits).toHaveLength(25);
    for (const limit of limits) {
      const asMatched =
        limit === 17.5 ? '17.5%' : `17.5% (your ${limit}% minimum, matched in 2.5-point steps)`;
      expect(await reasonAfterSaving(funder, { min_margin_on_cost: limit }), `limit ${limit}`).toBe(
        `Matches your lending criteria: margin on cost at or above ${asMatched}`,
      );
    }
    // The next step is the first limit that changes the answer: the step is all a funder learns.
    expect(await reasonAfterSaving(funder, { min_margin_on_cost: 20 })).not.toMatch(/^Matches/);
    expect(await reasonAfterSaving(funder, { min_margin_on_cost: 17.49 })).toMatch(/^Matches/);
  });

  it('max_lvr 165.25, 165.5 … 170: the listing (166.67 %) matches every time, as at 170 %', async () => {
    const funder = await createFunder(t, 'active');
    const limits = sweep(165.25, 170, 0.25);
    expect(limits).toHaveLength(20);
    for (const limit of limits) {
      const asMatched = limit === 170 ? '170%' : `170% (your ${limit}% maximum, matched in 5-point steps)`;
      expect(await reasonAfterSaving(funder, { max_lvr: limit }), `limit ${limit}`).toBe(
        `Matches your lending criteria: LVR at or under ${asMatched}`,
      );
    }
    expect(await reasonAfterSaving(funder, { max_lvr: 165 })).not.toMatch(/^Matches/);
    expect(await reasonAfterSaving(funder, { max_lvr: 170.01 })).toMatch(/^Matches/);
  });

  it('max_loan_to_grv 55.5 … 60: the listing (56.34 %) matches every time, as at 60 %', async () => {
    const funder = await createFunder(t, 'active');
    for (const limit of sweep(55.5, 60, 0.5))
      expect(await reasonAfterSaving(funder, { max_loan_to_grv: limit }), `limit ${limit}`).toMatch(
        /^Matches your lending criteria: loan \/ GRV at or under 60%/,
      );
    expect(await reasonAfterSaving(funder, { max_loan_to_grv: 55 })).not.toMatch(/^Matches/);
  });

  it('alerts: funders whose limits straddle the listing’s figure within one step are all alerted, or none', async () => {
    // One funder per limit; the listing's own figure lies between the second and the third of each.
    const meets = [
      { min_margin_on_cost: 17.5 },
      { min_margin_on_cost: 18.33 },
      { min_margin_on_cost: 18.34 },
      { min_margin_on_cost: 19.99 },
      { max_lvr: 165.01 },
      { max_lvr: 166.66 },
      { max_lvr: 166.67 },
      { max_lvr: 170 },
    ];
    const misses = [{ min_margin_on_cost: 20 }, { max_lvr: 165 }];
    const funders: TestUser[] = [];
    for (const criteria of [...meets, ...misses]) {
      const funder = await createFunder(t, 'active');
      await saveCriteria(t.app, funder, criteria);
      funders.push(funder);
    }
    const published = await approveListing(
      t.app,
      { admin, owner },
      { expected_profit: 1_100_000, land_value: 2_400_000 },
    );
    await t.app.jobs.drain(listingAlertsJob);
    const rows = await t.database.db
      .selectFrom('listing_alert')
      .select('funder_id')
      .where('project_id', '=', published.id)
      .execute();
    const alerted = new Set(rows.map((r) => r.funder_id));
    expect(funders.map((f) => alerted.has(f.id))).toEqual([
      ...meets.map(() => true),
      ...misses.map(() => false),
    ]);
  });
});
