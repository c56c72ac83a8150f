import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOAN_BANDS } from '../src/modules/projects/marketplace.repository';
import { as, buildTestApp, createUser, type TestApp, type TestUser } from './helpers';
import { samples, uploadDocuments } from './support/documents';
import {
  createFunder,
  decide,
  financials,
  listedProject,
  market,
  previewKeys,
  requestAccessOk,
} from './support/marketplace';

// One hand-made market of twelve listings (A to L) and three that are not on the market. The
// expectations below were worked out by hand from this table; `funder` has asked about C (pending),
// D (declined) and E (approved), so their market holds the other nine plus D again: ten listings.
//
// key title                            suburb       state type        stage             loan   profit/cost days ago
// A   Harbour View Apartments          Mosman       NSW   Residential Planning          2.0m   20 %        12
// B   Collins Street Offices           Melbourne    VIC   Commercial  Construction      8.0m   15 %        11
// C   Riverside Townhouses             Toowong      QLD   Residential Pre-Construction  1.2m   25 %        10
// D   Fremantle Warehouse Conversion   Fremantle    WA    Industrial  Planning          3.5m   10 %         9
// E   Glenelg Mixed-Use Tower          Glenelg      SA    Mixed Use   Near Completion  15.0m   30 %         8
// F   Parramatta Retail Centre         Parramatta   NSW   Retail      Construction      5.0m   none         7
// G   Newtown Terraces                 Newtown      NSW   Residential Construction      0.9m   10 %         6
// H   Docklands Office Park            Docklands    VIC   Commercial  Planning         12.0m   20 %         5
// I   Marrickville Lofts               Marrickville NSW   Residential Pre-Construction  4.0m   30 %         4
// J   Hobart Waterfront Homes          Sandy Bay    TAS   Residential Planning          0.6m    5 %         3
// K   Canberra Business Hub            Braddon      ACT   Commercial  Construction      2.0m   20 %         2
// L   Darwin Harbour Residences        Darwin City  NT    Residential Near Completion   7.0m   20 %         1
const seeds = {
  A: ['Harbour View Apartments', 'Mosman', 'NSW', 'Residential', 'Planning', 2_000_000, 0.2, 12],
  B: ['Collins Street Offices', 'Melbourne', 'VIC', 'Commercial', 'Construction', 8_000_000, 0.15, 11],
  C: ['Riverside Townhouses', 'Toowong', 'QLD', 'Residential', 'Pre-Construction', 1_200_000, 0.25, 10],
  D: ['Fremantle Warehouse Conversion', 'Fremantle', 'WA', 'Industrial', 'Planning', 3_500_000, 0.1, 9],
  E: ['Glenelg Mixed-Use Tower', 'Glenelg', 'SA', 'Mixed Use', 'Near Completion', 15_000_000, 0.3, 8],
  F: ['Parramatta Retail Centre', 'Parramatta', 'NSW', 'Retail', 'Construction', 5_000_000, null, 7],
  G: ['Newtown Terraces', 'Newtown', 'NSW', 'Residential', 'Construction', 900_000, 0.1, 6],
  H: ['Docklands Office Park', 'Docklands', 'VIC', 'Commercial', 'Planning', 12_000_000, 0.2, 5],
  I: ['Marrickville Lofts', 'Marrickville', 'NSW', 'Residential', 'Pre-Construction', 4_000_000, 0.3, 4],
  J: ['Hobart Waterfront Homes', 'Sandy Bay', 'TAS', 'Residential', 'Planning', 600_000, 0.05, 3],
  K: ['Canberra Business Hub', 'Braddon', 'ACT', 'Commercial', 'Construction', 2_000_000, 0.2, 2],
  L: ['Darwin Harbour Residences', 'Darwin City', 'NT', 'Residential', 'Near Completion', 7_000_000, 0.2, 1],
} as const;
type Key = keyof typeof seeds;

let t: TestApp;
let developer: TestUser;
let funder: TestUser;
const ids = {} as Record<Key, string>;
const keyOf = new Map<string, Key>();
let requestOnD: string;

beforeAll(async () => {
  t = await buildTestApp();
  developer = await createUser(t.app, { role: 'borrower', profile: 'default', name: 'Dev Eloper' });
  for (const [key, [title, suburb, state, type, stage, loan, ratio, daysAgo]] of Object.entries(seeds)) {
    const cost = loan * 1.5;
    const project = await listedProject(
      t,
      developer,
      {
        title,
        suburb,
        state,
        property_type: type,
        development_stage: stage,
        location: `1 Test Street, ${suburb}`,
        ...financials(loan, ratio === null ? null : Math.round(cost * ratio), cost),
      },
      { daysAgo },
    );
    ids[key as Key] = project.id;
    keyOf.set(project.id, key as Key);
  }
  // Never on the market, whatever the query: a draft, one under review, one rejected.
  for (const state of ['draft', 'pending', 'rejected'] as const) {
    await listedProject(t, developer, { title: `Harbour ${state} listing`, suburb: 'Mosman' }, { state });
  }
  funder = await createFunder(t, 'active');
  await requestAccessOk(t.app, funder, ids.C);
  requestOnD = (await requestAccessOk(t.app, funder, ids.D)).id;
  expect((await decide(t.app, developer, requestOnD, 'decline')).statusCode).toBe(200);
  const onE = await requestAccessOk(t.app, funder, ids.E);
  expect((await decide(t.app, developer, onE.id, 'approve')).statusCode).toBe(200);
});
afterAll(() => t.close());

const keys = (body: { items: { id: string }[] }) => body.items.map((item) => keyOf.get(item.id) ?? item.id);
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
  it('market: only listings with no request of the funder or a declined one, newest first', async () => {
    const body = (await market(t.app, funder)).json();
    expect(keys(body)).toEqual(['L', 'K', 'J', 'I', 'H', 'G', 'F', 'D', 'B', 'A']);
    expect(body).toMatchObject({ page: 1, limit: 20, total: 10 });
    const d = body.items.find((p: { id: string }) => p.id === ids.D);
    expect(d).toMatchObject({ access_status: 'declined', access_request_id: requestOnD });
  });

  it('stats: over the whole filtered set: $45m sought, 10 listings, Residential trending, 16.67 % average return', async () => {
    // Loans 2 + 8 + 3.5 + 5 + 0.9 + 12 + 4 + 0.6 + 2 + 7 = 45m; Residential A G I J L = 5 against
    // Commercial B H K = 3; returns of the nine with a profit 20 15 10 10 20 30 5 20 20 = 150 / 9.
    const body = (await market(t.app, funder, { limit: 2 })).json();
    expect(body.items).toHaveLength(2);
    expect(body.stats).toEqual({
      total_capital_seeking: 45_000_000,
      active_opportunities: 10,
      trending_asset_class: 'Residential',
      average_expected_return: 16.67,
    });
  });

  it('pagination: pages of 3 walk the same order; past the end is empty with the same total', async () => {
    const page = async (n: number) => (await market(t.app, funder, { limit: 3, page: n })).json();
    expect(keys(await page(1))).toEqual(['L', 'K', 'J']);
    expect(keys(await page(2))).toEqual(['I', 'H', 'G']);
    expect(keys(await page(4))).toEqual(['A']);
    const beyond = await page(5);
    expect(beyond.items).toEqual([]);
    expect(beyond.total).toBe(10);
  });

  it('sort: loan amount high-low, ties broken by id', async () => {
    const body = (await market(t.app, funder, { sort: 'loan_amount_desc' })).json();
    expect(keys(body)).toEqual(['H', 'B', 'L', 'F', 'I', 'D', ...byId('desc', 'A', 'K'), 'G', 'J']);
  });

  it('sort: loan amount low-high, ties broken by id', async () => {
    const body = (await market(t.app, funder, { sort: 'loan_amount_asc' })).json();
    expect(keys(body)).toEqual(['J', 'G', ...byId('asc', 'A', 'K'), 'D', 'I', 'F', 'L', 'B', 'H']);
  });

  it('sort: return potential (profit / cost) high-low, a listing without profit last', async () => {
    const body = (await market(t.app, funder, { sort: 'return_potential' })).json();
    expect(keys(body)).toEqual([
      'I',
      ...byId('desc', 'A', 'H', 'K', 'L'),
      'B',
      ...byId('desc', 'D', 'G'),
      'J',
      'F',
    ]);
  });

  it('filter: property type Residential, with stats of that set', async () => {
    const body = (await market(t.app, funder, { property_type: 'Residential' })).json();
    expect(keys(body)).toEqual(['L', 'J', 'I', 'G', 'A']);
    // 7 + 0.6 + 4 + 0.9 + 2 = 14.5m; (20 + 5 + 30 + 10 + 20) / 5 = 17.
    expect(body.stats).toEqual({
      total_capital_seeking: 14_500_000,
      active_opportunities: 5,
      trending_asset_class: 'Residential',
      average_expected_return: 17,
    });
  });

  it('filter: state NSW', async () => {
    const body = (await market(t.app, funder, { state: 'NSW' })).json();
    expect(keys(body)).toEqual(['I', 'G', 'F', 'A']);
    // (30 + 10 + 20) / 3 = 20: F has no profit and does not count.
    expect(body.stats).toMatchObject({ total_capital_seeking: 11_900_000, average_expected_return: 20 });
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
    // 2 + 2 + 3.5 + 4 + 5 = 16.5m; Residential A I against Commercial K; (20 + 20 + 10 + 30) / 4 = 20.
    expect(body.stats).toEqual({
      total_capital_seeking: 16_500_000,
      active_opportunities: 5,
      trending_asset_class: 'Residential',
      average_expected_return: 20,
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
      // Two listings: their average would give their returns away, so it is withheld.
      average_expected_return: null,
    });
  });

  it('filter: an open-ended range: up to $1m gives G and J; from $10m gives H (E is granted, so gone)', async () => {
    const upTo = (await market(t.app, funder, { max_loan: 1_000_000 })).json();
    expect(keys(upTo)).toEqual(['J', 'G']);
    expect(upTo.stats).toMatchObject({ total_capital_seeking: 1_500_000, active_opportunities: 2 });
    const from = (await market(t.app, funder, { min_loan: 10_000_000 })).json();
    expect(keys(from)).toEqual(['H']);
    expect(from.stats).toEqual({
      total_capital_seeking: 12_000_000,
      active_opportunities: 1,
      trending_asset_class: 'Commercial',
      // H's own profit / cost, which its preview does not show: withheld.
      average_expected_return: null,
    });
  });

  it('filter: a minimum above the maximum is 400', async () => {
    const res = await market(t.app, funder, { min_loan: 5_000_000, max_loan: 2_000_000 });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('Minimum loan amount cannot be more than the maximum');
  });

  it('filter: Commercial in VIC, with Commercial trending and the average of two withheld', async () => {
    const body = (await market(t.app, funder, { property_type: 'Commercial', state: 'VIC' })).json();
    expect(keys(body)).toEqual(['H', 'B']);
    // (20 + 15) / 2 = 17.5 would be two listings' returns: fewer than three are never averaged.
    expect(body.stats).toEqual({
      total_capital_seeking: 20_000_000,
      active_opportunities: 2,
      trending_asset_class: 'Commercial',
      average_expected_return: null,
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

  it('empty: nothing matches; stats are zero with no trending class and no average', async () => {
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
      },
    });
  });

  it('query: an unknown property type, a limit over 100 and a page 0 are 400', async () => {
    for (const query of [{ property_type: 'Castle' }, { limit: 101 }, { page: 0 }, { min_loan: -1 }]) {
      expect((await market(t.app, funder, query)).statusCode).toBe(400);
    }
  });
});

describe('GET /api/dashboard/funder', () => {
  const dashboard = (user: TestUser | null) =>
    as(t.app, user, { method: 'GET', url: '/api/dashboard/funder' });
  const recommendedKeys = (body: { recommended: { id: string }[] }) =>
    body.recommended.map((p) => keyOf.get(p.id) ?? p.id);

  it('dashboard: counts and three recommendations fitted to residential, $1m-$10m, never C D or E', async () => {
    // Residential within $1m-$10m: A (12 days), I (4), L (1); newest first.
    const res = await dashboard(funder);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ active_deals: 0, in_due_diligence: 1, pending_requests: 1 });
    expect(recommendedKeys(body)).toEqual(['L', 'I', 'A']);
    for (const item of body.recommended) {
      expect(Object.keys(item).sort()).toEqual([...previewKeys, 'reason'].sort());
      expect(item.reason).toBe('Matches your focus on residential development and your $1m–$10m deal size');
    }
  });

  it('dashboard: the focus outranks the deal size: commercial $5m-$10m gets B, then K and H', async () => {
    // B: Commercial at 8m (both); K at 2m and H at 12m: Commercial outside the range, newest first.
    const commercial = await createFunder(t, 'active', {
      profile: {
        investment_focus: 'Commercial Development',
        typical_deal_size_min: 5_000_000,
        typical_deal_size_max: 10_000_000,
      },
    });
    const body = (await dashboard(commercial)).json();
    expect(recommendedKeys(body)).toEqual(['B', 'K', 'H']);
    expect(body.recommended.map((p: { reason: string }) => p.reason)).toEqual([
      'Matches your focus on commercial development and your $5m–$10m deal size',
      'Matches your focus on commercial development',
      'Matches your focus on commercial development',
    ]);
    expect(body).toMatchObject({ active_deals: 0, in_due_diligence: 0, pending_requests: 0 });
  });

  it('dashboard: all property types, $10m-$20m: H and E in range, then the newest, L', async () => {
    const any = await createFunder(t, 'active', {
      profile: {
        investment_focus: 'All Property Types',
        typical_deal_size_min: 10_000_000,
        typical_deal_size_max: 20_000_000,
      },
    });
    const body = (await dashboard(any)).json();
    expect(recommendedKeys(body)).toEqual(['H', 'E', 'L']);
    expect(body.recommended[0].reason).toBe(
      'Matches your focus on all property types and your $10m–$20m deal size',
    );
    expect(body.recommended[2].reason).toBe('Matches your focus on all property types');
  });

  it('dashboard: an open deal counts as active and takes its request out of due diligence', async () => {
    const dealer = await createFunder(t, 'active');
    const request = await requestAccessOk(t.app, dealer, ids.B);
    await decide(t.app, developer, request.id, 'approve');
    expect((await dashboard(dealer)).json()).toMatchObject({ active_deals: 0, in_due_diligence: 1 });
    // Deals are opened from the deal room (a later issue); a row stands in for one here.
    await t.database.db
      .insertInto('deal')
      .values({
        project_id: ids.B,
        access_request_id: request.id,
        borrower_id: developer.id,
        funder_id: dealer.id,
      })
      .execute();
    const body = (await dashboard(dealer)).json();
    expect(body).toMatchObject({ active_deals: 1, in_due_diligence: 0, pending_requests: 0 });
    expect(recommendedKeys(body)).not.toContain('B');
  });

  it('dashboard: the gate applies; a developer gets 403, anonymous 401', async () => {
    expect((await dashboard(await createFunder(t, 'pending_approval'))).json().code).toBe(
      'ACCOUNT_PENDING_APPROVAL',
    );
    expect((await dashboard(await createFunder(t, 'unsubscribed'))).json().code).toBe(
      'SUBSCRIPTION_REQUIRED',
    );
    expect((await dashboard(developer)).statusCode).toBe(403);
    expect((await dashboard(null)).statusCode).toBe(401);
  });
});

describe('marketplace_summary: the totals behind the stats header', () => {
  const summaryRows = async () =>
    (
      await sql<Record<string, unknown>>`select property_type, state, development_stage, loan_band, listings,
          capital, return_sum, return_count
        from marketplace_summary
        where listings <> 0 or capital <> 0 or return_sum <> 0 or return_count <> 0
        order by 1, 2, 3, 4`.execute(t.database.db)
    ).rows;
  const recomputed = async () =>
    (
      await sql<
        Record<string, unknown>
      >`select property_type, coalesce(state, '') as state, development_stage,
          marketplace_loan_band(loan_amount) as loan_band, count(*)::int as listings,
          sum(loan_amount) as capital, coalesce(sum(expected_profit / total_project_cost), 0) as return_sum,
          count(expected_profit / total_project_cost)::int as return_count
        from project where payment_status = 'paid' and visible
        group by 1, 2, 3, 4 order by 1, 2, 3, 4`.execute(t.database.db)
    ).rows;

  it('summary: the SQL loan band of each edge, and of a dollar below it, agrees with LOAN_BANDS', async () => {
    const amounts = LOAN_BANDS.flatMap((edge) => (edge === 0 ? [0] : [edge - 1, edge]));
    const { rows } = await sql<{ band: number }>`select marketplace_loan_band(amount) as band
      from unnest(${`{${amounts.join(',')}}`}::numeric[]) with ordinality as a(amount, n) order by n`.execute(
      t.database.db,
    );
    const expected = amounts.map((amount) => [...LOAN_BANDS].reverse().find((edge) => edge <= amount));
    expect(rows.map((r) => Number(r.band))).toEqual(expected);
  });

  it('summary: kept in step with the listings through publish, edit, hide, move and delete', async () => {
    expect(await summaryRows()).toEqual(await recomputed());
    const db = t.database.db;
    const x = await listedProject(t, developer, { title: 'Summary X', ...financials(3_000_000, 900_000) });
    const y = await listedProject(t, developer, { title: 'Summary Y', ...financials(250_000, null) });
    const z = await listedProject(t, developer, { title: 'Summary Z' }, { state: 'draft' });
    expect(await summaryRows()).toEqual(await recomputed());
    // A published listing's figures change (an admin override), it moves group and band.
    await db
      .updateTable('project')
      .set({ loan_amount: 12_000_000, expected_profit: null, state: null, property_type: 'Industrial' })
      .where('id', '=', x.id)
      .execute();
    await db.updateTable('project').set({ visible: false }).where('id', '=', y.id).execute();
    await db
      .updateTable('project')
      .set({ payment_status: 'paid', visible: true })
      .where('id', '=', z.id)
      .execute();
    expect(await summaryRows()).toEqual(await recomputed());
    await db.updateTable('project').set({ visible: true }).where('id', '=', y.id).execute();
    await db.deleteFrom('project').where('id', 'in', [x.id, z.id]).execute();
    expect(await summaryRows()).toEqual(await recomputed());
    await db.deleteFrom('project').where('id', '=', y.id).execute();
    expect(await summaryRows()).toEqual(await recomputed());
  });

  it('summary: marketplace_summary_rebuild() recomputes the same totals', async () => {
    const before = await summaryRows();
    await sql`select marketplace_summary_rebuild()`.execute(t.database.db);
    expect(await summaryRows()).toEqual(before);
  });
});
