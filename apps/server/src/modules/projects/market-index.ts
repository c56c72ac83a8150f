import { addAverageCell, averageBucketOf, LOAN_BANDS } from '@plinth/domain/marketplace';
import { developmentStages, propertyTypes } from '@plinth/domain/projects';
import type { Db } from '../../db/database';
import { isNewer, readMarketChanges, readMarketListings } from './market-index.repository';
import {
  comparators,
  type Filter,
  filterOf,
  firstLoanAtLeast,
  type IndexedListing,
  insertSorted,
  type KeptOrder,
  keptOrders,
  matches,
  removeSorted,
  type Sort,
  stateCodes,
  toIndexedListing,
} from './market-index-listing';
import { coveredLoanBands } from './marketplace-loan-bands';
import type { MarketplaceFilters } from './marketplace-page.repository';

// The marketplace's search index (docs/decisions/031-marketplace-search-index.md): every listing
// on the market, held by each server process in the shapes its queries need: the stats' sums per
// (property type, state, stage, loan band), and the listings in each sort's order, whole, per
// property type and per state. A funder's page and stats header are computed here; what is the
// funder's own (their requests and deals) and whether the index is still current are asked of the
// database on every read (funder-side.ts). The index holds only what every funder may see of a
// listing.

export type { IndexedListing } from './market-index-listing';

/**
 * The stats' sums: the counts over the listings a funder's filters match; the average return's
 * over the whole cells of the filters' bucket that count toward it (the domain's `averageBucketOf`
 * and `addAverageCell`), across the whole market.
 */
export interface MarketSums {
  listings: number;
  capital: number;
  residential: number;
  commercial: number;
  return_sum: number;
  return_count: number;
}

const emptySums = (): MarketSums => ({
  listings: 0,
  capital: 0,
  residential: 0,
  commercial: 0,
  return_sum: 0,
  return_count: 0,
});

/** Counts one listing in or out (never in the average return, which is over whole cells only). */
function countIn(sums: MarketSums, listing: IndexedListing, sign: 1 | -1) {
  sums.listings += sign;
  sums.capital += sign * listing.loan_amount;
  if (listing.property_type === 'Residential') sums.residential += sign;
  if (listing.property_type === 'Commercial') sums.commercial += sign;
}

const TYPES = propertyTypes.length;
const STATES = stateCodes.length;
const STAGES = developmentStages.length;
const BANDS = LOAN_BANDS.length;
const SUMS = 4;
const RESIDENTIAL = propertyTypes.indexOf('Residential');
const COMMERCIAL = propertyTypes.indexOf('Commercial');

/** One order: every listing in it, and per property type and per state the listings with it. */
interface Order {
  all: IndexedListing[];
  byType: IndexedListing[][];
  byState: IndexedListing[][];
}

/** The shortest list of an order that holds every listing the filter can match. */
function candidates(order: Order, f: Filter): IndexedListing[] {
  let list = order.all;
  if (f.type >= 0 && order.byType[f.type]!.length < list.length) list = order.byType[f.type]!;
  if (f.state >= 0 && order.byState[f.state]!.length < list.length) list = order.byState[f.state]!;
  return list;
}

/**
 * One database's index. `snapshot` is the PostgreSQL snapshot (pg_snapshot text) the index is
 * exactly as fresh as: every listing change committed in it is applied, none after.
 */
export class MarketIndex {
  private readonly listings = new Map<string, IndexedListing>();
  /** The stats' sums per (type, state, stage, loan band) cell, SUMS numbers a cell. */
  private readonly sums = new Float64Array(TYPES * STATES * STAGES * BANDS * SUMS);
  /** Each order once asked for, kept in order as listings change (a sorted insert or removal). */
  private readonly orders: Partial<Record<KeptOrder, Order>> = {};
  snapshot: string | null = null;
  private running: Promise<void> | null = null;
  private queued: Promise<void> | null = null;

  get size() {
    return this.listings.size;
  }

  /**
   * Brings the index up to a snapshot taken after this call: the whole market the first time,
   * then the listings changed since the index's snapshot. One catch-up runs at a time; callers
   * that arrive while one runs share the next, which starts after it.
   */
  catchUp(db: Db): Promise<void> {
    if (!this.queued) {
      const previous = this.running ?? Promise.resolve();
      this.queued = previous
        .catch(() => {})
        .then(() => {
          this.queued = null;
          this.running = this.readChanges(db).finally(() => {
            this.running = null;
          });
          return this.running;
        });
    }
    return this.queued;
  }

  /**
   * A read found no listing changed by a transaction the index's snapshot could not see, as of
   * `snapshot` (that read's own): every change `snapshot` sees is applied, so the index may take it
   * as its own when it is newer. The in-progress transactions the next checks look for are then
   * the ones running now, not those of the last catch-up. (Taking an older one would only make a
   * later check read some changes twice.)
   */
  sawNothingNewUntil(snapshot: string) {
    if (this.snapshot !== null && isNewer(snapshot, this.snapshot)) this.snapshot = snapshot;
  }

  private async readChanges(db: Db) {
    if (this.snapshot === null) {
      const { snapshot, rows } = await readMarketListings(db);
      for (const row of rows) this.put(toIndexedListing(row));
      this.snapshot = snapshot;
      return;
    }
    const { snapshot, changes } = await readMarketChanges(db, this.snapshot);
    for (const change of changes) {
      this.remove(change.project_id);
      if (change.listing) this.put(toIndexedListing(change.listing));
    }
    this.snapshot = snapshot;
  }

  private count(listing: IndexedListing, sign: 1 | -1) {
    const at =
      (((listing.typeCode * STATES + listing.stateCode) * STAGES + listing.stageCode) * BANDS +
        listing.band) *
      SUMS;
    const s = this.sums;
    s[at] = s[at]! + sign;
    s[at + 1] = s[at + 1]! + sign * listing.loan_amount;
    if (listing.returnPotential !== null) {
      s[at + 2] = s[at + 2]! + sign * listing.returnPotential;
      s[at + 3] = s[at + 3]! + sign;
    }
  }

  private put(listing: IndexedListing) {
    this.listings.set(listing.id, listing);
    this.count(listing, 1);
    this.eachListOf(listing, insertSorted);
  }

  private remove(id: string) {
    const listing = this.listings.get(id);
    if (!listing) return;
    this.listings.delete(id);
    this.count(listing, -1);
    this.eachListOf(listing, removeSorted);
  }

  /** Applies `change` to every kept list `listing` belongs to: each order's whole, type and state lists. */
  private eachListOf(
    listing: IndexedListing,
    change: (
      list: IndexedListing[],
      listing: IndexedListing,
      compare: (typeof comparators)[KeptOrder],
    ) => void,
  ) {
    for (const sort of keptOrders) {
      const order = this.orders[sort];
      if (!order) continue;
      for (const list of [order.all, order.byType[listing.typeCode]!, order.byState[listing.stateCode]!]) {
        change(list, listing, comparators[sort]);
      }
    }
  }

  private order(sort: KeptOrder): Order {
    let order = this.orders[sort];
    if (!order) {
      const all = [...this.listings.values()].sort(comparators[sort]);
      const byType: IndexedListing[][] = Array.from({ length: TYPES }, () => []);
      const byState: IndexedListing[][] = Array.from({ length: STATES }, () => []);
      for (const listing of all) {
        byType[listing.typeCode]!.push(listing);
        byState[listing.stateCode]!.push(listing);
      }
      order = { all, byType, byState };
      this.orders[sort] = order;
    }
    return order;
  }

  /**
   * The stats over everything a funder's filters match, less the listings `offMarket` (their own
   * requests took those out of their market): the kept sums of the whole loan bands the filters
   * cover, plus the partly covered bands' listings one by one, in loan order. The average return's
   * sums are the kept sums of the cells of the filters' bucket: every band the loan range overlaps,
   * whole, and the funder's own requests taken out of none, so every funder's average is the
   * market's own.
   */
  stats(filters: MarketplaceFilters, offMarket: ReadonlySet<string>): MarketSums {
    const f = filterOf(filters);
    const total = emptySums();
    const covered = coveredLoanBands(filters.min_loan, filters.max_loan);
    const wholeLo = covered ? LOAN_BANDS.indexOf(covered.lo as never) : 0;
    const wholeHi = !covered ? 0 : covered.hi === null ? BANDS : LOAN_BANDS.indexOf(covered.hi as never);
    // The bucket's bands hold the whole ones: a band inside the range overlaps it.
    const bucket = averageBucketOf(filters);
    const bandFirst = bucket ? bucket.firstBand : wholeLo;
    const bandLast = bucket ? bucket.lastBand : wholeHi - 1;
    const s = this.sums;
    for (let t = 0; t < TYPES; t++) {
      if (f.type >= 0 && t !== f.type) continue;
      for (let st = 0; st < STATES; st++) {
        if (f.state >= 0 && st !== f.state) continue;
        for (let g = 0; g < STAGES; g++) {
          if (f.stage >= 0 && g !== f.stage) continue;
          const cell = ((t * STATES + st) * STAGES + g) * BANDS;
          for (let b = bandFirst; b <= bandLast; b++) {
            const at = (cell + b) * SUMS;
            const listings = s[at]!;
            if (listings === 0) continue;
            if (bucket) addAverageCell(total, s[at + 2]!, s[at + 3]!);
            if (b < wholeLo || b >= wholeHi) continue;
            total.listings += listings;
            total.capital += s[at + 1]!;
            if (t === RESIDENTIAL) total.residential += listings;
            if (t === COMMERCIAL) total.commercial += listings;
          }
        }
      }
    }
    // The listings outside the whole bands: below them, and from their top up (or, when the range
    // lies inside one band, all of it).
    const parts: [number, number][] = covered
      ? [
          [f.min, covered.lo - 1],
          [covered.hi ?? Number.POSITIVE_INFINITY, f.max],
        ]
      : [[f.min, f.max]];
    const byLoan = candidates(this.order('loan_amount_asc'), f);
    for (const [from, to] of parts) {
      if (from > to) continue;
      const end = firstLoanAtLeast(byLoan, to + 1);
      for (let i = firstLoanAtLeast(byLoan, from); i < end; i++) {
        const listing = byLoan[i]!;
        if (matches(listing, f)) countIn(total, listing, 1);
      }
    }
    for (const id of offMarket) {
      const listing = this.listings.get(id);
      if (listing && matches(listing, f)) countIn(total, listing, -1);
    }
    return total;
  }

  /**
   * A page of what a funder's filters match, in the sort's order, skipping `offMarket`: a walk of
   * the sort's order (of the filtered type's or state's listings only, whichever are fewer) from
   * its start, or for a loan sort over the loan range's stretch only, until the page is full.
   */
  page(
    filters: MarketplaceFilters,
    offMarket: ReadonlySet<string>,
    sort: Sort,
    offset: number,
    limit: number,
  ): IndexedListing[] {
    const f = filterOf(filters);
    const order = this.order(sort === 'loan_amount_desc' ? 'loan_amount_asc' : sort);
    const list = candidates(order, f);
    let start = 0;
    let end = list.length;
    if (sort === 'loan_amount_asc' || sort === 'loan_amount_desc') {
      start = firstLoanAtLeast(list, f.min);
      end = firstLoanAtLeast(list, f.max + 1);
    }
    const page: IndexedListing[] = [];
    let skip = offset;
    const step = sort === 'loan_amount_desc' ? -1 : 1;
    for (let i = step > 0 ? start : end - 1; i >= start && i < end && page.length < limit; i += step) {
      const listing = list[i]!;
      if (!matches(listing, f) || offMarket.has(listing.id)) continue;
      if (skip > 0) skip--;
      else page.push(listing);
    }
    return page;
  }
}

const indexes = new WeakMap<Db, MarketIndex>();

/** The search index of a database handle (one per process and database). */
export function marketIndexOf(db: Db): MarketIndex {
  let index = indexes.get(db);
  if (!index) {
    index = new MarketIndex();
    indexes.set(db, index);
  }
  return index;
}
