import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { marketplaceQuery } from '../src/marketplace';
import {
  averageReturnCellKey,
  averageReturnCellLabel,
  averageReturnCellOf,
  averageReturnOf,
  formatStatsDay,
  MIN_LISTINGS_FOR_AVERAGE_RETURN,
  RETURN_BAND_POINTS,
  type ReturnCellSums,
  returnBandOf,
  returnBandRange,
  statsDayOf,
  toHalfPoint,
} from '../src/marketplace-stats';
import { australianStates, developmentStages, propertyTypes } from '../src/projects';

// Issue 30 finding 4 (docs/decisions/032-stats-that-leak-nothing.md): profit / cost reaches a
// funder without access only as a listing's 2.5-point return band. The sort orders by it, and the
// average return is the mean of band middles over fixed cells of a daily snapshot.

/** Whole dollars as the project table holds them (numeric(14, 0)). */
const dollars = (max: number) => fc.integer({ min: 0, max });
const bigFloor = (profit: number, cost: number) => Number((40n * BigInt(profit)) / BigInt(cost));

describe('returnBandOf: floor(40 × profit / cost), exactly', () => {
  it('bands of 2.5 points: 20 % is band 8 (20 up to 22.5), an edge belongs to the band above', () => {
    expect(returnBandOf(200_000, 1_000_000)).toBe(8);
    expect(returnBandOf(224_999, 1_000_000)).toBe(8);
    expect(returnBandOf(225_000, 1_000_000)).toBe(9);
    expect(returnBandOf(199_999, 1_000_000)).toBe(7);
    expect(returnBandOf(0, 1_000_000)).toBe(0);
    // 1 / 3 = 33.33 %: band 13 (32.5 to 35).
    expect(returnBandOf(1, 3)).toBe(13);
    expect(returnBandRange(8)).toEqual({ from: 20, to: 22.5 });
    expect(RETURN_BAND_POINTS).toBe(2.5);
  });

  it('no band without both figures, or with figures the project table refuses', () => {
    expect(returnBandOf(null, 1_000_000)).toBeNull();
    expect(returnBandOf(200_000, null)).toBeNull();
    expect(returnBandOf(200_000, 0)).toBeNull();
    expect(returnBandOf(-1, 1_000_000)).toBeNull();
  });

  it('agrees with integer arithmetic for any whole-dollar profit and cost up to $10^14', () => {
    fc.assert(
      fc.property(dollars(99_999_999_999_999), dollars(99_999_999_999_998), (profit, c) => {
        const cost = c + 1;
        expect(returnBandOf(profit, cost)).toBe(bigFloor(profit, cost));
      }),
      { seed: 20261202, numRuns: 20_000 },
    );
    // Ratios next to band edges: k / 40 of a cost, and a dollar either side.
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 400 }), fc.integer({ min: 1, max: 2_000_000_000 }), (k, c) => {
        const cost = c * 40;
        for (const profit of [k * c - 1, k * c, k * c + 1].filter((p) => p >= 0)) {
          expect(returnBandOf(profit, cost)).toBe(bigFloor(profit, cost));
        }
      }),
      { seed: 7, numRuns: 5_000 },
    );
  });
});

describe('toHalfPoint', () => {
  it('rounds to the nearest half point, a half-way value up, whatever a float\u2019s last bits say', () => {
    expect([12.2, 12.24, 12.25, 12.74, 12.75, 12.8, 0].map(toHalfPoint)).toEqual([
      12, 12, 12.5, 12.5, 13, 13, 0,
    ]);
    expect(toHalfPoint(12.25 - 1e-12)).toBe(12.5);
    expect(toHalfPoint(12.749_999_999_9)).toBe(13);
  });
});

describe('averageReturnOf: the mean of band middles over a snapshot cell', () => {
  const cell = (bands: number[]): ReturnCellSums => ({
    listings: bands.length,
    band_sum: bands.reduce((sum, band) => sum + band, 0),
  });

  it('each listing at its band\u2019s middle, to the nearest half point, from ten listings', () => {
    // Ten listings in band 8 (20 to 22.5): 21.25 → 21.5 (half-way up).
    expect(averageReturnOf(cell(Array(10).fill(8)))).toBe(21.5);
    // Five in band 4 (11.25) and five in band 5 (13.75): 12.5.
    expect(averageReturnOf(cell([4, 4, 4, 4, 4, 5, 5, 5, 5, 5]))).toBe(12.5);
    // Band 0 only: 1.25 → 1.5.
    expect(averageReturnOf(cell(Array(12).fill(0)))).toBe(1.5);
  });

  it('withheld under ten listings stating both figures, or under a higher threshold; never below ten', () => {
    expect(averageReturnOf(undefined)).toBeNull();
    expect(averageReturnOf(cell([]))).toBeNull();
    expect(averageReturnOf(cell(Array(9).fill(8)))).toBeNull();
    expect(averageReturnOf(cell(Array(12).fill(8)), 13)).toBeNull();
    expect(averageReturnOf(cell(Array(13).fill(8)), 13)).toBe(21.5);
    expect(averageReturnOf(cell(Array(9).fill(8)), 3)).toBeNull();
    expect(averageReturnOf(cell(Array(10).fill(8)), 3)).toBe(21.5);
    expect(MIN_LISTINGS_FOR_AVERAGE_RETURN).toBe(10);
  });

  it('a function of the bands alone, within 1.5 points of the exact mean (1.25 for the middles, 0.25 for rounding)', () => {
    const listing = fc.tuple(dollars(5_000_000), fc.integer({ min: 1_000_000, max: 10_000_000 }));
    fc.assert(
      fc.property(
        fc.array(listing, { minLength: 10, maxLength: 60 }),
        fc.nat(),
        fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
        (listings, which, within) => {
          const sums = (all: [number, number][]) =>
            cell(all.map(([profit, cost]) => returnBandOf(profit, cost)!));
          const figure = averageReturnOf(sums(listings))!;
          const exact = (100 * listings.reduce((sum, [p, c]) => sum + p / c, 0)) / listings.length;
          expect(Math.abs(figure - exact)).toBeLessThanOrEqual(1.5 + 1e-9);
          // Any one listing moved anywhere inside its band: the very same figure.
          const at = which % listings.length;
          const [, cost] = listings[at]!;
          const band = returnBandOf(...listings[at]!)!;
          const lowest = Math.ceil((band * cost) / 40);
          const highest = Math.ceil(((band + 1) * cost) / 40) - 1;
          const moved = Math.min(highest, lowest + Math.floor(within * (highest - lowest + 1)));
          expect(returnBandOf(moved, cost)).toBe(band);
          const changed = listings.map((l, i): [number, number] => (i === at ? [moved, cost] : l));
          expect(averageReturnOf(sums(changed))).toBe(figure);
        },
      ),
      { seed: 30, numRuns: 2_000 },
    );
  });
});

describe('averageReturnCellOf: the fixed cell a query falls in', () => {
  it('a property type and a state: that cell; anything less: the whole market', () => {
    expect(averageReturnCellOf({ property_type: 'Residential', state: 'NSW' })).toEqual({
      property_type: 'Residential',
      state: 'NSW',
    });
    const whole = { property_type: null, state: null };
    expect(averageReturnCellOf({ property_type: 'Residential' })).toEqual(whole);
    expect(averageReturnCellOf({ state: 'NSW' })).toEqual(whole);
    expect(averageReturnCellOf({})).toEqual(whole);
  });

  it('no other part of a query (loan range, stage, text, sort, page, limit) changes the cell', () => {
    const maybe = <T>(arbitrary: fc.Arbitrary<T>) => fc.option(arbitrary, { nil: undefined });
    fc.assert(
      fc.property(
        fc.record({
          property_type: maybe(fc.constantFrom(...propertyTypes)),
          state: maybe(fc.constantFrom(...australianStates)),
          development_stage: maybe(fc.constantFrom(...developmentStages)),
          min_loan: maybe(fc.integer({ min: 0, max: 50_000_000 })),
          max_loan: maybe(fc.integer({ min: 50_000_000, max: 90_000_000 })),
          q: maybe(fc.string({ maxLength: 20 })),
          sort: maybe(fc.constantFrom('newest', 'loan_amount_desc', 'loan_amount_asc', 'return_potential')),
          page: maybe(fc.integer({ min: 1, max: 50 })),
        }),
        (raw) => {
          const query = marketplaceQuery.parse(raw);
          const cell = averageReturnCellOf(query);
          expect(cell).toEqual(averageReturnCellOf({ property_type: raw.property_type, state: raw.state }));
          expect(averageReturnCellKey(cell)).toBe(
            raw.property_type && raw.state ? `${raw.property_type}|${raw.state}` : '*|*',
          );
        },
      ),
      { seed: 11, numRuns: 500 },
    );
  });

  it('labels: "Whole market" or "Residential · NSW"', () => {
    expect(averageReturnCellLabel({ property_type: null, state: null })).toBe('Whole market');
    expect(averageReturnCellLabel({ property_type: 'Mixed Use', state: 'QLD' })).toBe('Mixed Use · QLD');
  });
});

describe('statsDayOf: a snapshot\u2019s day is the calendar day in Sydney', () => {
  it('a new day at midnight in Sydney, summer (UTC+11) and winter (UTC+10)', () => {
    expect(statsDayOf(new Date('2026-12-02T12:59:59.999Z'))).toBe('2026-12-02');
    expect(statsDayOf(new Date('2026-12-02T13:00:00.000Z'))).toBe('2026-12-03');
    expect(statsDayOf(new Date('2026-06-30T13:59:59.999Z'))).toBe('2026-06-30');
    expect(statsDayOf(new Date('2026-06-30T14:00:00.000Z'))).toBe('2026-07-01');
    // Asked again within the same minute, and then back in time: each its own day.
    expect(statsDayOf(new Date('2026-06-30T14:00:30.000Z'))).toBe('2026-07-01');
    expect(statsDayOf(new Date('2026-12-02T12:59:00.000Z'))).toBe('2026-12-02');
  });

  it('shows as people read it, wherever the reader is', () => {
    expect(formatStatsDay('2026-12-03')).toBe('3 Dec 2026');
    expect(formatStatsDay('2027-01-01')).toBe('1 Jan 2027');
  });
});
