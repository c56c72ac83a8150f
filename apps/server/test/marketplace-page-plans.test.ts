import { marketplaceSorts } from '@plinth/domain/marketplace';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type MarketplaceFilters,
  type PagePlan,
  readMarketplacePage,
} from '../src/modules/projects/marketplace-page.repository';
import { buildTestApp, createUser, type TestApp, type TestUser } from './helpers';
import { createFunder, financials, listedProject, market } from './support/marketplace';

// Issue 12 item 1 (decisions 027 and 029): a page is read either by walking the sort's index or by
// reading the matches first and sorting them, chosen inside the one marketplace statement from the
// exact match count. Both must give the same page, row for row, for every sort, filter and page.

let t: TestApp;
let funder: TestUser;
beforeAll(async () => {
  t = await buildTestApp();
  funder = await createFunder(t, 'active');
  const owner = await createUser(t.app, { role: 'borrower', profile: 'default' });
  const states = ['NSW', 'VIC', 'TAS', 'NT'];
  const types = ['Residential', 'Commercial', 'Industrial'];
  for (let i = 0; i < 24; i++) {
    const loan = 500_000 + ((i * 370_000) % 9_000_000);
    await listedProject(
      t,
      owner,
      {
        ...financials(loan, i % 5 === 0 ? null : Math.round(loan * (0.1 + (i % 7) / 20))),
        state: states[i % states.length],
        property_type: types[i % types.length],
      },
      { daysAgo: i % 9 },
    );
  }
});
afterAll(() => t.close());

const cases: { filters: MarketplaceFilters; limit: number; offset: number }[] = [
  { filters: {}, limit: 5, offset: 0 },
  { filters: {}, limit: 5, offset: 15 },
  { filters: { state: 'TAS' }, limit: 3, offset: 3 },
  { filters: { property_type: 'Commercial', min_loan: 1_000_000 }, limit: 4, offset: 0 },
  { filters: { state: 'NSW', max_loan: 5_000_000 }, limit: 2, offset: 2 },
  { filters: { q: 'zzz-no-match' }, limit: 5, offset: 0 },
];

const read = (
  options: { filters: MarketplaceFilters; limit: number; offset: number },
  sort: (typeof marketplaceSorts)[number],
  plan?: PagePlan,
) => readMarketplacePage(t.database.db, { funderId: funder.id, sort, ...options, plan });

describe('the two page plans', () => {
  it('give the same rows and stats in the same order for every sort, filter and page', async () => {
    let compared = 0;
    for (const sort of marketplaceSorts) {
      for (const c of cases) {
        const [walked, filtered] = await Promise.all([
          read(c, sort, 'sort_index'),
          read(c, sort, 'filtered_first'),
        ]);
        expect(walked.stats.page_plan).toBe('sort_index');
        expect(filtered.stats.page_plan).toBe('filtered_first');
        expect(filtered.rows, `${sort} ${JSON.stringify(c)}`).toEqual(walked.rows);
        expect({ ...filtered.stats, page_plan: null }).toEqual({ ...walked.stats, page_plan: null });
        compared += walked.rows.length;
      }
    }
    expect(compared).toBeGreaterThan(50);
  });

  it('the cheaper plan is chosen from the exact count: few matches are read first, many by the sort index', async () => {
    // 2 × matches² <= rows needed × market: reading the matches first costs less than walking.
    const all = await read({ filters: {}, limit: 5, offset: 0 }, 'newest');
    const market = all.stats.market_size;
    expect(market).toBe(24);
    expect(all.stats.active_opportunities).toBe(24);
    expect(all.stats.page_plan).toBe('sort_index'); // 2 × 24² = 1152 > 5 × 24
    const deep = await read({ filters: {}, limit: 24, offset: 24 }, 'newest');
    expect(deep.stats.page_plan).toBe('filtered_first'); // 1152 <= 48 × 24
    const tas = await read({ filters: { state: 'TAS' }, limit: 3, offset: 0 }, 'loan_amount_desc');
    expect(tas.stats.active_opportunities).toBe(6);
    expect(tas.stats.page_plan).toBe('filtered_first'); // 2 × 6² = 72 <= 3 × 24
    const tasFirst = await read({ filters: { state: 'TAS' }, limit: 2, offset: 0 }, 'loan_amount_desc');
    expect(tasFirst.stats.page_plan).toBe('sort_index'); // 72 > 2 × 24
    const none = await read({ filters: { q: 'zzz-no-match' }, limit: 5, offset: 0 }, 'newest');
    expect(none.stats.page_plan).toBe('filtered_first');
    expect(none.rows).toEqual([]);
  });

  it('the API answers the same page whichever plan its counts lead to', async () => {
    const res = await market(t.app, funder, { state: 'TAS', sort: 'loan_amount_desc', limit: 3, page: 2 });
    expect(res.statusCode).toBe(200);
    const direct = await read(
      { filters: { state: 'TAS' }, limit: 3, offset: 3 },
      'loan_amount_desc',
      'sort_index',
    );
    expect(direct.rows).toHaveLength(3);
    expect(res.json().items.map((i: { id: string }) => i.id)).toEqual(direct.rows.map((r) => r.id));
  });
});
