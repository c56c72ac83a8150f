import { LOAN_BANDS } from '@plinth/domain/marketplace';
import { returnBandOf } from '@plinth/domain/marketplace-stats';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, buildTestApp, type TestApp, type TestUser } from './helpers';
import {
  createFunder,
  decide,
  financials,
  listedProject,
  market,
  previewKeys,
  requestAccessOk,
} from './support/marketplace';
import { type Key, type SeededMarket, seedMarket } from './support/marketplace-seed';

// The funder dashboard (counts and 'Recommended for You') and the marketplace_summary table behind
// the stats header, over the hand-made market of support/marketplace-seed.ts (A to L).

let t: TestApp;
let market_: SeededMarket;
let developer: TestUser;
let funder: TestUser;
let ids: Record<Key, string>;
let keyOf: Map<string, Key>;

beforeAll(async () => {
  t = await buildTestApp();
  market_ = await seedMarket(t);
  ({ developer, funder, ids, keyOf } = market_);
});
afterAll(() => t.close());

describe('GET /api/dashboard/funder', () => {
  const dashboard = (user: TestUser | null) =>
    as(t.app, user, { method: 'GET', url: '/api/dashboard/funder' });
  const recommendedKeys = (body: { recommended: { id: string }[] }) =>
    body.recommended.map((p) => keyOf.get(p.id) ?? p.id);

  it('dashboard: counts and three recommendations fitted to residential, $1m-$10m, never the pending C or declined D', async () => {
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

  it('dashboard: saved lending criteria replace the profile fit, the confidential margin matched on the file', async () => {
    // NSW and at least 20 % on cost: I (30 %, 4 days) and A (20 %, 12 days) meet both; F (no
    // profit) and G (10 %) fail the margin. Then the newest meeting one of the two: L (NT, 20 %).
    const criteria = await createFunder(t, 'active');
    const saved = await as(t.app, criteria, {
      method: 'PUT',
      url: '/api/funder-criteria',
      payload: { states: ['NSW'], min_margin_on_cost: 20 },
    });
    expect(saved.statusCode).toBe(200);
    const body = (await dashboard(criteria)).json();
    expect(recommendedKeys(body)).toEqual(['I', 'A', 'L']);
    expect(body.recommended.map((p: { reason: string }) => p.reason)).toEqual([
      'Matches your lending criteria: in NSW, one of your states; margin on cost at or above 20%',
      'Matches your lending criteria: in NSW, one of your states; margin on cost at or above 20%',
      'Meets 1 of your 2 lending criteria',
    ]);
    for (const item of body.recommended)
      expect(Object.keys(item).sort()).toEqual([...previewKeys, 'reason'].sort());
  });

  it('dashboard: an open deal counts as active and takes its request out of due diligence; a listing with any request or deal is never recommended (issue 37 item 8)', async () => {
    // Commercial $5m-$10m: B (Commercial, 8m) fits both, so it leads the recommendations.
    const dealer = await createFunder(t, 'active', {
      profile: {
        investment_focus: 'Commercial Development',
        typical_deal_size_min: 5_000_000,
        typical_deal_size_max: 10_000_000,
      },
    });
    expect(recommendedKeys((await dashboard(dealer)).json())[0]).toBe('B');
    const request = await requestAccessOk(t.app, dealer, ids.B);
    expect(recommendedKeys((await dashboard(dealer)).json())).not.toContain('B'); // pending
    await decide(t.app, developer, request.id, 'approve');
    const granted = (await dashboard(dealer)).json();
    expect(granted).toMatchObject({ active_deals: 0, in_due_diligence: 1 });
    expect(recommendedKeys(granted)).not.toContain('B'); // access granted: no longer a recommendation
    expect(granted.recommended).toHaveLength(3);
    const engage = await as(t.app, dealer, {
      method: 'POST',
      url: '/api/deals',
      payload: { project_id: ids.B, access_request_id: request.id },
    });
    expect(engage.statusCode).toBe(201);
    const body = (await dashboard(dealer)).json();
    expect(body).toMatchObject({ active_deals: 1, in_due_diligence: 0, pending_requests: 0 });
    expect(recommendedKeys(body)).not.toContain('B'); // a deal room
    for (const item of body.recommended) expect(item.access_status ?? null).toBeNull();
    // The marketplace card goes into the room.
    const card = (await market(t.app, dealer, { q: 'Collins' })).json().items[0];
    expect(card).toMatchObject({ id: ids.B, access_status: 'due_diligence', deal_id: engage.json().deal_id });
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
        where (listings <> 0 or capital <> 0 or return_sum <> 0 or return_count <> 0)
          and '*' not in (property_type, state, development_stage)
        order by 1, 2, 3, 4`.execute(t.database.db)
    ).rows;
  /** The roll-up rows ('*': any) that differ from the sums of the groups they stand for. */
  const wrongRollups = async () =>
    (
      await sql<Record<string, unknown>>`with kept as (
          select * from marketplace_summary where '*' not in (property_type, state, development_stage)
            and (listings <> 0 or capital <> 0 or return_sum <> 0 or return_count <> 0)),
        expected as (
          select case when grouping(property_type) = 1 then '*' else property_type end as property_type,
            case when grouping(state) = 1 then '*' else state end as state,
            case when grouping(development_stage) = 1 then '*' else development_stage end as development_stage,
            loan_band, sum(listings)::int as listings, sum(capital) as capital, sum(return_sum) as return_sum,
            sum(return_count)::int as return_count
          from kept group by loan_band, cube(property_type, state, development_stage)
          having grouping(property_type, state, development_stage) <> 0),
        rollups as (
          select property_type, state, development_stage, loan_band, listings, capital, return_sum, return_count
          from marketplace_summary where '*' in (property_type, state, development_stage)
            and (listings <> 0 or capital <> 0 or return_sum <> 0 or return_count <> 0))
        (select 'missing' as what, * from expected except select 'missing', * from rollups)
        union all
        (select 'extra', * from rollups except select 'extra', * from expected)`.execute(t.database.db)
    ).rows;
  const recomputed = async () =>
    (
      await sql<
        Record<string, unknown>
      >`select property_type, coalesce(state, '') as state, development_stage,
          marketplace_loan_band(loan_amount) as loan_band, count(*)::int as listings,
          sum(loan_amount) as capital, coalesce(sum(expected_profit / total_project_cost), 0) as return_sum,
          count(expected_profit / total_project_cost)::int as return_count
        from project where payment_status = 'paid' and visible and funded_at is null
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

  it('return bands: the SQL function of the sort’s index and the snapshot agrees with the domain’s returnBandOf (the search index’s), on every band edge and a dollar either side', async () => {
    const pairs: [number | null, number | null][] = [
      [null, 1_000_000],
      [200_000, null],
      [0, 1],
    ];
    for (const cost of [1, 3, 7, 40, 1_500_000, 2_999_999, 99_999_999_999_999]) {
      for (let band = 0; band <= 48; band++) {
        const edge = Math.floor((band * cost) / 40);
        for (const profit of [edge - 1, edge, edge + 1, Math.ceil((band * cost) / 40)]) {
          if (profit >= 0 && profit < 1e14) pairs.push([profit, cost]);
        }
      }
    }
    const list = (values: (number | null)[]) => `{${values.map((v) => (v === null ? 'NULL' : v)).join(',')}}`;
    const { rows } = await sql<{ band: number | null }>`select marketplace_return_band(profit, cost) as band
      from unnest(${list(pairs.map(([p]) => p))}::numeric[], ${list(pairs.map(([, c]) => c))}::numeric[])
        with ordinality as pair(profit, cost, n) order by n`.execute(t.database.db);
    expect(rows.map((row) => (row.band === null ? null : Number(row.band)))).toEqual(
      pairs.map(([profit, cost]) => returnBandOf(profit, cost)),
    );
    expect(pairs.length).toBeGreaterThan(1_000);
  });

  it('summary: kept in step with the listings through publish, edit, hide, move, funding and delete', async () => {
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
    expect(await summaryRows()).toEqual(await recomputed());
    // A completed deal funds a listing: it leaves the market's totals, published as it is.
    await db.updateTable('project').set({ funded_at: new Date() }).where('id', '=', z.id).execute();
    const funded = await summaryRows();
    expect(funded).toEqual(await recomputed());
    await db.updateTable('project').set({ funded_at: null }).where('id', '=', z.id).execute();
    expect(await summaryRows()).not.toEqual(funded);
    await db.deleteFrom('project').where('id', 'in', [x.id, z.id]).execute();
    expect(await summaryRows()).toEqual(await recomputed());
    expect(await wrongRollups()).toEqual([]);
    await db.deleteFrom('project').where('id', '=', y.id).execute();
    expect(await summaryRows()).toEqual(await recomputed());
    expect(await wrongRollups()).toEqual([]);
  });

  it('summary: the roll-ups over any type, state or stage agree with the groups, and the stats read them', async () => {
    await listedProject(t, developer, { title: 'Rollup A', state: 'TAS', ...financials(800_000, 200_000) });
    await listedProject(t, developer, { title: 'Rollup B', state: 'NT', ...financials(3_200_000, null) });
    expect(await wrongRollups()).toEqual([]);
    const { rows } = await sql<{ listings: number }>`select coalesce(sum(listings), 0)::int as listings
      from marketplace_summary where property_type = '*' and state = '*' and development_stage = '*'`.execute(
      t.database.db,
    );
    const { rows: market } = await sql<{ n: number }>`select count(*)::int as n from project
      where payment_status = 'paid' and visible and funded_at is null`.execute(t.database.db);
    expect(rows[0]!.listings).toBe(market[0]!.n);
    expect(market[0]!.n).toBeGreaterThan(1);
  });

  it('summary: marketplace_summary_rebuild() recomputes the same totals', async () => {
    const before = await summaryRows();
    const rollupsBefore = await wrongRollups();
    await sql`select marketplace_summary_rebuild()`.execute(t.database.db);
    expect(await summaryRows()).toEqual(before);
    expect(rollupsBefore).toEqual([]);
    expect(await wrongRollups()).toEqual([]);
  });
});
