import { z } from 'zod';
import { australianStates, propertyTypes } from './projects';

// The marketplace's statistics that touch a confidential figure, profit / cost (issue 30 finding 4;
// docs/decisions/032-stats-that-leak-nothing.md). Two things show it, and both only through a
// listing's return band: the return-potential sort orders by bands, and the average expected
// return is the mean of band middles over a fixed cell of a daily snapshot. Every answer is then a
// function of the listings' bands and preview fields, so no run of queries, however chosen, bounds
// a listing's profit / cost more tightly than its band.

/** How wide a return band is, in percentage points of profit / cost. */
export const RETURN_BAND_POINTS = 2.5;

/** Bands per whole unit of profit / cost (100 points / 2.5). The SQL function uses the same 40. */
export const RETURN_BANDS_PER_UNIT = 100 / RETURN_BAND_POINTS;

/**
 * A listing's return band: floor(40 × profit / cost), so band 8 holds 20 % up to (not including)
 * 22.5 %. Null when profit or cost is missing, or outside what the project table allows (profit
 * ≥ 0, cost > 0). Profit and cost are whole dollars (numeric(14, 0)), and the quotient is worked
 * out exactly in integers, so a ratio on a band's edge lands in the band above, as PostgreSQL's
 * `marketplace_return_band()` (migration 20261202100000) puts it: a test holds the two together.
 */
export function returnBandOf(profit: number | null, cost: number | null): number | null {
  if (profit === null || cost === null || !(profit >= 0) || !(cost > 0)) return null;
  // Under 10^14 each, so 40 × profit and band × cost stay exact in a double (below 2^53). A quotient
  // just under a whole number is at least 1 / cost below it, more than the division's rounding in
  // that range; the products check it anyway, so the floor is exact whatever a caller passes.
  const scaled = RETURN_BANDS_PER_UNIT * profit;
  let band = Math.floor(scaled / cost);
  if (band * cost > scaled) band--;
  else if ((band + 1) * cost <= scaled) band++;
  return band;
}

/** The band's range in percentage points, [from, to). */
export const returnBandRange = (band: number) => ({
  from: band * RETURN_BAND_POINTS,
  to: (band + 1) * RETURN_BAND_POINTS,
});

/**
 * The fewest listings stating profit and cost behind an average shown. The admin's
 * `marketplace_average_min_listings` setting may raise it, never lower it.
 */
export const MIN_LISTINGS_FOR_AVERAGE_RETURN = 10;

/**
 * The cells the average return is published for: the whole market (both null), or one property
 * type in one state. Nothing else: a query's other filters never change which listings a figure
 * covers.
 */
export const averageReturnCell = z.object({
  property_type: z.enum(propertyTypes).nullable(),
  state: z.enum(australianStates).nullable(),
});
export type AverageReturnCell = z.infer<typeof averageReturnCell>;

/**
 * The cell a query's stats header shows: its property type × state when it names one of each,
 * otherwise the whole market. Loan range, stage, text, sort and page play no part.
 */
export function averageReturnCellOf(query: {
  property_type?: AverageReturnCell['property_type'];
  state?: AverageReturnCell['state'];
}): AverageReturnCell {
  return query.property_type && query.state
    ? { property_type: query.property_type, state: query.state }
    : { property_type: null, state: null };
}

/** The key a snapshot stores a cell under: '*' for "any", as in marketplace_return_cell. */
export const ANY_IN_CELL = '*';
export const averageReturnCellKey = (cell: AverageReturnCell) =>
  `${cell.property_type ?? ANY_IN_CELL}|${cell.state ?? ANY_IN_CELL}`;

/** 'Whole market', or 'Residential · NSW'. */
export const averageReturnCellLabel = (cell: AverageReturnCell) =>
  cell.property_type && cell.state ? `${cell.property_type} · ${cell.state}` : 'Whole market';

/** What a daily snapshot keeps of a cell: the listings stating profit and cost, and their bands' sum. */
export interface ReturnCellSums {
  listings: number;
  band_sum: number;
}

/**
 * A percentage to the nearest half point, a half-way value up: 12.2 → 12, 12.25 → 12.5. First to a
 * millionth of a point, so a value a float's last bits either side of a half-way point rounds as
 * the exact one would.
 */
export function toHalfPoint(percent: number): number {
  const snapped = Math.round(percent * 1e6) / 1e6;
  return Math.round(snapped * 2) / 2;
}

/**
 * The average expected return of a cell of the day's snapshot: each listing counted at the middle
 * of its return band, as a percentage to the nearest half point. Withheld (null) under
 * MIN_LISTINGS_FOR_AVERAGE_RETURN listings stating both figures, or under the admin's threshold
 * (`minListings`) when that is higher. Each listing is within 1.25 points of its band's middle, so
 * the figure is within 1.25 points of the exact mean before rounding (in a real market's spread of
 * returns, far closer).
 */
export function averageReturnOf(
  cell: ReturnCellSums | undefined,
  minListings = MIN_LISTINGS_FOR_AVERAGE_RETURN,
): number | null {
  if (!cell || cell.listings < Math.max(minListings, MIN_LISTINGS_FOR_AVERAGE_RETURN)) return null;
  return toHalfPoint((cell.band_sum / cell.listings + 0.5) * RETURN_BAND_POINTS);
}

const sydneyDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Sydney' });
let lastMinute = Number.NaN;
let lastDay = '';

/**
 * The day a snapshot belongs to: the calendar day in Australia/Sydney (YYYY-MM-DD), so a new one
 * starts at midnight there. Asked on every marketplace read, so it is worked out once a minute
 * (midnight in Sydney always falls on a whole minute of UTC).
 */
export function statsDayOf(at: Date): string {
  const minute = Math.floor(at.getTime() / 60_000);
  if (minute !== lastMinute) {
    lastDay = sydneyDay.format(at);
    lastMinute = minute;
  }
  return lastDay;
}

const dayFormat = new Intl.DateTimeFormat('en-AU', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

/** A snapshot's day as people read it: '2026-12-03' → '3 Dec 2026' (wherever the reader is). */
export const formatStatsDay = (day: string) => dayFormat.format(new Date(`${day}T00:00:00Z`));

/**
 * The note under the marketplace's average expected return (issue 37 item 14): which cell and which
 * day's snapshot, and when the figure is withheld (a dash), why: too few listings in that cell state
 * both profit and cost (at least MIN_LISTINGS_FOR_AVERAGE_RETURN are needed; an admin may ask more).
 */
export function averageReturnNote(stats: {
  average_expected_return: number | null;
  average_return_cell: AverageReturnCell;
  average_return_as_of: string;
}): string {
  const where = `${averageReturnCellLabel(stats.average_return_cell)}, snapshot of ${formatStatsDay(stats.average_return_as_of)}`;
  return stats.average_expected_return === null
    ? `Not shown: fewer than ${MIN_LISTINGS_FOR_AVERAGE_RETURN} listings state profit and cost in ${averageReturnCellLabel(stats.average_return_cell)} (snapshot of ${formatStatsDay(stats.average_return_as_of)})`
    : where;
}
