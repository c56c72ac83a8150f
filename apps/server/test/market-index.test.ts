import { marketplaceSorts } from '@plinth/domain/marketplace';
import { australianStates, developmentStages, propertyTypes } from '@plinth/domain/projects';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { funderSide } from '../src/modules/projects/funder-side';
import { MarketIndex } from '../src/modules/projects/market-index';
import { readFunderSides } from '../src/modules/projects/market-index.repository';
import {
  type MarketplaceFilters,
  readMarketplacePage,
} from '../src/modules/projects/marketplace-page.repository';
import { buildTestApp, createUser, type TestApp, type TestUser } from './helpers';
import { adminCall } from './support/admin';
import {
  createFunder,
  decide,
  financials,
  listedProject,
  market,
  requestAccessOk,
  writeBehindTheBack as writeBehindTheBackOf,
} from './support/marketplace';

// Issue 12 item 1 (decision 031): the marketplace's search index answers every filter, sort and
// page exactly as the SQL statements do (which stay for text searches), and it is never staler
// than the database: each read asks whether a listing changed in a transaction its snapshot could
// not see, whoever wrote it.

let t: TestApp;
let funder: TestUser;
let owner: TestUser;
let admin: TestUser;
const ids: string[] = [];

/** A write that bypasses this process's change tracker: another server, or psql. */
const writeBehindTheBack = (text: string, values: unknown[] = []) => writeBehindTheBackOf(t, text, values);

beforeAll(async () => {
  t = await buildTestApp();
  funder = await createFunder(t, 'active');
  owner = await createUser(t.app, { role: 'borrower', profile: 'default' });
  admin = await createUser(t.app, { role: 'admin' });
  // 30 listings over every type, most states and stages, loans on and between the loan bands'
  // edges, some without a profit (no return potential), and pairs created at the same instant
  // (the sorts' ties are broken on id).
  const loans = [
    250_000, 999_999, 1_000_000, 1_250_000, 3_000_000, 4_999_999, 5_000_000, 12_000_000, 75_000_000,
  ];
  for (let i = 0; i < 30; i++) {
    const loan = loans[i % loans.length]!;
    const project = await listedProject(
      t,
      owner,
      {
        ...financials(
          loan,
          i % 4 === 0 ? null : Math.round(loan * (0.08 + (i % 5) / 25)),
          Math.round(loan * 1.5),
        ),
        property_type: propertyTypes[i % propertyTypes.length],
        state: australianStates[(i * 3) % 6],
        development_stage: developmentStages[i % developmentStages.length],
      },
      { daysAgo: Math.floor(i / 2) },
    );
    ids.push(project.id);
  }
  await writeBehindTheBack(
    `update project set created_at = date_trunc('day', created_at) where id::text = any(string_to_array($1, ','))`,
    [ids.join(',')],
  );
  // The funder's own requests: pending (off their market), declined, granted, and funded (off).
  await requestAccessOk(t.app, funder, ids[0]!);
  const declined = await requestAccessOk(t.app, funder, ids[1]!);
  expect((await decide(t.app, owner, declined.id, 'decline')).statusCode).toBe(200);
  const granted = await requestAccessOk(t.app, funder, ids[2]!);
  expect((await decide(t.app, owner, granted.id, 'approve')).statusCode).toBe(200);
  const funded = await requestAccessOk(t.app, funder, ids[3]!);
  await writeBehindTheBack(`update access_request set status = 'funded' where id = $1`, [funded.id]);
});
afterAll(() => t.close());

/** Mostly absent, as funders leave most filters open. */
const sometimes = <T>(arbitrary: fc.Arbitrary<T>) =>
  fc.oneof({ weight: 2, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary });

const filtersArbitrary = fc.record({
  property_type: sometimes(fc.constantFrom(...propertyTypes)),
  state: sometimes(fc.constantFrom(...australianStates)),
  development_stage: sometimes(fc.constantFrom(...developmentStages)),
  min_loan: sometimes(
    fc.oneof(fc.constantFrom(0, 250_000, 1_000_000, 5_000_000), fc.integer({ min: 0, max: 80_000_000 })),
  ),
  max_loan: sometimes(
    fc.oneof(
      fc.constantFrom(999_999, 1_000_000, 5_000_000, 75_000_000),
      fc.integer({ min: 0, max: 80_000_000 }),
    ),
  ),
});

describe('the marketplace search index', () => {
  it('answers every filter, sort and page as the SQL statements do: rows, order, cards and stats', async () => {
    const index = new MarketIndex();
    await index.catchUp(t.database.db);
    expect(index.size).toBe(30);
    const side = await funderSide(t.database.db, funder.id, index.snapshot as string);
    expect(side.stale).toBe(false);
    const { current, offMarket } = side.requests;
    expect([...offMarket].sort()).toEqual([ids[0], ids[3]].sort());
    let rowsCompared = 0;
    await fc.assert(
      fc.asyncProperty(
        filtersArbitrary,
        fc.constantFrom(...marketplaceSorts),
        fc.integer({ min: 0, max: 12 }),
        fc.integer({ min: 1, max: 12 }),
        async (drawn, sort, offset, limit) => {
          const filters: MarketplaceFilters = { ...drawn };
          if (
            filters.min_loan !== undefined &&
            filters.max_loan !== undefined &&
            filters.min_loan > filters.max_loan
          ) {
            [filters.min_loan, filters.max_loan] = [filters.max_loan, filters.min_loan];
          }
          const expected = await readMarketplacePage(t.database.db, {
            funderId: funder.id,
            filters,
            sort,
            limit,
            offset,
          });
          const page = index.page(filters, offMarket, sort, offset, limit);
          expect(page.map((listing) => listing.id)).toEqual(expected.rows.map((row) => row.id));
          expect(page.map((listing) => current.get(listing.id)?.status ?? null)).toEqual(
            expected.rows.map((row) => row.access_status),
          );
          const stats = index.stats(filters, offMarket);
          expect(stats).toEqual({
            listings: expected.stats.active_opportunities,
            capital: expected.stats.total_capital_seeking,
            residential: expected.stats.residential,
            commercial: expected.stats.commercial,
          });
          rowsCompared += page.length;
        },
      ),
      { seed: 20261126, numRuns: 150 },
    );
    expect(rowsCompared).toBeGreaterThan(200);
  });

  it('catches up with listings changed, hidden, funded, deleted and published behind its back', async () => {
    const index = new MarketIndex();
    await index.catchUp(t.database.db);
    const side = async () =>
      readFunderSides(t.database.db, [{ funderId: funder.id }], index.snapshot as string);
    const catchUpIfStale = async () => {
      const { stale } = await side();
      if (stale) await index.catchUp(t.database.db);
      return stale;
    };
    const none = new Set<string>();
    const newest = () => index.page({}, none, 'newest', 0, 100).map((listing) => listing.id);
    const before = newest();
    // Every sort's order is built, so each catch-up below merges its changes into all of them.
    for (const sort of marketplaceSorts) index.page({}, none, sort, 0, 1);
    expect(before).toContain(ids[5]);
    expect(await catchUpIfStale()).toBe(false);

    // An edit the marketplace does not show (the description) leaves the index current.
    await writeBehindTheBack(`update project set description = 'Now with a rooftop garden' where id = $1`, [
      ids[5],
    ]);
    expect(await catchUpIfStale()).toBe(false);

    // Hidden by an admin, funded, a new loan amount: each seen on the next read.
    await writeBehindTheBack('update project set visible = false where id = $1', [ids[5]]);
    await writeBehindTheBack('update project set funded_at = now() where id = $1', [ids[6]]);
    await writeBehindTheBack('update project set loan_amount = 99000000 where id = $1', [ids[7]]);
    expect(await catchUpIfStale()).toBe(true);
    expect(newest()).not.toContain(ids[5]);
    expect(newest()).not.toContain(ids[6]);
    expect(index.page({}, none, 'loan_amount_desc', 0, 1).map((listing) => listing.id)).toEqual([ids[7]]);
    expect(index.stats({ min_loan: 90_000_000 }, none)).toMatchObject({ listings: 1, capital: 99_000_000 });
    expect(await catchUpIfStale()).toBe(false);

    // Deleted, and published again: gone, then back.
    await writeBehindTheBack('delete from project where id = $1', [ids[8]]);
    await writeBehindTheBack('update project set visible = true where id = $1', [ids[5]]);
    expect(await catchUpIfStale()).toBe(true);
    expect(newest()).not.toContain(ids[8]);
    expect(newest()).toContain(ids[5]);
    expect(index.size).toBe(28);

    // A listing created and published through the API.
    const fresh = await listedProject(t, owner, { ...financials(2_000_000, 300_000), state: 'WA' });
    expect(await catchUpIfStale()).toBe(true);
    expect(index.page({ state: 'WA' }, none, 'newest', 0, 1).map((listing) => listing.id)).toEqual([
      fresh.id,
    ]);
    expect(index.size).toBe(29);

    // Every order, kept by merging the changes in, is the order a new index sorts from scratch.
    const rebuilt = new MarketIndex();
    await rebuilt.catchUp(t.database.db);
    for (const sort of marketplaceSorts) {
      const order = (from: MarketIndex) => from.page({}, none, sort, 0, 100).map((listing) => listing.id);
      expect(order(index), sort).toEqual(order(rebuilt));
    }
    expect(index.stats({}, none)).toEqual(rebuilt.stats({}, none));
  });

  it('through the API: the funder sees an admin taking a listing off the market, and their own request taking one off, at once', async () => {
    const [reverted, asked] = [ids[10]!, ids[11]!];
    const listed = async () =>
      (await market(t.app, funder, { limit: 100 })).json().items.map((item: { id: string }) => item.id);
    expect(await listed()).toEqual(expect.arrayContaining([reverted, asked]));
    // A read is a read: it leaves every read cache's stamp where it was.
    const stamps = () => t.database.changes.stamp(['session', 'user', 'project', 'access_request']);
    const before = stamps();
    await listed();
    expect(stamps()).toBe(before);
    const res = await adminCall(t.app, admin, 'POST', `/revert-to-draft/${reverted}`, {
      reason: 'The valuation is out of date.',
    });
    expect(res.statusCode).toBe(200);
    expect(await listed()).not.toContain(reverted);
    await requestAccessOk(t.app, funder, asked);
    expect(await listed()).not.toContain(asked);
  });
});

const postgresUrl = process.env.PLINTH_TEST_DB === 'postgres' ? process.env.TEST_DATABASE_URL : undefined;
if (postgresUrl) {
  describe('the marketplace search index beside concurrent transactions (PostgreSQL)', () => {
    it('a change in a transaction still open when the index read the market is seen once it commits', async () => {
      const pool = t.database.pool!;
      const writer = await pool.connect();
      try {
        const target = ids[12]!;
        await writer.query('begin');
        await writer.query('update project set loan_amount = 88000000 where id = $1', [target]);
        // The index reads the market while the writer's transaction is open: it cannot see it.
        const index = new MarketIndex();
        await index.catchUp(t.database.db);
        const check = () =>
          readFunderSides(t.database.db, [{ funderId: funder.id }], index.snapshot as string);
        const open = await check();
        expect(open.stale).toBe(false);
        index.sawNothingNewUntil(open.snapshot);
        expect(index.stats({ min_loan: 80_000_000, max_loan: 90_000_000 }, new Set())).toMatchObject({
          listings: 0,
        });
        await writer.query('commit');
        const committed = await check();
        expect(committed.stale).toBe(true);
        await index.catchUp(t.database.db);
        expect(index.stats({ min_loan: 80_000_000, max_loan: 90_000_000 }, new Set())).toMatchObject({
          listings: 1,
          capital: 88_000_000,
        });
        expect((await check()).stale).toBe(false);
      } finally {
        writer.release();
      }
    });
  });
}
