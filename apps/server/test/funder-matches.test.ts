import type { CriterionKey } from '@plinth/domain/funder-criteria';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { as, buildTestApp, createProject, createUser, type TestApp, type TestUser } from './helpers';
import { createFunder, type FunderStanding, listedProject } from './support/marketplace';

// Issue 22 item 4 (decision 041): GET /api/projects/{id}/funder-matches — how many active funders'
// saved criteria a project meets, 'fewer than 3' under 3, and the near misses of 3 or more.
//
// The listing (helpers' validProjectBody): Residential, NSW, Pre-Construction, loan $4m, total cost
// $6m, profit $1.8m, land $2.5m: loan / GRV 4 / 7.8 = 51.3 %, LVR 160 %, margin on cost 30 %.

let t: TestApp;
let owner: TestUser;
let draftId: string;
/** Active funders, reused: each test saves the criteria it needs (the rest have none). */
const pool: TestUser[] = [];

beforeAll(async () => {
  t = await buildTestApp();
  owner = await createUser(t.app, { role: 'borrower', profile: 'default', name: 'Dana Developer' });
  draftId = (await createProject(t.app, owner)).id;
  for (let i = 0; i < 8; i++) pool.push(await createFunder(t, 'active', { name: `Funder ${i}` }));
});
afterAll(() => t.close());
// Criteria saved by an earlier test are not this one's.
beforeEach(async () => {
  await t.database.db.deleteFrom('funder_criteria').execute();
});

const matches = (user: TestUser | null, projectId = draftId) =>
  as(t.app, user, { method: 'GET', url: `/api/projects/${projectId}/funder-matches` });

async function save(funders: TestUser[], criteria: Record<string, unknown>) {
  for (const funder of funders) {
    const res = await as(t.app, funder, { method: 'PUT', url: '/api/funder-criteria', payload: criteria });
    expect(res.statusCode, res.body).toBe(200);
  }
}

/** The counts before publication (after_publication is asserted null and left out). */
async function answer(projectId = draftId) {
  const res = await matches(owner, projectId);
  expect(res.statusCode, res.body).toBe(200);
  const { after_publication, ...counts } = res.json() as {
    matching_funders: number | 'fewer than 3';
    near_misses: { criterion: CriterionKey; funders: number; text: string }[];
    after_publication: unknown;
  };
  if (projectId === draftId) expect(after_publication).toBeNull();
  return counts;
}

/**
 * Criteria the listing meets on every point. The confidential limits are matched in steps
 * (decision 060): LVR 160 % and margin 30 % sit on a step's edge, and a 50.01 % maximum loan / GRV
 * is applied as 55 %. Each fails one step further: 155 %, 32.5 %, 50 %.
 */
const meets = {
  property_types: ['Residential', 'Mixed Use'],
  states: ['NSW', 'VIC'],
  development_stages: ['Pre-Construction'],
  min_loan: 1_000_000,
  max_loan: 4_000_000,
  max_loan_to_grv: 50.01,
  max_lvr: 160,
  min_margin_on_cost: 30,
};

describe('matching each criterion', () => {
  const failing: [CriterionKey, Record<string, unknown>, string][] = [
    ['property_types', { property_types: ['Commercial'] }, '3 more lend in NSW but not on Residential'],
    ['states', { states: ['VIC', 'QLD'] }, '3 more lend on Residential but not in NSW'],
    [
      'development_stages',
      { development_stages: ['Construction'] },
      '3 more lend on Residential in NSW but not at the Pre-Construction stage',
    ],
    [
      'loan_range',
      { max_loan: 3_500_000 },
      '3 more lend on Residential in NSW but only for loans smaller than your $4m',
    ],
    [
      'max_loan_to_grv',
      { max_loan_to_grv: 50 },
      '3 more lend on Residential in NSW but this project is outside their maximum loan / GRV',
    ],
    [
      'max_lvr',
      { max_lvr: 155 },
      '3 more lend on Residential in NSW but this project is outside their maximum LVR',
    ],
    [
      'min_margin_on_cost',
      { min_margin_on_cost: 32.5 },
      '3 more lend on Residential in NSW but this project is outside their minimum margin on cost',
    ],
  ];

  it.each(failing)(
    '%s: met at its edge counts, failed alone is a near miss',
    async (criterion, fail, text) => {
      await save(pool.slice(0, 3), meets);
      await save(pool.slice(3, 6), { ...meets, ...fail });
      expect(await answer()).toEqual({
        matching_funders: 3,
        near_misses: [{ criterion, funders: 3, text }],
      });
    },
  );

  it('any criterion left out is any: empty criteria match every listing', async () => {
    await save(pool.slice(0, 4), {});
    expect(await answer()).toEqual({ matching_funders: 4, near_misses: [] });
  });

  it('a loan below the minimum is told the other way; a mixed group without a side', async () => {
    await save(pool.slice(0, 3), { min_loan: 5_000_000 });
    expect((await answer()).near_misses).toEqual([
      {
        criterion: 'loan_range',
        funders: 3,
        text: '3 more lend on Residential in NSW but only for loans larger than your $4m',
      },
    ]);
    await save(pool.slice(2, 3), { max_loan: 2_000_000 });
    expect((await answer()).near_misses[0]?.text).toBe(
      '3 more lend on Residential in NSW but not for a loan of $4m',
    );
  });

  it('a confidential limit whose figure the draft lacks says which figure to add', async () => {
    const draft = await createProject(t.app, owner, { land_value: null });
    await save(pool.slice(0, 3), { max_lvr: 300 });
    expect((await answer(draft.id)).near_misses).toEqual([
      {
        criterion: 'max_lvr',
        funders: 3,
        text: '3 more lend on Residential in NSW but need the land value to check their maximum LVR',
      },
    ]);
  });

  it('a published listing is matched as its draft was, and admins read it', async () => {
    const listing = await listedProject(t, owner, { state: 'VIC', postcode: '3000', suburb: 'Melbourne' });
    await save(pool.slice(0, 3), { states: ['VIC'] });
    expect(await answer(listing.id)).toEqual({ matching_funders: 3, near_misses: [] });
    const admin = await createUser(t.app, { role: 'admin' });
    const res = await matches(admin, listing.id);
    expect(res.statusCode).toBe(200);
    expect(res.json().matching_funders).toBe(3);
    // The draft in NSW: those three fail on the state alone.
    expect((await answer()).near_misses.map((m) => m.criterion)).toEqual(['states']);
  });
});

describe('the fewer-than-3 rule', () => {
  it.each([
    [0, 'fewer than 3'],
    [2, 'fewer than 3'],
    [3, 3],
    [5, 5],
  ] as const)('%i matching funders show as %s', async (count, shown) => {
    await save(pool.slice(0, count), meets);
    // The rest fail on two points: neither a match nor a near miss.
    await save(pool.slice(count), { states: ['WA'], property_types: ['Retail'] });
    expect(await answer()).toEqual({ matching_funders: shown, near_misses: [] });
  });
});

describe('only active funders with saved criteria count', () => {
  const notCounted: FunderStanding[] = [
    'pending_approval',
    'unsubscribed',
    'payment_pending',
    'inactive',
    'cancelled_expired',
  ];
  let others: TestUser[];
  let cancelledInPeriod: TestUser;
  beforeAll(async () => {
    others = [];
    for (const standing of notCounted) others.push(await createFunder(t, standing));
    cancelledInPeriod = await createFunder(t, 'cancelled_in_period');
  });

  it('counts the approved and subscribed (a cancelled one until its period ends), no one else', async () => {
    await save(pool.slice(0, 2), meets);
    expect((await answer()).matching_funders).toBe('fewer than 3');
    // Unapproved, unsubscribed, pending, lapsed and expired funders' criteria never count.
    await save(others, meets);
    expect((await answer()).matching_funders).toBe('fewer than 3');
    await save([cancelledInPeriod], meets);
    expect((await answer()).matching_funders).toBe(3);
    // Nor do their near misses.
    await save(others, { ...meets, states: ['WA'] });
    expect((await answer()).near_misses).toEqual([]);
  });

  it('a funder who never saved criteria is not counted (the onboarding prefill is not theirs yet)', async () => {
    // Every pool funder's onboarding profile (Residential, $1m–$10m) would match the listing.
    const prefill = await as(t.app, pool[0]!, { method: 'GET', url: '/api/funder-criteria' });
    expect(prefill.json()).toMatchObject({ is_saved: false, property_types: ['Residential'] });
    expect(await answer()).toEqual({ matching_funders: 'fewer than 3', near_misses: [] });
  });

  it('an erased funder is not counted', async () => {
    await save(pool.slice(0, 3), meets);
    expect((await answer()).matching_funders).toBe(3);
    await t.database.db
      .updateTable('user')
      .set({ deleted_at: new Date() })
      .where('id', '=', pool[2]!.id)
      .execute();
    expect((await answer()).matching_funders).toBe('fewer than 3');
    await t.database.db.updateTable('user').set({ deleted_at: null }).where('id', '=', pool[2]!.id).execute();
  });
});

describe('near misses', () => {
  it('grouped by the one failing criterion, the largest first; under 3 or failing twice left out', async () => {
    await save(pool.slice(0, 4), { ...meets, development_stages: ['Planning'] });
    await save(pool.slice(4, 7), { ...meets, max_lvr: 100 });
    // Two fail on the state alone: fewer than 3, not shown. One fails on two points.
    await save([pool[7]!], { ...meets, states: ['QLD'] });
    const extra = [await createFunder(t, 'active'), await createFunder(t, 'active')];
    await save([extra[0]!], { ...meets, states: ['QLD'] });
    await save([extra[1]!], { ...meets, states: ['QLD'], max_lvr: 100 });
    expect(await answer()).toEqual({
      matching_funders: 'fewer than 3',
      near_misses: [
        {
          criterion: 'development_stages',
          funders: 4,
          text: '4 more lend on Residential in NSW but not at the Pre-Construction stage',
        },
        {
          criterion: 'max_lvr',
          funders: 3,
          text: '3 more lend on Residential in NSW but this project is outside their maximum LVR',
        },
      ],
    });
  });

  it('no figure of a funder appears in a sentence', async () => {
    await save(pool.slice(0, 3), { ...meets, max_loan: 3_250_000, max_lvr: 120 });
    await save(pool.slice(3, 6), { ...meets, min_margin_on_cost: 42.5 });
    await save(pool.slice(6, 8), { ...meets, max_loan: 2_750_000 });
    const { near_misses } = await answer();
    // Two fail on the loan alone (under 3, left out); the others fail on two points or on margin.
    expect(near_misses.map((m) => m.criterion)).toEqual(['min_margin_on_cost']);
    for (const { text } of near_misses) expect(text).not.toMatch(/3\.25|2\.75|120|42\.5|%/);
  });
});

describe('who may ask', () => {
  it('the owner of a draft, before paying', async () => {
    expect((await matches(owner)).statusCode).toBe(200);
  });

  it('anonymous 401', async () => {
    expect((await matches(null)).statusCode).toBe(401);
  });

  it.each(['active', 'pending_approval'] as const)(
    'a funder (%s) 403, even with criteria',
    async (standing) => {
      const funder = await createFunder(t, standing);
      await save([funder], meets);
      const res = await matches(funder);
      expect(res.statusCode).toBe(403);
      expect(res.body).not.toContain('matching_funders');
    },
  );

  it('another developer 404, as for the project itself', async () => {
    const other = await createUser(t.app, { role: 'borrower', profile: 'default' });
    const res = await matches(other);
    expect(res.statusCode).toBe(404);
    expect((await as(t.app, other, { method: 'GET', url: `/api/projects/${draftId}` })).statusCode).toBe(404);
  });

  it('an unknown project 404, a malformed id 400', async () => {
    expect((await matches(owner, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await matches(owner, 'not-an-id')).statusCode).toBe(400);
  });
});
