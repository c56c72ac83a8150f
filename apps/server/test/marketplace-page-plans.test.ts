import { marketplaceSorts } from '@plinth/domain/marketplace';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  listMarketplacePage,
  type MarketplaceFilters,
  pagePlanFor,
} from '../src/modules/projects/marketplace.repository';
import { buildTestApp, createUser, type TestApp, type TestUser } from './helpers';
import { createFunder, financials, listedProject, market } from './support/marketplace';

// Issue 12 item 1 (decision 027): a page is read either by walking the sort's index or by reading
// the matches first and sorting them, chosen from the exact match count. Both must give the same
// page, row for row, for every sort, filter and page.

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

describe('the two page plans', () => {
  it('give the same rows in the same order for every sort, filter and page', async () => {
    let compared = 0;
    for (const sort of marketplaceSorts) {
      for (const c of cases) {
        const read = (plan: 'sort_index' | 'filtered_first') =>
          listMarketplacePage(t.database.db, { funderId: funder.id, sort, ...c, plan });
        const [walked, filtered] = await Promise.all([read('sort_index'), read('filtered_first')]);
        expect(filtered, `${sort} ${JSON.stringify(c)}`).toEqual(walked);
        compared += walked.length;
      }
    }
    expect(compared).toBeGreaterThan(50);
  });

  it('the cheaper plan is chosen: few matches are read first, many by the sort index', () => {
    expect(pagePlanFor({ matches: 736, market: 85_000, rowsNeeded: 80 })).toBe('filtered_first');
    expect(pagePlanFor({ matches: 16_000, market: 85_000, rowsNeeded: 20 })).toBe('sort_index');
    expect(pagePlanFor({ matches: 85_000, market: 85_000, rowsNeeded: 400 })).toBe('sort_index');
    expect(pagePlanFor({ matches: 0, market: 85_000, rowsNeeded: 20 })).toBe('filtered_first');
  });

  it('the API answers the same page whichever plan its counts lead to', async () => {
    const res = await market(t.app, funder, { state: 'TAS', sort: 'loan_amount_desc', limit: 3, page: 2 });
    expect(res.statusCode).toBe(200);
    const direct = await listMarketplacePage(t.database.db, {
      funderId: funder.id,
      filters: { state: 'TAS' },
      sort: 'loan_amount_desc',
      limit: 3,
      offset: 3,
      plan: 'sort_index',
    });
    expect(res.json().items.map((i: { id: string }) => i.id)).toEqual(direct.map((r) => r.id));
  });
});
