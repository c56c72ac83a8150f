import { createHash } from 'node:crypto';
import { LOAN_BANDS, marketplaceSorts } from '@plinth/domain/marketplace';
import { returnBandOf, toHalfPoint } from '@plinth/domain/marketplace-stats';
import { australianStates, developmentStages, propertyTypes } from '@plinth/domain/projects';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setMarketIndex } from '../../src/modules/projects/marketplace.service';
import { setMarketplaceClock } from '../../src/modules/projects/marketplace-return-snapshot';
import { buildTestApp, createUser, type TestApp, type TestUser } from '../helpers';
import { createFunder, market } from '../support/marketplace';

// Issue 30 finding 4, as the attacker of the issue would try it: a developer who owns up to 50
// listings of figures they choose, and a funder account without access that sends any queries it
// likes (filters, loan ranges on and off band edges, text, every sort, any page) and reads every
// answer, to bound another listing's profit / cost (decision 032).
//
// The proof is an equivalence. Two markets are built, each on its own database, identical in
// every listing and every id except one: the target's profit, moved inside its 2.5-point return
// band. Each takes its own daily snapshot, and each answers every query twice, from the search
// index and from the SQL statements (MARKET_INDEX=off). All four answers must be the same bytes.
// If they are, no run of queries can tell the two targets apart, so nothing the attacker sees
// bounds the target's return more tightly than its band. The pairs are drawn so that the old rules
// (an exact order by profit / cost, an exact average rounded to 0.5) would tell them apart: the
// test fails if either comes back.

let a: TestApp;
let b: TestApp;
const accounts = new Map<TestApp, { attacker: TestUser; victim: TestUser; funder: TestUser }>();

beforeAll(async () => {
  // No page cache: every answer is read afresh, on the path the test picks.
  [a, b] = [await buildTestApp({ READ_CACHE: 'off' }), await buildTestApp({ READ_CACHE: 'off' })];
  for (const t of [a, b]) {
    accounts.set(t, {
      attacker: await createUser(t.app, { role: 'borrower', profile: 'default', name: 'Ada Attacker' }),
      victim: await createUser(t.app, { role: 'borrower', profile: 'default', name: 'Vic Victim' }),
      funder: await createFunder(t, 'active', { name: 'Ada Attacker' }),
    });
  }
});
afterAll(async () => {
  await a?.close();
  await b?.close();
});

/** A listing as both markets hold it; the target's profit is the one thing that differs. */
interface Listing {
  id: string;
  owner: 'attacker' | 'victim' | 'target';
  title: string;
  suburb: string;
  property_type: (typeof propertyTypes)[number];
  state: (typeof australianStates)[number] | null;
  development_stage: (typeof developmentStages)[number];
  loan_amount: number;
  total_project_cost: number;
  expected_profit: number | null;
  created_at: Date;
}

/** The cell: Mixed Use in QLD, at Construction. */
const CELL = { property_type: 'Mixed Use', state: 'QLD', development_stage: 'Construction' } as const;
const COST = 10_000_000;
/** Profit on a $10m cost for a band and an offset inside it: band k holds 250,000 k to 250,000 k + 249,999. */
const profitIn = (band: number, offset: number) => band * 250_000 + offset;

async function putMarket(t: TestApp, listings: Listing[], targetProfit: number, day: number) {
  const { attacker, victim } = accounts.get(t)!;
  const db = t.database.db;
  await db.deleteFrom('project').execute();
  await db
    .insertInto('project')
    .values(
      listings.map((l) => ({
        id: l.id,
        borrower_id: l.owner === 'attacker' ? attacker.id : victim.id,
        title: l.title,
        location: `1 Test Street, ${l.suburb}`,
        suburb: l.suburb,
        state: l.state,
        property_type: l.property_type,
        development_stage: l.development_stage,
        loan_amount: l.loan_amount,
        total_project_cost: l.total_project_cost,
        expected_profit: l.owner === 'target' ? targetProfit : l.expected_profit,
        payment_status: 'paid' as const,
        visible: true,
        submission_status: 'submitted' as const,
        created_at: l.created_at,
      })),
    )
    .execute();
  // A new day for each market: its snapshot is taken, from this market, by the first query.
  setMarketplaceClock(db, () => new Date(Date.parse('2027-01-01T01:00:00Z') + day * 86_400_000));
}

type Query = Record<string, string | number | undefined>;

/** Every answer the attacker can get to `query`: market A and B, each from the index and from SQL. */
async function answersTo(query: Query): Promise<string[]> {
  const bodies: string[] = [];
  for (const t of [a, b]) {
    for (const onIndex of [true, false]) {
      setMarketIndex(t.database.db, onIndex);
      try {
        const res = await market(t.app, accounts.get(t)!.funder, query);
        expect(res.statusCode, res.body).toBe(200);
        bodies.push(res.body);
      } finally {
        setMarketIndex(t.database.db, true);
      }
    }
  }
  return bodies;
}

async function expectIndistinguishable(queries: Query[]) {
  let shown = 0;
  for (const query of queries) {
    const [first, ...rest] = await answersTo(query);
    for (const other of rest) expect(other, JSON.stringify(query)).toBe(first);
    if (JSON.parse(first!).stats.average_expected_return !== null) shown++;
  }
  return shown;
}

/** The probes: whole-band loan ranges around the target's loan, in its cell and around it. */
function probesAround(loan: number): Query[] {
  const band = LOAN_BANDS.findLastIndex((edge) => edge <= loan);
  const queries: Query[] = [];
  for (let lo = Math.max(0, band - 3); lo <= band; lo++) {
    for (let hi = band; hi <= Math.min(LOAN_BANDS.length - 2, band + 3); hi++) {
      const range = { min_loan: LOAN_BANDS[lo]!, max_loan: LOAN_BANDS[hi + 1]! - 1 };
      queries.push({ ...CELL, ...range }, { property_type: CELL.property_type, ...range });
    }
  }
  for (const sort of marketplaceSorts) {
    queries.push({ sort, limit: 100 }, { ...CELL, sort, limit: 100 }, { sort, limit: 7, page: 2 });
  }
  queries.push(
    { q: 'Target' },
    { q: 'Probe', sort: 'return_potential', limit: 100 },
    { ...CELL, q: 'Tower' },
  );
  return queries;
}

/** What the rules before this issue would have shown: the target's rank by exact profit / cost. */
const exactRank = (listings: Listing[], targetProfit: number) => {
  const ratio = (l: Listing) =>
    (l.owner === 'target' ? targetProfit : (l.expected_profit ?? -1)) / l.total_project_cost;
  const sorted = [...listings].sort((x, y) => ratio(y) - ratio(x) || (x.id < y.id ? 1 : -1));
  return sorted.findIndex((l) => l.owner === 'target');
};
/** ... and the exact average of some listings, to the nearest half point. */
const exactAverage = (listings: Listing[], targetProfit: number) => {
  const sum = listings.reduce(
    (s, l) => s + (l.owner === 'target' ? targetProfit : l.expected_profit!) / l.total_project_cost,
    0,
  );
  return toHalfPoint((sum / listings.length) * 100);
};

let day = 0;

/** An id of its own for each listing of each market drawn, the same on every run of the test. */
const idOf = (n: number) => {
  const hex = createHash('sha256').update(`${day}:${n}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
};

const listing = (owner: Listing['owner'], n: number, fields: Partial<Listing>): Listing => ({
  id: idOf(n),
  owner,
  title: owner === 'target' ? 'Target Tower' : `Probe ${n}`,
  suburb: owner === 'target' ? 'Fortitude Valley' : 'Newstead',
  ...CELL,
  loan_amount: 2_000_000,
  total_project_cost: COST,
  expected_profit: null,
  created_at: new Date(Date.parse('2026-12-01T00:00:00Z') - n * 60_000),
  ...fields,
});

describe('an attacker with 50 listings and any queries learns no more than the target\u2019s band', () => {
  it('the issue\u2019s attack: 39 listings of known figures in the target\u2019s cell, whole-band loan ranges around it, the return sort; two targets 2.3 points apart in one band give the same bytes', async () => {
    // Nine probes at 20.2 % beside the target at 20.1 % or 22.4 % (both band 8, 20 to 22.5), all
    // at a $2m loan. Under decision 032 as it was, the query of their cell and loan band averaged
    // exactly these ten: 20 against 20.5; and the exact order put the target below the probes in
    // one market and above them in the other. Thirty more probes around it, in other loan bands.
    day++;
    const listings: Listing[] = [listing('target', 0, { expected_profit: 0 })];
    for (let n = 1; n <= 9; n++) listings.push(listing('attacker', n, { expected_profit: 2_020_000 }));
    for (let n = 10; n <= 39; n++) {
      listings.push(
        listing('attacker', n, {
          ...(n % 3 === 0 ? { development_stage: 'Planning' } : {}),
          ...(n % 5 === 0 ? { property_type: 'Retail' } : {}),
          loan_amount: [750_000, 1_000_000, 1_500_000, 2_500_000, 3_000_000, 4_000_000][n % 6]!,
          expected_profit: profitIn(n % 12, (n * 37_003) % 250_000),
        }),
      );
    }
    for (let n = 40; n < 52; n++) {
      listings.push(
        listing('victim', n, {
          property_type: propertyTypes[n % 5]!,
          state: australianStates[n % 8]!,
          loan_amount: 5_000_000 + n * 100_000,
          expected_profit: n % 4 === 0 ? null : profitIn(n % 16, 1_000),
        }),
      );
    }
    const [low, high] = [2_010_000, 2_240_000];
    expect([returnBandOf(low, COST), returnBandOf(high, COST)]).toEqual([8, 8]);
    const oldBucket = listings.filter(
      (l) =>
        l.property_type === CELL.property_type &&
        l.state === CELL.state &&
        l.development_stage === CELL.development_stage &&
        l.loan_amount >= 2_000_000 &&
        l.loan_amount < 2_500_000,
    );
    expect(oldBucket).toHaveLength(10);
    expect([exactAverage(oldBucket, low), exactAverage(oldBucket, high)]).toEqual([20, 20.5]);
    expect(exactRank(listings, low)).not.toBe(exactRank(listings, high));

    await putMarket(a, listings, low, day);
    await putMarket(b, listings, high, day);
    const shown = await expectIndistinguishable(probesAround(2_000_000));
    // The figures are published (the whole market, and the cell of 33 listings), and still the same.
    expect(shown).toBeGreaterThan(20);
    const [answer] = await answersTo({ ...CELL, sort: 'return_potential', limit: 100 });
    expect(JSON.parse(answer!).stats).toMatchObject({
      average_return_cell: { property_type: 'Mixed Use', state: 'QLD' },
      average_expected_return: expect.any(Number),
    });
  });

  it('the smallest cell published: the target and nine probes of known figures are the whole of Mixed Use \u00b7 QLD; the exact mean would differ by half a point, the figure does not', async () => {
    day++;
    const listings: Listing[] = [listing('target', 0, { expected_profit: 0 })];
    for (let n = 1; n <= 9; n++) listings.push(listing('attacker', n, { expected_profit: 2_020_000 }));
    // The rest of the market: other cells, so the whole market's figure is published too.
    for (let n = 10; n < 30; n++) {
      listings.push(
        listing('victim', n, {
          property_type: n % 2 ? 'Residential' : 'Mixed Use',
          state: 'NSW',
          expected_profit: profitIn(n % 14, n * 1_000),
        }),
      );
    }
    const [low, high] = [2_010_000, 2_240_000];
    const cell = listings.filter((l) => l.property_type === 'Mixed Use' && l.state === 'QLD');
    expect(cell).toHaveLength(10);
    expect([exactAverage(cell, low), exactAverage(cell, high)]).toEqual([20, 20.5]);
    expect(exactRank(listings, low)).not.toBe(exactRank(listings, high));
    await putMarket(a, listings, low, day);
    await putMarket(b, listings, high, day);
    expect(await expectIndistinguishable(probesAround(2_000_000))).toBeGreaterThan(20);
    // Every listing of the cell in band 8 (20 to 22.5): its middle, 21.25, shows as 21.5.
    const [answer] = await answersTo({ ...CELL });
    expect(JSON.parse(answer!).stats).toMatchObject({
      average_return_cell: { property_type: 'Mixed Use', state: 'QLD' },
      average_expected_return: 21.5,
    });
  });

  it('property: any market of up to 50 attacker listings, any target band, any two returns in it, any queries: the same bytes', async () => {
    const maybe = <T>(arbitrary: fc.Arbitrary<T>) => fc.option(arbitrary, { nil: undefined, freq: 2 });
    const edge = fc.constantFrom(...LOAN_BANDS.slice(3, 14));
    const loan = fc.oneof(edge, fc.integer({ min: 750_000, max: 12_000_000 }));
    const queryArbitrary = fc
      .record({
        property_type: maybe(fc.constantFrom('Mixed Use', ...propertyTypes)),
        state: maybe(fc.constantFrom('QLD', ...australianStates)),
        development_stage: maybe(fc.constantFrom(...developmentStages)),
        min_loan: maybe(fc.oneof(edge, fc.integer({ min: 0, max: 3_000_000 }))),
        max_loan: maybe(
          fc.oneof(
            edge.map((e) => e - 1),
            fc.integer({ min: 3_000_000, max: 15_000_000 }),
          ),
        ),
        q: maybe(fc.constantFrom('Target', 'Probe', 'Tower', 'Newstead', 'Valley')),
        sort: fc.constantFrom(...marketplaceSorts),
        page: fc.integer({ min: 1, max: 3 }),
        limit: fc.constantFrom(1, 5, 20, 100),
      })
      .map((query) =>
        // A minimum above the maximum is a 400 that names no listing: the range the other way round.
        query.min_loan !== undefined && query.max_loan !== undefined && query.min_loan > query.max_loan
          ? { ...query, min_loan: query.max_loan, max_loan: query.min_loan }
          : query,
      );
    const marketArbitrary = fc
      .record({
        band: fc.integer({ min: 0, max: 24 }),
        offsets: fc.uniqueArray(fc.integer({ min: 0, max: 249_999 }), { minLength: 2, maxLength: 2 }),
        targetLoan: loan,
        targetAge: fc.integer({ min: 0, max: 300 }),
      })
      .chain(({ band, offsets, targetLoan, targetAge }) =>
        fc.record({
          band: fc.constant(band),
          returns: fc.constant(offsets.map((offset) => profitIn(band, offset))),
          target: fc.constant({ loan_amount: targetLoan, age: targetAge }),
          attacker: fc.array(
            fc.record({
              inCell: fc.boolean(),
              property_type: fc.constantFrom(...propertyTypes),
              state: fc.constantFrom(...australianStates),
              development_stage: fc.constantFrom(...developmentStages),
              loan_amount: loan,
              // Mostly in or next to the target's band, where an exact rule would give it away.
              profit: fc.oneof(
                fc.integer({ min: profitIn(band, 0), max: profitIn(band, 249_999) }),
                fc.integer({ min: Math.max(0, profitIn(band, 0) - 20), max: profitIn(band + 1, 20) }),
                fc.integer({ min: 0, max: 6_000_000 }),
                fc.constant(null),
              ),
              // Ages that tie with the target's (newest within a band, then id).
              age: fc.oneof(fc.constant(targetAge), fc.integer({ min: 0, max: 300 })),
            }),
            { minLength: 10, maxLength: 50 },
          ),
          others: fc.array(
            fc.record({
              property_type: fc.constantFrom(...propertyTypes),
              state: fc.option(fc.constantFrom(...australianStates), { freq: 6 }),
              loan_amount: loan,
              profit: fc.option(fc.integer({ min: 0, max: 5_000_000 }), { freq: 5 }),
              age: fc.integer({ min: 0, max: 300 }),
            }),
            { maxLength: 20 },
          ),
          queries: fc.array(queryArbitrary, { minLength: 15, maxLength: 25 }),
        }),
      );
    let orderWouldLeak = 0;
    await fc.assert(
      fc.asyncProperty(marketArbitrary, async (drawn) => {
        day++;
        const at = (age: number) => new Date(Date.parse('2026-12-01T00:00:00Z') - age * 60_000);
        const listings: Listing[] = [
          listing('target', 0, { loan_amount: drawn.target.loan_amount, created_at: at(drawn.target.age) }),
          ...drawn.attacker.map((l, n) =>
            listing('attacker', n + 1, {
              ...(l.inCell ? CELL : l),
              loan_amount: l.loan_amount,
              expected_profit: l.profit,
              created_at: at(l.age),
            }),
          ),
          ...drawn.others.map((l, n) =>
            listing('victim', n + 100, { ...l, expected_profit: l.profit, created_at: at(l.age) }),
          ),
        ];
        const [low, high] = drawn.returns as [number, number];
        expect([returnBandOf(low, COST), returnBandOf(high, COST)]).toEqual([drawn.band, drawn.band]);
        if (exactRank(listings, low) !== exactRank(listings, high)) orderWouldLeak++;
        await putMarket(a, listings, low, day);
        await putMarket(b, listings, high, day);
        await expectIndistinguishable([
          ...drawn.queries,
          { sort: 'return_potential', limit: 100 },
          { ...CELL, sort: 'return_potential', limit: 100 },
        ]);
      }),
      { seed: 20261203, numRuns: 12, endOnFailure: true },
    );
    // In most markets drawn, an exact order would have told the two targets apart.
    expect(orderWouldLeak).toBeGreaterThanOrEqual(6);
    // Twelve markets, each asked some 25 queries four ways: minutes on a loaded two-core machine.
  }, 240_000);
});
