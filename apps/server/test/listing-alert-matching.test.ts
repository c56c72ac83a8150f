import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { listingAlertsJob, sendListingDigest } from '../src/modules/listing-alerts/listing-alerts.service';
import { as, buildTestApp, createProject, createUser, type TestApp, type TestUser } from './helpers';
import { emailsTo, projectIn } from './support/admin';
import { approveListing, saveCriteria } from './support/listing-alerts';
import { createFunder } from './support/marketplace';

// Issue 22 item 2 (decision 044): a listing alerts each funder whose saved criteria it meets, each
// criterion matched on the server's figures — the confidential ones (loan / GRV, LVR, margin) too,
// never told in the alert — and only funders with marketplace access and saved criteria. After
// publication the developer learns how many were alerted and how many opened the preview.
//
// The listing (helpers' validProjectBody): Residential, Sydney NSW, Pre-Construction, loan $4m,
// total cost $6m, profit $1.8m, land $2.5m: loan / GRV 4 / 7.8 = 51.28 %, LVR 160 %, margin 30 %.
// The confidential limits are matched in steps (decision 060): a maximum LVR or loan / GRV at the
// 5-point step at or above it, a minimum margin at the 2.5-point step at or below it. So the edges
// are a step's edge: LVR 160 % meets a 160 % maximum and a 155.01 % one (both applied as 160 %)
// and misses 155 %; margin 30 % meets 30 % and 32.49 % (applied as 30 %) and misses 32.5 %; with
// profit $2m (GRV $8m), loan / GRV 50 % meets 50 % and 45.01 % and misses 45 %.

let t: TestApp;
let admin: TestUser;
let owner: TestUser;
/** Active funders, reused: each test saves the criteria it needs (the rest have none). */
const pool: TestUser[] = [];

beforeAll(async () => {
  t = await buildTestApp();
  admin = await createUser(t.app, { role: 'admin', name: 'Alex Admin' });
  owner = await createUser(t.app, { role: 'borrower', profile: 'default', name: 'Dana Developer' });
  for (let i = 0; i < 4; i++) pool.push(await createFunder(t, 'active', { name: `Funder ${i}` }));
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.app.jobs.drain(listingAlertsJob);
  await t.database.db.deleteFrom('funder_criteria').execute();
  await t.database.db.deleteFrom('outbox').execute();
});

const db = () => t.database.db;

const save = (funder: TestUser, criteria: Record<string, unknown>, email?: 'daily' | 'off') =>
  saveCriteria(t.app, funder, criteria, email && { email, time_zone: 'Australia/Sydney' });

/** A pending listing the admin approves, and its fan-out job worked. */
async function publish(overrides: Record<string, unknown> = {}) {
  const p = await approveListing(t.app, { admin, owner }, overrides);
  await t.app.jobs.drain(listingAlertsJob);
  return p.id;
}

/** Who of `funders` the listing alerted (in-app notification), by index. */
async function alerted(funders: TestUser[], projectId: string) {
  const rows = await db()
    .selectFrom('notification')
    .select('user_id')
    .where('type', '=', 'listing_match')
    .where('related_id', '=', projectId)
    .execute();
  return funders.map((f) => rows.filter((r) => r.user_id === f.id).length);
}

const reasonsOf = async (funder: TestUser, projectId: string) => {
  const row = await db()
    .selectFrom('listing_alert')
    .select('reasons')
    .where('funder_id', '=', funder.id)
    .where('project_id', '=', projectId)
    .executeTakeFirstOrThrow();
  return (typeof row.reasons === 'string' ? JSON.parse(row.reasons) : row.reasons) as string[];
};

describe('each criterion, met at its edge and missed just outside it', () => {
  const cases: [
    string,
    Record<string, unknown>[],
    Record<string, unknown>[],
    string[],
    Record<string, unknown>?,
  ][] = [
    [
      'property_types',
      [{ property_types: ['Residential'] }],
      [{ property_types: ['Commercial', 'Industrial'] }],
      ['Residential, one of your property types'],
    ],
    ['states', [{ states: ['NSW'] }], [{ states: ['VIC', 'QLD'] }], ['in NSW, one of your states']],
    [
      'development_stages',
      [{ development_stages: ['Pre-Construction'] }],
      [{ development_stages: ['Construction', 'Planning'] }],
      ['Pre-Construction stage, one of your stages'],
    ],
    [
      'loan range',
      [{ min_loan: 4_000_000 }, { max_loan: 4_000_000 }],
      [{ min_loan: 4_000_001 }, { max_loan: 3_999_999 }],
      ['a loan of your $4m minimum or more'],
    ],
    [
      'max_loan_to_grv',
      [{ max_loan_to_grv: 50 }, { max_loan_to_grv: 45.01 }],
      [{ max_loan_to_grv: 45 }],
      ['loan / GRV at or under 50%'],
      { expected_profit: 2_000_000 },
    ],
    ['max_lvr', [{ max_lvr: 160 }, { max_lvr: 155.01 }], [{ max_lvr: 155 }], ['LVR at or under 160%']],
    [
      'min_margin_on_cost',
      [{ min_margin_on_cost: 30 }, { min_margin_on_cost: 32.49 }],
      [{ min_margin_on_cost: 32.5 }],
      ['margin on cost at or above 30%'],
    ],
  ];

  it.each(cases)('%s', async (_, meets, misses, reasons, listing) => {
    const funders = [...meets, ...misses].map((_, i) => pool[i]!);
    for (const [i, criteria] of [...meets, ...misses].entries()) await save(funders[i]!, criteria);
    const id = await publish(listing);
    expect(await alerted(funders, id)).toEqual([...meets.map(() => 1), ...misses.map(() => 0)]);
    expect(await reasonsOf(funders[0]!, id)).toEqual(reasons);
    // Nobody missed is told in any other way either.
    const missed = await db()
      .selectFrom('listing_alert')
      .select('funder_id')
      .where('project_id', '=', id)
      .where(
        'funder_id',
        'in',
        funders.slice(meets.length).map((f) => f.id),
      )
      .execute();
    expect(missed).toEqual([]);
  });

  it('all criteria at once, each at its edge or inside its step: alerted, with every reason in order', async () => {
    await save(pool[0]!, {
      property_types: ['Residential'],
      states: ['NSW'],
      development_stages: ['Pre-Construction'],
      min_loan: 4_000_000,
      max_loan: 4_000_000,
      max_loan_to_grv: 51.29,
      max_lvr: 160,
      min_margin_on_cost: 30,
    });
    const id = await publish();
    expect(await alerted([pool[0]!], id)).toEqual([1]);
    expect(await reasonsOf(pool[0]!, id)).toEqual([
      'Residential, one of your property types',
      'in NSW, one of your states',
      'Pre-Construction stage, one of your stages',
      'a loan within your $4m–$4m range',
      'loan / GRV at or under 55% (your 51.29% maximum, matched in 5-point steps)',
      'LVR at or under 160%',
      'margin on cost at or above 30%',
    ]);
  });

  it('a listing without the figure a confidential limit needs does not meet it', async () => {
    await save(pool[0]!, { max_lvr: 500 });
    await save(pool[1]!, { min_margin_on_cost: 0 });
    await save(pool[2]!, {});
    const id = await publish({ land_value: null, expected_profit: null });
    expect(await alerted(pool.slice(0, 3), id)).toEqual([0, 0, 1]);
  });
});

describe('an alert never tells a confidential figure', () => {
  it('neither the listing’s LVR, loan / GRV nor margin in app, e-mail or digest; the funder’s own limits only in theirs', async () => {
    // Land $2.35m: LVR 170.21 %; cost $6m, profit $1.73m: margin 28.83 %, loan / GRV 4 / 7.73 = 51.75 %.
    const limits = { max_lvr: 173.45, max_loan_to_grv: 57.65, min_margin_on_cost: 21.35 };
    await save(pool[0]!, limits);
    await save(pool[1]!, limits, 'daily');
    const id = await publish({ suburb: 'Ryde', land_value: 2_350_000, expected_profit: 1_730_000 });
    expect(await alerted(pool.slice(0, 2), id)).toEqual([1, 1]);
    expect(await sendListingDigest(t.app.deps, pool[1]!.id)).toBe(1);

    const [notification] = await db()
      .selectFrom('notification')
      .select('message')
      .where('user_id', '=', pool[0]!.id)
      .where('related_id', '=', id)
      .execute();
    const [instant] = await emailsTo(db(), pool[0]!.email);
    const [digest] = await emailsTo(db(), pool[1]!.email);
    expect(notification!.message).toBe('New listing matches your criteria: Residential, Ryde NSW, $4m');
    expect(instant!.subject).toBe('New listing matches your criteria: Residential, Ryde NSW, $4m');
    expect(digest!.subject).toBe('1 new listing matches your lending criteria');
    for (const mail of [instant!, digest!]) {
      // Why it matched: the limit as matched and the funder's own limit, never the listing's figure.
      for (const part of [mail.text, mail.html!]) {
        expect(part).toContain('LVR at or under 175% (your 173.45% maximum, matched in 5-point steps)');
        expect(part).toContain(
          'margin on cost at or above 20% (your 21.35% minimum, matched in 2.5-point steps)',
        );
        expect(part).toContain('loan / GRV at or under 60% (your 57.65% maximum, matched in 5-point steps)');
      }
    }
    const told = [
      notification!.message,
      instant!.subject,
      instant!.text,
      instant!.html!,
      digest!.subject,
      digest!.text,
      digest!.html!,
    ];
    const secrets = [
      // The listing's ratios, however rounded, and the figures behind them.
      '170.2',
      '170.21',
      '28.8',
      '28.83',
      '51.7',
      '51.75',
      '2,350,000',
      '2.35',
      '1,730,000',
      '1.73',
      '7,730,000',
      '7.73',
      // The listing's steps no more finely than the limit as matched says: LVR over 170 %, margin
      // 27.5 % or more, loan / GRV over 50 %.
      '170%',
      '27.5',
      '50%',
    ];
    // The funder's own limits are told to the funder alone, and only beside the limit as matched.
    expect(notification!.message).not.toMatch(/173|57\.6|21\.3/);
    for (const text of told) for (const secret of secrets) expect(text).not.toContain(secret);
  });
});

describe('who is alerted', () => {
  it('only approved funders with marketplace access and saved, current criteria', async () => {
    const others = [
      await createFunder(t, 'pending_approval'),
      await createFunder(t, 'unsubscribed'),
      await createFunder(t, 'inactive'),
      await createFunder(t, 'cancelled_expired'),
    ];
    // Empty criteria meet every listing.
    for (const funder of [pool[0]!, ...others]) await save(funder, {});
    // pool[1] never saved any: their onboarding profile (Residential, $1m–$10m) would match.
    const id = await publish();
    expect(await alerted([pool[0]!, pool[1]!, ...others], id)).toEqual([1, 0, 0, 0, 0, 0]);
    for (const funder of others) expect(await emailsTo(db(), funder.email)).toEqual([]);
  });
});

describe("funder-matches' after_publication: alerted, and opened the preview", () => {
  const afterPublication = async (projectId: string) => {
    const res = await as(t.app, owner, { method: 'GET', url: `/api/projects/${projectId}/funder-matches` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().after_publication;
  };
  const open = async (funder: TestUser, projectId: string) => {
    const res = await as(t.app, funder, { method: 'GET', url: `/api/projects/${projectId}` });
    expect(res.statusCode, res.body).toBe(200);
  };

  it('null before publication, as a draft and while awaiting approval', async () => {
    await save(pool[0]!, {});
    const draft = await createProject(t.app, owner);
    expect(await afterPublication(draft.id)).toBeNull();
    const pending = await projectIn(t.app, owner, 'pending');
    expect(await afterPublication(pending.id)).toBeNull();
  });

  it('0 stays 0 when nobody was alerted', async () => {
    await save(pool[0]!, { states: ['WA'] });
    const id = await publish();
    expect(await afterPublication(id)).toEqual({ alerted: 0, opened: 0 });
  });

  it("under 3 is 'fewer than 3'; opening marks the alert once; a funder not alerted does not count", async () => {
    await save(pool[0]!, {});
    await save(pool[1]!, {});
    await save(pool[2]!, { states: ['WA'] });
    const id = await publish();
    expect(await afterPublication(id)).toEqual({ alerted: 'fewer than 3', opened: 0 });
    await open(pool[0]!, id);
    const openedAt = async () =>
      (
        await db()
          .selectFrom('listing_alert')
          .select('opened_at')
          .where('funder_id', '=', pool[0]!.id)
          .where('project_id', '=', id)
          .executeTakeFirstOrThrow()
      ).opened_at;
    const first = await openedAt();
    expect(first).not.toBeNull();
    await open(pool[0]!, id);
    expect(await openedAt()).toEqual(first);
    // Pool 2 and 3 were not alerted: their visits are not 'opened after an alert'.
    await open(pool[2]!, id);
    await open(pool[3]!, id);
    expect(await afterPublication(id)).toEqual({ alerted: 'fewer than 3', opened: 'fewer than 3' });
    expect(
      await db().selectFrom('listing_alert').select('funder_id').where('project_id', '=', id).execute(),
    ).toHaveLength(2);
  });

  it('3 or more as they are', async () => {
    for (const funder of pool.slice(0, 3)) await save(funder, {});
    const id = await publish();
    expect(await afterPublication(id)).toEqual({ alerted: 3, opened: 0 });
    await open(pool[0]!, id);
    await open(pool[1]!, id);
    expect(await afterPublication(id)).toEqual({ alerted: 3, opened: 'fewer than 3' });
    await open(pool[2]!, id);
    await open(pool[3]!, id);
    expect(await afterPublication(id)).toEqual({ alerted: 3, opened: 3 });
  });
});
