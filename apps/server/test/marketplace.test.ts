import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setMarketplaceClock } from '../src/modules/projects/marketplace-return-snapshot';
import { as, buildTestApp, createUser, type TestApp, type TestUser } from './helpers';
import { samples, uploadDocuments } from './support/documents';
import { createFunder, listedProject, market, previewKeys, requestAccessOk } from './support/marketplace';
import { type Key, keysOf, type SeededMarket, seedMarket } from './support/marketplace-seed';

// GET /api/projects for funders over the hand-made market of support/marketplace-seed.ts (A to L):
// the gate, what a funder without access receives, filters, sorts, pagination and stats. The
// dashboard and the stats' summary table are in marketplace-dashboard.test.ts.

let t: TestApp;
let market_: SeededMarket;
let developer: TestUser;
let funder: TestUser;
let ids: Record<Key, string>;
let requestOnD: string;
let requestOnE: string;

beforeAll(async () => {
  t = await buildTestApp();
  market_ = await seedMarket(t);
  ({ developer, funder, ids, requestOnD, requestOnE } = market_);
  // The snapshot behind the average return is the day's (Sydney); this file's day is fixed.
  setMarketplaceClock(t.database.db, () => new Date('2026-12-03T01:00:00Z'));
});
afterAll(() => t.close());

const keys = (body: { items: { id: string }[] }) => keysOf(market_, body);
/**
 * The average return every query below shows that names no property type and state together: the
 * whole market's, from the day's snapshot (decision 032), taken at the first read, when all twelve
 * listings were on the market. Each at its band's middle: bands A 8, B 6, C 10, D 4, E 12, G 4, H 8,
 * I 12, J 2, K 8, L 8 (F states no profit): (82 / 11 + 0.5) × 2.5 = 19.9 → 20.
 */
const wholeMarket = {
  average_expected_return: 20,
  average_return_cell: { property_type: null, state: null },
  average_return_as_of: '2026-12-03',
};

/** Ids of a tie in the order the id tie-break gives them. */
const byId = (direction: 'asc' | 'desc', ...tied: Key[]) =>
  [...tied].sort((a, b) => (ids[a] < ids[b] ? -1 : 1) * (direction === 'asc' ? 1 : -1));

describe('GET /api/projects: the marketplace gate', () => {
  it('market: an unapproved funder gets 403 ACCOUNT_PENDING_APPROVAL, even with a subscription', async () => {
    const pending = await createFunder(t, 'pending_approval');
    const res = await market(t.app, pending);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'ACCOUNT_PENDING_APPROVAL', error: 'Account Pending Approval' });
  });

  for (const standing of ['unsubscribed', 'payment_pending', 'inactive', 'cancelled_expired'] as const) {
    it(`market: an approved funder whose subscription is ${standing} gets 403 SUBSCRIPTION_REQUIRED`, async () => {
      const res = await market(t.app, await createFunder(t, standing));
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'SUBSCRIPTION_REQUIRED', error: 'Subscription Required' });
    });
  }

  it('market: a funder who cancelled but is still inside the paid period is let in', async () => {
    const res = await market(t.app, await createFunder(t, 'cancelled_in_period'));
    expect(res.statusCode).toBe(200);
    // Nobody else's requests change this funder's market: all twelve listings.
    expect(res.json().total).toBe(12);
  });

  it('market: a developer gets their own projects (drafts included), not the market', async () => {
    const other = await createUser(t.app, { role: 'borrower', profile: 'default' });
    const mine = await listedProject(t, other, { title: 'My only draft' }, { state: 'draft' });
    const res = await market(t.app, other);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.items.map((p: { id: string }) => p.id)).toEqual([mine.id]);
    expect(body.counts).toEqual({ all: 1, published: 0, drafts: 1 });
    expect(body.items[0].title).toBe('My only draft');
  });

  it('market: a developer asking for a marketplace sort gets 400; a funder asking for a developer sort too', async () => {
    expect((await market(t.app, developer, { sort: 'return_potential' })).statusCode).toBe(400);
    expect((await market(t.app, funder, { sort: 'title' })).statusCode).toBe(400);
  });

  it('market: an admin gets 403 (admins list through /api/admin/projects), anonymous 401', async () => {
    const admin = await createUser(t.app, { role: 'admin' });
    expect((await market(t.app, admin)).statusCode).toBe(403);
    expect((await market(t.app, null)).statusCode).toBe(401);
  });

  it('project detail: the gate applies to a listing read by a funder without standing', async () => {
    const pending = await createFunder(t, 'pending_approval');
    const unsubscribed = await createFunder(t, 'unsubscribed');
    const url = `/api/projects/${ids.A}`;
    expect((await as(t.app, pending, { method: 'GET', url })).json().code).toBe('ACCOUNT_PENDING_APPROVAL');
    expect((await as(t.app, unsubscribed, { method: 'GET', url })).json().code).toBe('SUBSCRIPTION_REQUIRED');
    expect((await as(t.app, null, { method: 'GET', url })).statusCode).toBe(401);
  });
});

describe('GET /api/projects: what a funder without access receives', () => {
  it('market: each item carries exactly the preview fields and the funder\u2019s own access status', async () => {
    const res = await market(t.app, funder, { limit: 100 });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['items', 'limit', 'page', 'stats', 'total']);
    for (const item of body.items) expect(Object.keys(item).sort()).toEqual(previewKeys);
    const a = body.items.find((p: { id: string }) => p.id === ids.A);
    expect(a).toEqual({
      id: ids.A,
      suburb: 'Mosman',
      state: 'NSW',
      development_stage: 'Planning',
      loan_amount: 2_000_000,
      property_type: 'Residential',
      project_size_sqm: 1850,
      created_at: expect.any(String),
      access_status: null,
      access_request_id: null,
      deal_id: null,
    });
  });

  it('project detail: a listing the funder has not been granted is the preview, keys exactly', async () => {
    const res = await as(t.app, funder, { method: 'GET', url: `/api/projects/${ids.A}` });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual([...previewKeys, 'view'].sort());
    expect(body).toMatchObject({ view: 'preview', suburb: 'Mosman', access_status: null });
    for (const secret of [
      'title',
      'description',
      'location',
      'postcode',
      'total_project_cost',
      'expected_profit',
    ])
      expect(body).not.toHaveProperty(secret);
  });

  it('project detail: a pending and a declined request still get the preview, with their status', async () => {
    const onC = await as(t.app, funder, { method: 'GET', url: `/api/projects/${ids.C}` });
    expect(onC.json()).toMatchObject({ view: 'preview', access_status: 'pending' });
    const onD = await as(t.app, funder, { method: 'GET', url: `/api/projects/${ids.D}` });
    expect(onD.json()).toMatchObject({
      view: 'preview',
      access_status: 'declined',
      access_request_id: requestOnD,
    });
    expect(onD.json()).not.toHaveProperty('description');
  });

  it('project detail: a granted funder reads the whole file, with their access status', async () => {
    const res = await as(t.app, funder, { method: 'GET', url: `/api/projects/${ids.E}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      view: 'full',
      title: 'Glenelg Mixed-Use Tower',
      location: '1 Test Street, Glenelg',
      total_project_cost: 22_500_000,
      access_status: 'approved',
      stripe_payment_intent_id: null,
    });
  });

  it('project detail: a draft, a listing under review and a rejected one are 404 to a funder', async () => {
    const rows = await t.database.db
      .selectFrom('project')
      .select('id')
      .where('title', 'like', 'Harbour % listing')
      .execute();
    expect(rows).toHaveLength(3);
    for (const row of rows) {
      expect((await as(t.app, funder, { method: 'GET', url: `/api/projects/${row.id}` })).statusCode).toBe(
        404,
      );
    }
  });

  it('project detail: the owner and an admin read the whole file with view full and no access status', async () => {
    const admin = await createUser(t.app, { role: 'admin' });
    for (const user of [developer, admin]) {
      const res = await as(t.app, user, { method: 'GET', url: `/api/projects/${ids.A}` });
      expect(res.json()).toMatchObject({
        view: 'full',
        title: 'Harbour View Apartments',
        access_status: null,
        access_request_id: null,
      });
    }
  });

  it('documents: a funder without granted access gets 404 on the list, the download and the view', async () => {
    const project = await listedProject(t, developer, { title: 'Documents kept back' }, { state: 'draft' });
    const up = await uploadDocuments(t.app, developer, project.id, [
      { type: 'feasibility_study', name: 'feasibility.pdf', content: samples.pdf() },
    ]);
    expect(up.statusCode).toBe(200);
    const documentId = up.json().uploaded[0].id;
    await t.database.db
      .updateTable('project')
      .set({ payment_status: 'paid', visible: true, submission_status: 'submitted' })
      .where('id', '=', project.id)
      .execute();
    const urls = [
      `/api/projects/${project.id}/documents`,
      `/api/documents/${documentId}/download`,
      `/api/documents/${documentId}/view`,
    ];
    const other = await createFunder(t, 'active');
    await requestAccessOk(t.app, other, project.id);
    for (const url of urls) {
      expect((await as(t.app, funder, { method: 'GET', url })).statusCode).toBe(404);
      // A pending request opens nothing either.
      expect((await as(t.app, other, { method: 'GET', url })).statusCode).toBe(404);
    }
    await t.database.db.deleteFrom('project').where('id', '=', project.id).execute();
  });
});

describe('GET /api/projects: filters, sorts, pagination and stats (hand-checked)', () => {
  it('market: listings with no request of the funder, a declined one or a granted one (never the pending C), newest first', async () => {
    const body = (await market(t.app, funder)).json();
    expect(keys(body)).toEqual(['L', 'K', 'J', 'I', 'H', 'G', 'F', 'E', 'D', 'B', 'A']);
    expect(body).toMatchObject({ page: 1, limit: 20, total: 11 });
    const d = body.items.find((p: { id: string }) => p.id === ids.D);
    expect(d).toMatchObject({ access_status: 'declined', access_request_id: requestOnD, deal_id: null });
    // E: approved, no deal yet: the card offers Engage.
    const e = body.items.find((p: { id: string }) => p.id === ids.E);
    expect(e).toMatchObject({ access_status: 'approved', access_request_id: requestOnE, deal_id: null });
  });

  it('stats: over the whole filtered set: $60m sought, 11 listings, Residential trending; the whole market’s average', async () => {
    // Loans 2 + 8 + 3.5 + 15 + 5 + 0.9 + 12 + 4 + 0.6 + 2 + 7 = 60m; Residential A G I J L = 5
    // against Commercial B H K = 3. The average is the market's, C (pending for this funder) in it.
    const body = (await market(t.app, funder, { limit: 2 })).json();
    expect(body.items).toHaveLength(2);
    expect(body.stats).toEqual({
      total_capital_seeking: 60_000_000,
      active_opportunities: 11,
      trending_asset_class: 'Residential',
      ...wholeMarket,
    });
  });

  it('pagination: pages of 3 walk the same order; past the end is empty with the same total', async () => {
    const page = async (n: number) => (await market(t.app, funder, { limit: 3, page: n })).json();
    expect(keys(await page(1))).toEqual(['L', 'K', 'J']);
    expect(keys(await page(2))).toEqual(['I', 'H', 'G']);
    expect(keys(await page(3))).toEqual(['F', 'E', 'D']);
    expect(keys(await page(4))).toEqual(['B', 'A']);
    const beyond = await page(5);
    expect(beyond.items).toEqual([]);
    expect(beyond.total).toBe(11);
  });

  it('sort: loan amount high-low, ties broken by id', async () => {
    const body = (await market(t.app, funder, { sort: 'loan_amount_desc' })).json();
    expect(keys(body)).toEqual(['E', 'H', 'B', 'L', 'F', 'I', 'D', ...byId('desc', 'A', 'K'), 'G', 'J']);
  });

  it('sort: loan amount low-high, ties broken by id', async () => {
    const body = (await market(t.app, funder, { sort: 'loan_amount_asc' })).json();
    expect(keys(body)).toEqual(['J', 'G', ...byId('asc', 'A', 'K'), 'D', 'I', 'F', 'L', 'B', 'H', 'E']);
  });

  it('sort: return potential by 2.5-point band high-low, newest first within a band, a listing without profit last', async () => {
    // Bands: E and I 12 (30 %), A H K L 8 (20 %), B 6 (15 %), D and G 4 (10 %), J 2 (5 %), F none.
    // Within a band the newest comes first (days ago: I 4, E 8; L 1, K 2, H 5, A 12; G 6, D 9).
    const body = (await market(t.app, funder, { sort: 'return_potential' })).json();
    expect(keys(body)).toEqual(['I', 'E', 'L', 'K', 'H', 'A', 'B', 'G', 'D', 'J', 'F']);
  });

  it('filter: property type Residential, with stats of that set', async () => {
    const body = (await market(t.app, funder, { property_type: 'Residential' })).json();
    expect(keys(body)).toEqual(['L', 'J', 'I', 'G', 'A']);
    // 7 + 0.6 + 4 + 0.9 + 2 = 14.5m. A property type without a state is no cell of its own: the
    // average is the whole market's.
    expect(body.stats).toEqual({
      total_capital_seeking: 14_500_000,
      active_opportunities: 5,
      trending_asset_class: 'Residential',
      ...wholeMarket,
    });
  });

  it('filter: state NSW', async () => {
    const body = (await market(t.app, funder, { state: 'NSW' })).json();
    expect(keys(body)).toEqual(['I', 'G', 'F', 'A']);
    // A state alone: the whole market's average, not its four listings'.
    expect(body.stats).toEqual({
      total_capital_seeking: 11_900_000,
      active_opportunities: 4,
      trending_asset_class: 'Residential',
      ...wholeMarket,
    });
  });

  it('filter: development stage Construction', async () => {
    const body = (await market(t.app, funder, { development_stage: 'Construction' })).json();
    expect(keys(body)).toEqual(['K', 'G', 'F', 'B']);
  });

  it('filter: loan amount from $2m to $5m, both ends included, low-high', async () => {
    const body = (
      await market(t.app, funder, {
        min_loan: 2_000_000,
        max_loan: 5_000_000,
        sort: 'loan_amount_asc',
      })
    ).json();
    expect(keys(body)).toEqual([...byId('asc', 'A', 'K'), 'D', 'I', 'F']);
    // 2 + 2 + 3.5 + 4 + 5 = 16.5m; Residential A I against Commercial K; a loan range leaves the
    // average the whole market's.
    expect(body.stats).toEqual({
      total_capital_seeking: 16_500_000,
      active_opportunities: 5,
      trending_asset_class: 'Residential',
      ...wholeMarket,
    });
  });

  it('filter: a loan range off the band edges ($1.1m to $4.5m) counts the same way', async () => {
    const body = (await market(t.app, funder, { min_loan: 1_100_000, max_loan: 4_500_000 })).json();
    expect(keys(body)).toEqual(['K', 'I', 'D', 'A']);
    expect(body.stats).toMatchObject({ total_capital_seeking: 11_500_000, active_opportunities: 4 });
  });

  it('filter: $1m to $2m leaves out C, which the funder has asked about, and keeps A and K at exactly $2m', async () => {
    const body = (await market(t.app, funder, { min_loan: 1_000_000, max_loan: 2_000_000 })).json();
    expect(keys(body)).toEqual(['K', 'A']);
    expect(body.stats).toEqual({
      total_capital_seeking: 4_000_000,
      active_opportunities: 2,
      trending_asset_class: 'Residential',
      // Never the two listings' own average: the whole market's.
      ...wholeMarket,
    });
  });

  it('filter: an open-ended range: up to $1m gives G and J; from $10m gives H and the granted E', async () => {
    const upTo = (await market(t.app, funder, { max_loan: 1_000_000 })).json();
    expect(keys(upTo)).toEqual(['J', 'G']);
    expect(upTo.stats).toMatchObject({ total_capital_seeking: 1_500_000, active_opportunities: 2 });
    const from = (await market(t.app, funder, { min_loan: 10_000_000 })).json();
    expect(keys(from)).toEqual(['H', 'E']);
    expect(from.stats).toEqual({
      total_capital_seeking: 27_000_000,
      active_opportunities: 2,
      // H is Commercial, E Mixed Use: one against none.
      trending_asset_class: 'Commercial',
      ...wholeMarket,
    });
  });

  it('filter: a minimum above the maximum is 400', async () => {
    const res = await market(t.app, funder, { min_loan: 5_000_000, max_loan: 2_000_000 });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('Minimum loan amount cannot be more than the maximum');
  });

  it('filter: Commercial in VIC, with Commercial trending and the average of that cell’s two listings withheld', async () => {
    const body = (await market(t.app, funder, { property_type: 'Commercial', state: 'VIC' })).json();
    expect(keys(body)).toEqual(['H', 'B']);
    // A property type and a state: their cell's own figure, and two listings are under ten.
    expect(body.stats).toEqual({
      total_capital_seeking: 20_000_000,
      active_opportunities: 2,
      trending_asset_class: 'Commercial',
      average_expected_return: null,
      average_return_cell: { property_type: 'Commercial', state: 'VIC' },
      average_return_as_of: '2026-12-03',
    });
  });

  it('search: q matches the title in any case, never a listing off the market', async () => {
    const body = (await market(t.app, funder, { q: 'HARBOUR' })).json();
    expect(keys(body)).toEqual(['L', 'A']);
  });

  it('search: q matches the suburb too, and part of a word', async () => {
    expect(keys((await market(t.app, funder, { q: 'sandy' })).json())).toEqual(['J']);
    expect(keys((await market(t.app, funder, { q: 'dock' })).json())).toEqual(['H']);
  });

  it("search: the user's % and _ are plain characters, not wildcards", async () => {
    expect((await market(t.app, funder, { q: '%' })).json().total).toBe(0);
    expect((await market(t.app, funder, { q: 'Harbour_View' })).json().total).toBe(0);
  });

  it('empty: nothing matches; stats are zero with no trending class, and the empty cell has no average', async () => {
    const body = (await market(t.app, funder, { property_type: 'Commercial', state: 'NT' })).json();
    expect(body).toEqual({
      items: [],
      page: 1,
      limit: 20,
      total: 0,
      stats: {
        total_capital_seeking: 0,
        active_opportunities: 0,
        trending_asset_class: null,
        average_expected_return: null,
        average_return_cell: { property_type: 'Commercial', state: 'NT' },
        average_return_as_of: '2026-12-03',
      },
    });
  });

  it('query: an unknown property type, a limit over 100 and a page 0 are 400', async () => {
    for (const query of [{ property_type: 'Castle' }, { limit: 101 }, { page: 0 }, { min_loan: -1 }]) {
      expect((await market(t.app, funder, query)).statusCode).toBe(400);
    }
  });
});
