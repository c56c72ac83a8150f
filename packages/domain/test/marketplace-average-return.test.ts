import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type AverageBucket,
  addAverageCell,
  averageBucketOf,
  averageExpectedReturn,
  LOAN_BANDS,
  loanBandOf,
  type MarketplaceQuery,
  MIN_LISTINGS_FOR_AVERAGE_RETURN,
  type ReturnSums,
  toHalfPoint,
} from '../src/marketplace';

// Issue 19 item 6 (docs/decisions/032-stats-that-leak-nothing.md): the stats header's average
// expected return is given only over fixed buckets of whole cells (property type × state × stage ×
// loan band), from ten listings up, to the nearest half point; so no two queries that show one
// differ by exactly one listing.

type Filters = Pick<
  MarketplaceQuery,
  'property_type' | 'state' | 'development_stage' | 'min_loan' | 'max_loan' | 'q'
>;

describe('averageBucketOf: the cells a query is averaged over', () => {
  it('a free-form loan range covers every band it overlaps, whole', () => {
    // $1.1m to $4.5m: from the $1m–$1.5m band (index 4) to the $4m–$5m band (index 9).
    expect(averageBucketOf({ min_loan: 1_100_000, max_loan: 4_500_000 })).toEqual({
      property_type: undefined,
      state: undefined,
      development_stage: undefined,
      firstBand: 4,
      lastBand: 9,
    });
    // The same bands as $1m to $4,999,999; a range inside one band is that band.
    expect(averageBucketOf({ min_loan: 1_000_000, max_loan: 4_999_999 })).toEqual(
      averageBucketOf({ min_loan: 1_100_000, max_loan: 4_500_000 }),
    );
    expect(averageBucketOf({ min_loan: 1_100_000, max_loan: 1_200_000 })).toMatchObject({
      firstBand: 4,
      lastBand: 4,
    });
    // A range ending on an edge takes in the band that starts there: $5m is in $5m–$6m.
    expect(averageBucketOf({ max_loan: 5_000_000 })).toMatchObject({ firstBand: 0, lastBand: 10 });
    expect(averageBucketOf({ min_loan: 250_000_000 })).toMatchObject({
      firstBand: LOAN_BANDS.length - 1,
      lastBand: LOAN_BANDS.length - 1,
    });
  });

  it('keeps the type, state and stage filters as they are; a text search gets no average', () => {
    expect(averageBucketOf({ property_type: 'Retail', state: 'TAS', development_stage: 'Planning' })).toEqual(
      {
        property_type: 'Retail',
        state: 'TAS',
        development_stage: 'Planning',
        firstBand: 0,
        lastBand: LOAN_BANDS.length - 1,
      },
    );
    expect(averageBucketOf({ q: 'Harbour' })).toBeNull();
    expect(averageBucketOf({ q: 'Harbour', property_type: 'Retail', min_loan: 1_000_000 })).toBeNull();
  });
});

describe('addAverageCell and toHalfPoint', () => {
  it('a cell counts with two listings stating profit and cost or more; one alone is left out', () => {
    const sums: ReturnSums = { return_sum: 0, return_count: 0 };
    addAverageCell(sums, 0.2, 1);
    expect(sums).toEqual({ return_sum: 0, return_count: 0 });
    addAverageCell(sums, 0.5, 2);
    addAverageCell(sums, 0, 0);
    addAverageCell(sums, 0.9, 3);
    expect(sums).toEqual({ return_sum: 1.4, return_count: 5 });
  });

  it('rounds to the nearest half point, a half-way value up, whatever a float\u2019s last bits say', () => {
    expect([12.2, 12.24, 12.25, 12.74, 12.75, 12.8, -3.3, 0].map(toHalfPoint)).toEqual([
      12, 12, 12.5, 12.5, 13, 13, -3.5, 0,
    ]);
    expect(toHalfPoint(12.25 - 1e-12)).toBe(12.5);
    expect(toHalfPoint(12.749_999_999_9)).toBe(13);
  });
});

// Random markets over a few types, states and stages and the first loan bands ($0 to $1.75m), so
// that cells of one, two and many listings all occur; a few listings state no profit.
const types = ['Residential', 'Commercial', 'Retail'] as const;
const states = ['NSW', 'VIC', null] as const;
const stages = ['Planning', 'Construction'] as const;
const loanArbitrary = fc.integer({ min: 0, max: LOAN_BANDS[5] + 250_000 });

interface Listing {
  id: number;
  property_type: (typeof types)[number];
  state: (typeof states)[number];
  development_stage: (typeof stages)[number];
  loan: number;
  band: number;
  /** Its cell (property type × state × stage × loan band), as a number. */
  cell: number;
  /** profit / cost; null when the listing does not state both. */
  ratio: number | null;
}

const marketArbitrary = fc
  .array(
    fc.record({
      property_type: fc.constantFrom(...types),
      state: fc.constantFrom(...states),
      development_stage: fc.constantFrom(...stages),
      loan: fc.oneof(fc.constantFrom(...LOAN_BANDS.slice(0, 6)), loanArbitrary),
      ratio: fc.option(
        fc.integer({ min: -100, max: 600 }).map((n) => n / 1000),
        { freq: 6 },
      ),
    }),
    { maxLength: 300, size: 'max' },
  )
  .map((rows): Listing[] =>
    rows.map((row, id) => {
      const band = loanBandOf(row.loan);
      const cell =
        ((types.indexOf(row.property_type) * states.length + states.indexOf(row.state)) * stages.length +
          stages.indexOf(row.development_stage)) *
          LOAN_BANDS.length +
        band;
      return { id, ...row, band, cell };
    }),
  );

/** Two random 32-bit tags per listing id, for the sets' hashes. */
const tags = Array.from({ length: 300 }, (_, i) => [
  Math.imul(i + 1, 0x9e3779b1) ^ (Math.imul(i + 7, 0x85ebca6b) >>> 13),
  Math.imul(i + 3, 0xc2b2ae35) ^ (Math.imul(i + 11, 0x27d4eb2f) >>> 11),
]);

/** Every query a funder can send of this market's values: filters set or not, loan ranges between `points`. */
function allQueries(points: readonly number[]): Filters[] {
  const ends = [undefined, ...points];
  const ranges = ends.flatMap((min) =>
    ends
      .filter((max) => min === undefined || max === undefined || min <= max)
      .map((max) => ({ min_loan: min, max_loan: max })),
  );
  return [undefined, ...types].flatMap((property_type) =>
    [undefined, 'NSW' as const, 'VIC' as const].flatMap((state) =>
      [undefined, ...stages].flatMap((development_stage) =>
        ranges.map((range) => ({ property_type, state, development_stage, ...range })),
      ),
    ),
  );
}

const inBucket = (l: Listing, b: AverageBucket) =>
  (b.property_type === undefined || l.property_type === b.property_type) &&
  (b.state === undefined || l.state === b.state) &&
  (b.development_stage === undefined || l.development_stage === b.development_stage) &&
  l.band >= b.firstBand &&
  l.band <= b.lastBand;

const matchesFilters = (l: Listing, f: Filters) =>
  (f.property_type === undefined || l.property_type === f.property_type) &&
  (f.state === undefined || l.state === f.state) &&
  (f.development_stage === undefined || l.development_stage === f.development_stage) &&
  l.loan >= (f.min_loan ?? 0) &&
  l.loan <= (f.max_loan ?? Number.POSITIVE_INFINITY);

/**
 * A query's average as the server computes it (each cell of its bucket through `addAverageCell`,
 * then `averageExpectedReturn`), with the listings that went into it. (Plain throws rather than
 * `expect` in the loops: the property runs over a hundred thousand queries.)
 */
function averageOf(market: readonly Listing[], filters: Filters, minListings: number | undefined) {
  const bucket = averageBucketOf(filters);
  if (!bucket) return { average: null, contributing: [] as Listing[] };
  const cells = new Map<number, Listing[]>();
  for (const listing of market) {
    if (listing.ratio === null || !inBucket(listing, bucket)) continue;
    const cell = cells.get(listing.cell);
    if (cell) cell.push(listing);
    else cells.set(listing.cell, [listing]);
  }
  const sums: ReturnSums = { return_sum: 0, return_count: 0 };
  const contributing: Listing[] = [];
  for (const cell of cells.values()) {
    const before = sums.return_count;
    addAverageCell(
      sums,
      cell.reduce((sum, l) => sum + l.ratio!, 0),
      cell.length,
    );
    const added = sums.return_count - before;
    // A cell goes in whole or not at all, and never as one listing on its own.
    if (added !== 0 && (added !== cell.length || added < 2)) {
      throw new Error(`cell ${cell[0]!.cell} of ${cell.length} added ${added} listings`);
    }
    if (added > 0) contributing.push(...cell);
  }
  return { average: averageExpectedReturn(sums, minListings), contributing };
}

describe('the average expected return leaks no single listing (property)', () => {
  it('no two queries that show an average differ by exactly one listing; each is over whole cells', () => {
    let shown = 0;
    let queries = 0;
    fc.assert(
      fc.property(
        marketArbitrary,
        fc.uniqueArray(loanArbitrary, { maxLength: 4 }),
        fc.constantFrom(undefined, 3, 10, 12, 20),
        (market, points, minListings) => {
          // Each set of listings an average is shown over, by its size and two XOR hashes of its
          // listings' random tags: taking a listing out of a set is one more XOR.
          const averaged = new Map<string, number[]>();
          const keyOf = (size: number, h1: number, h2: number) => `${size}:${h1}:${h2}`;
          for (const filters of allQueries(points)) {
            queries++;
            const bucket = averageBucketOf(filters)!;
            const asked = JSON.stringify(filters);
            // The bucket holds every listing the filters match: the average is about their bands.
            const outside = market.find((l) => matchesFilters(l, filters) && !inBucket(l, bucket));
            if (outside) throw new Error(`${asked}: listing ${outside.id} matches, outside the bucket`);
            const { average, contributing } = averageOf(market, filters, minListings);
            // Shown from ten contributing listings, or the admin's threshold when that is higher.
            const floor = Math.max(minListings ?? 0, MIN_LISTINGS_FOR_AVERAGE_RETURN);
            if ((average === null) !== contributing.length < floor) {
              throw new Error(`${asked}: ${contributing.length} listings, average ${average}`);
            }
            if (average === null) continue;
            shown++;
            // The mean of the contributing listings, to the nearest half point.
            const mean = (contributing.reduce((sum, l) => sum + l.ratio!, 0) / contributing.length) * 100;
            if (!Number.isInteger(average * 2) || Math.abs(average - mean) > 0.25 + 1e-6) {
              throw new Error(`${asked}: average ${average} of a mean of ${mean}`);
            }
            const ids = contributing.map((l) => l.id).sort((a, b) => a - b);
            const h1 = ids.reduce((h, id) => h ^ tags[id]![0]!, 0);
            const h2 = ids.reduce((h, id) => h ^ tags[id]![1]!, 0);
            averaged.set(keyOf(ids.length, h1, h2), ids);
          }
          // Two sets differ by exactly one listing when one is the other plus that listing: take
          // each listing out of each set and look for what is left among the sets shown.
          for (const [key, ids] of averaged) {
            const [, h1, h2] = key.split(':').map(Number) as [number, number, number];
            for (const id of ids) {
              const rest = averaged.get(keyOf(ids.length - 1, h1 ^ tags[id]![0]!, h2 ^ tags[id]![1]!));
              if (rest?.every((other) => other !== id && ids.includes(other))) {
                throw new Error(`averages over ${ids} and over ${rest}`);
              }
            }
          }
        },
      ),
      { seed: 20261127, numRuns: 200 },
    );
    // The markets are dense enough that many queries do show an average (about a fifth).
    expect(shown).toBeGreaterThan(queries / 10);
    // About 65,000 queries: seconds on a busy machine.
  }, 60_000);

  it('a free-form range shows the same average as the whole bands it overlaps', () => {
    fc.assert(
      fc.property(marketArbitrary, loanArbitrary, loanArbitrary, (market, a, b) => {
        const [min, max] = a <= b ? [a, b] : [b, a];
        const first = loanBandOf(min);
        const last = loanBandOf(max);
        const whole = { min_loan: LOAN_BANDS[first], max_loan: LOAN_BANDS[last + 1]! - 1 };
        expect(averageBucketOf({ min_loan: min, max_loan: max })).toEqual(averageBucketOf(whole));
        expect(averageOf(market, { min_loan: min, max_loan: max }, undefined)).toEqual(
          averageOf(market, whole, undefined),
        );
      }),
      { seed: 20261127, numRuns: 200 },
    );
  });
});
