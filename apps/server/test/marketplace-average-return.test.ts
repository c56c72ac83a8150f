import { marketplaceSorts } from '@plinth/domain/marketplace';
import { australianStates, developmentStages, propertyTypes } from '@plinth/domain/projects';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setMarketIndex } from '../src/modules/projects/marketplace.service';
import {
  forgetReturnSnapshot,
  readReturnSnapshot,
  setMarketplaceClock,
  takeReturnSnapshot,
} from '../src/modules/projects/marketplace-return-snapshot';
import { buildTestApp, createUser, type TestApp, type TestUser } from './helpers';
import { buildAppsSharingOneSchema } from './support/events';
import { createFunder, financials, listedProject, market, requestAccessOk } from './support/marketplace';

// Issue 30 finding 4 (docs/decisions/032-stats-that-leak-nothing.md): the stats header's average
// return is published for fixed cells only (the whole market, and property type × state), from the
// day's snapshot (Australia/Sydney), from ten listings stating profit and cost, each at its
// 2.5-point band's middle, to the nearest half point. A query's loan range, stage, text, sort and
// page never change it; the search index and the SQL statements give the same. The market:
//
// cell                    listings (loan: profit / cost → band)
// Residential · NSW (RN)  1.0 … 1.5m: 20 % → 8 (six); 2.0 … 2.5m: 10 % → 4 (six); 1.2m: no profit
// Commercial · VIC (CV)   3.0 … 3.8m: 15 % → 6 (nine)
// Residential, no state   5.0m: 40 % → 16 (in the whole market only)
//
// RN: (72 / 12 + 0.5) × 2.5 = 16.25 → 16.5. CV: nine listings, withheld. Whole market: 22 listings,
// bands summing to 142: (142 / 22 + 0.5) × 2.5 = 17.39 → 17.5.

let t: TestApp;
let funder: TestUser;
let developer: TestUser;
const inRN: string[] = [];

const residential = { property_type: 'Residential', state: 'NSW' };
const commercial = { property_type: 'Commercial', state: 'VIC', development_stage: 'Construction' };
const DAY = '2026-12-03';
/** 01:00 UTC is noon in Sydney: `days` days after DAY. */
const noonOf = (days: number) => new Date(Date.parse(`${DAY}T01:00:00Z`) + days * 86_400_000);

const list = (name: string, cell: object, loan: number, ratio: number | null, stage = 'Planning') => {
  const cost = loan * 1.5;
  const profit = ratio === null ? null : Math.round(cost * ratio);
  return listedProject(t, developer, {
    title: `Average ${name}`,
    development_stage: stage,
    ...cell,
    ...financials(loan, profit, cost),
  });
};

beforeAll(async () => {
  t = await buildTestApp({ READ_CACHE: 'off' });
  setMarketplaceClock(t.database.db, () => noonOf(0));
  funder = await createFunder(t, 'active');
  developer = await createUser(t.app, { role: 'borrower', profile: 'default' });
  for (let i = 0; i < 6; i++) {
    inRN.push((await list('RN', residential, 1_000_000 + i * 100_000, 0.2, developmentStages[i % 4])).id);
  }
  for (let i = 0; i < 6; i++) await list('RN', residential, 2_000_000 + i * 100_000, 0.1, 'Construction');
  await list('RN', residential, 1_200_000, null);
  for (let i = 0; i < 9; i++) await list('CV', commercial, 3_000_000 + i * 100_000, 0.15);
  await list('none', { property_type: 'Residential', state: null }, 5_000_000, 0.4);
});
afterAll(() => t.close());

type Query = Record<string, string | number | undefined>;
const statsOf = async (query: Query, app: FastifyInstance = t.app, who: TestUser = funder) => {
  const res = await market(app, who, query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().stats as Record<string, unknown>;
};
const whole = { property_type: null, state: null };

describe('GET /api/projects: the average return of fixed cells, from the day\u2019s snapshot', () => {
  it('a property type and a state show their cell; anything less, the whole market; each with the day', async () => {
    expect(await statsOf({})).toEqual({
      total_capital_seeking: expect.any(Number),
      active_opportunities: 23,
      trending_asset_class: 'Residential',
      average_expected_return: 17.5,
      average_return_cell: whole,
      average_return_as_of: DAY,
    });
    expect(await statsOf(residential)).toMatchObject({
      active_opportunities: 13,
      average_expected_return: 16.5,
      average_return_cell: residential,
      average_return_as_of: DAY,
    });
    // A type alone, or a state alone, is no cell: the whole market's figure.
    expect(await statsOf({ property_type: 'Residential' })).toMatchObject({
      active_opportunities: 14,
      average_expected_return: 17.5,
      average_return_cell: whole,
    });
    expect(await statsOf({ state: 'NSW' })).toMatchObject({ average_expected_return: 17.5 });
  });

  it('a cell of fewer than ten listings stating profit and cost is withheld (Commercial · VIC: nine)', async () => {
    expect(await statsOf({ property_type: 'Commercial', state: 'VIC' })).toMatchObject({
      active_opportunities: 9,
      average_expected_return: null,
      average_return_cell: { property_type: 'Commercial', state: 'VIC' },
    });
    expect(await statsOf({ property_type: 'Industrial', state: 'TAS' })).toMatchObject({
      active_opportunities: 0,
      average_expected_return: null,
    });
  });

  it('loan range, stage, text, sort and page change the counts, never the figure or its cell; on the index and on SQL alike', async () => {
    const maybe = <T>(arbitrary: fc.Arbitrary<T>) => fc.option(arbitrary, { nil: undefined, freq: 2 });
    const expected: Record<string, number | null> = { '*|*': 17.5, 'Residential|NSW': 16.5 };
    let narrowed = 0;
    try {
      await fc.assert(
        fc.asyncProperty(
          fc.record({
            property_type: maybe(fc.constantFrom('Residential', 'Commercial', ...propertyTypes)),
            state: maybe(fc.constantFrom('NSW', 'VIC', ...australianStates)),
            development_stage: maybe(fc.constantFrom(...developmentStages)),
            min_loan: maybe(fc.integer({ min: 0, max: 4_000_000 })),
            max_loan: maybe(fc.integer({ min: 4_000_000, max: 6_000_000 })),
            q: maybe(fc.constantFrom('Average', 'Average RN', 'RN', 'Average none', 'zzz')),
            sort: fc.constantFrom(...marketplaceSorts),
            page: fc.integer({ min: 1, max: 4 }),
            limit: fc.integer({ min: 1, max: 30 }),
          }),
          fc.boolean(),
          async (query, onIndex) => {
            setMarketIndex(t.database.db, onIndex);
            const stats = await statsOf(query);
            const key = query.property_type && query.state ? `${query.property_type}|${query.state}` : '*|*';
            expect(stats.average_return_cell).toEqual(
              key === '*|*' ? whole : { property_type: query.property_type, state: query.state },
            );
            expect(stats.average_expected_return).toBe(expected[key] ?? null);
            expect(stats.average_return_as_of).toBe(DAY);
            if ((stats.active_opportunities as number) < 23 && stats.average_expected_return !== null)
              narrowed++;
          },
        ),
        { seed: 20261203, numRuns: 120 },
      );
    } finally {
      setMarketIndex(t.database.db, true);
    }
    // Most draws narrow the counts while the figure stays the cell's.
    expect(narrowed).toBeGreaterThan(40);
  });

  it('the funder\u2019s own request takes a listing off their counts, not out of the market\u2019s figure', async () => {
    const asking = await createFunder(t, 'active');
    await requestAccessOk(t.app, asking, inRN[0]!);
    expect(await statsOf({}, t.app, asking)).toMatchObject({
      active_opportunities: 22,
      average_expected_return: 17.5,
    });
    expect(await statsOf(residential, t.app, asking)).toMatchObject({
      active_opportunities: 12,
      average_expected_return: 16.5,
    });
  });
});

describe('the daily snapshot', () => {
  it('a listing published the same day changes the counts at once and the figure only with the next day\u2019s snapshot', async () => {
    // CV's tenth listing, at 40 % (band 16).
    const tenth = await list('CV', commercial, 3_900_000, 0.4);
    const cv = { property_type: 'Commercial', state: 'VIC' };
    expect(await statsOf(cv)).toMatchObject({ active_opportunities: 10, average_expected_return: null });
    expect(await statsOf({})).toMatchObject({ active_opportunities: 24, average_expected_return: 17.5 });
    // A restart keeps the day's snapshot: it is read back from the database, not taken again.
    forgetReturnSnapshot(t.database.db);
    expect(await statsOf({})).toMatchObject({ average_expected_return: 17.5, average_return_as_of: DAY });
    expect(await takeReturnSnapshot(t.database.db, DAY)).toBe(false);

    // Midnight in Sydney: the next day's snapshot holds it. CV: (70 / 10 + 0.5) × 2.5 = 18.75 → 19;
    // the whole market: (158 / 23 + 0.5) × 2.5 = 18.42 → 18.5.
    setMarketplaceClock(t.database.db, () => new Date('2026-12-03T13:00:00Z'));
    expect(await statsOf(cv)).toMatchObject({
      average_expected_return: 19,
      average_return_as_of: '2026-12-04',
    });
    expect(await statsOf({})).toMatchObject({ average_expected_return: 18.5 });
    // The day before is still stored as it was taken.
    expect((await readReturnSnapshot(t.database.db, DAY))?.cells.get('*|*')).toEqual({
      listings: 22,
      band_sum: 142,
    });
    await t.database.db.deleteFrom('project').where('id', '=', tenth.id).execute();
    expect(await statsOf(cv)).toMatchObject({ active_opportunities: 9, average_expected_return: 19 });
    setMarketplaceClock(t.database.db, () => noonOf(0));
  });

  it('each cell as the listings make it: the stored sums equal a count of the market by the SQL band function', async () => {
    const day = '2026-12-20';
    expect(await takeReturnSnapshot(t.database.db, day)).toBe(true);
    const { rows } = await sql<{ key: string; listings: number; band_sum: number }>`
      select coalesce(property_type, '*') || '|' || coalesce(state, '*') as key,
        count(marketplace_return_band(expected_profit, total_project_cost))::int as listings,
        coalesce(sum(marketplace_return_band(expected_profit, total_project_cost)), 0)::int as band_sum
      from project where payment_status = 'paid' and visible and funded_at is null
      group by grouping sets ((), (property_type, state))
      having grouping(state) = 1 or state is not null`.execute(t.database.db);
    const stored = (await readReturnSnapshot(t.database.db, day))!;
    expect(Object.fromEntries(stored.cells)).toEqual(
      Object.fromEntries(rows.map((row) => [row.key, { listings: row.listings, band_sum: row.band_sum }])),
    );
    expect(stored.cells.get('Residential|NSW')).toEqual({ listings: 12, band_sum: 72 });
  });
});

const postgresUrl = process.env.PLINTH_TEST_DB === 'postgres' ? process.env.TEST_DATABASE_URL : undefined;
if (postgresUrl) {
  describe('two instances on one PostgreSQL (PostgreSQL)', () => {
    it('reads on both at the first moment of a day take one snapshot, which both serve; a third, started later, too', async () => {
      const { apps, close } = await buildAppsSharingOneSchema(postgresUrl, 3);
      try {
        const [a, b, c] = apps as [FastifyInstance, FastifyInstance, FastifyInstance];
        const shared = { app: a, database: { db: a.deps.db } } as unknown as TestApp;
        const owner = await createUser(a, { role: 'borrower', profile: 'default' });
        const reader = await createFunder(shared, 'active');
        for (let i = 0; i < 10; i++) {
          await listedProject(shared, owner, financials(1_000_000 + i * 10_000, 150_000 + i * 30_000));
        }
        for (const app of apps) setMarketplaceClock(app.deps.db, () => noonOf(0));
        const answers = await Promise.all(
          [a, b, a, b, a, b].map((app) => statsOf({ sort: 'return_potential' }, app, reader)),
        );
        for (const answer of answers) expect(answer).toEqual(answers[0]);
        expect(answers[0]).toMatchObject({ average_return_as_of: DAY });
        expect(answers[0]!.average_expected_return).not.toBeNull();
        const { rows } = await sql<{
          n: number;
        }>`select count(*)::int as n from marketplace_return_snapshot`.execute(a.deps.db);
        expect(rows[0]!.n).toBe(1);
        // A listing later that day, and an instance started after it: the morning's figure.
        await listedProject(shared, owner, financials(1_500_000, 1_200_000));
        expect(await statsOf({ sort: 'return_potential' }, c, reader)).toEqual({
          ...answers[0],
          total_capital_seeking: expect.any(Number),
          active_opportunities: 11,
        });
        // The next day, on an instance that did not migrate (so its change tracker never learnt the
        // foreign keys): taking the snapshot writes only its own tables, and the page it read is kept.
        // First B hears A's last write (its pages are kept again), so nothing else can empty them.
        await expect
          .poll(async () => (await market(b, reader, { state: 'NSW' })).headers['x-read-cache'], {
            timeout: 10_000,
            interval: 50,
          })
          .toBe('hit');
        setMarketplaceClock(b.deps.db, () => noonOf(1));
        const next = await market(b, reader, { state: 'NSW' });
        expect(next.json().stats).toMatchObject({ average_return_as_of: '2026-12-04' });
        const again = await market(b, reader, { state: 'NSW' });
        expect(again.headers['x-read-cache']).toBe('hit');
        expect(again.body).toBe(next.body);
      } finally {
        await close();
      }
    });
  });
}
