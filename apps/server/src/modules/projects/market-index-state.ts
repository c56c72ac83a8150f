import { LOAN_BANDS } from '@plinth/domain/marketplace';
import { developmentStages, propertyTypes } from '@plinth/domain/projects';
import type { MarketListingRow } from './market-index.repository';
import { blockQueryOf, OrderBlocks } from './market-index-blocks';
import {
  comparators,
  filterOf,
  type IndexedListing,
  type KeptOrder,
  keptOrders,
  matches,
  type Sort,
  stateCodes,
  toIndexedListing,
} from './market-index-listing';
import { slicer, sortInSlices } from './market-index-slices';
import { coveredLoanBands } from './marketplace-loan-bands';
import type { MarketplaceFilters } from './marketplace-page.repository';

// One complete state of the search index (market-index.ts): every listing on the market as of
// one snapshot, the stats' sums per (property type, state, stage, loan band) cell, and each sort's
// order in blocks (market-index-blocks.ts). A state is built whole off to the side and only then
// swapped in, so a build that fails part-way leaves the state before it, never half of one.

/**
 * The stats' counts over the listings a funder's filters match: preview fields only. (The average
 * return is not the filters' at all: it is the daily snapshot's, decision 032.)
 */
export interface MarketSums {
  listings: number;
  capital: number;
  residential: number;
  commercial: number;
}

export const emptySums = (): MarketSums => ({ listings: 0, capital: 0, residential: 0, commercial: 0 });

/** Counts one listing in or out. */
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
/** Per cell: listings, and their loans' sum. */
const SUMS = 2;
const RESIDENTIAL = propertyTypes.indexOf('Residential');
const COMMERCIAL = propertyTypes.indexOf('Commercial');

export class MarketState {
  readonly listings = new Map<string, IndexedListing>();
  /** The stats' sums per (type, state, stage, loan band) cell, SUMS numbers a cell. */
  private readonly sums = new Float64Array(TYPES * STATES * STAGES * BANDS * SUMS);
  private readonly orders = {} as Record<KeptOrder, OrderBlocks>;
  /**
   * The loan order of each property type's and each state's listings: the stats count a partly
   * covered loan band over the shortest that holds every listing the filter can match.
   */
  private readonly loanByType: OrderBlocks[] = [];
  private readonly loanByState: OrderBlocks[] = [];

  /**
   * `snapshot`: the PostgreSQL snapshot (pg_snapshot text) the state is exactly as fresh as;
   * `epoch`: the change tracker's count of LISTEN reconnections when it was read.
   */
  private constructor(
    public snapshot: string,
    readonly epoch: number,
  ) {}

  /**
   * A state of the whole market, built off to the side: `add` takes the listings as they are read,
   * `finish` sorts the orders and gives the state of `snapshot` (the one they were read in). Each
   * step runs a slice at a time so that none holds the event loop for long (market-index-slices.ts).
   */
  static builder(epoch: number) {
    const state = new MarketState('', epoch);
    const all: IndexedListing[] = [];
    const pause = slicer();
    return {
      async add(rows: readonly MarketListingRow[]) {
        for (const row of rows) {
          const listing = toIndexedListing(row);
          if (state.listings.has(listing.id)) throw new Error(`Listing ${listing.id} read twice`);
          state.listings.set(listing.id, listing);
          state.count(listing, 1);
          all.push(listing);
          if ((all.length & 255) === 0) await pause();
        }
      },
      async finish(snapshot: string) {
        for (const sort of keptOrders) {
          const sorted = await sortInSlices(all, comparators[sort]);
          state.orders[sort] = await OrderBlocks.of(sorted, comparators[sort], sort === 'loan_amount_asc');
          if (sort !== 'loan_amount_asc') continue;
          // Each type's and each state's share of the loan order, in one pass a slice at a time
          // (a filter per type and per state held the loop for 80-120 ms at 100,000 listings).
          const byType = Array.from({ length: TYPES }, (): IndexedListing[] => []);
          const byState = Array.from({ length: STATES }, (): IndexedListing[] => []);
          for (let i = 0; i < sorted.length; i++) {
            const listing = sorted[i]!;
            byType[listing.typeCode]!.push(listing);
            byState[listing.stateCode]!.push(listing);
            if ((i & 4_095) === 0) await pause();
          }
          for (const some of byType) state.loanByType.push(await OrderBlocks.of(some, comparators[sort]));
          for (const some of byState) state.loanByState.push(await OrderBlocks.of(some, comparators[sort]));
        }
        state.snapshot = snapshot;
        return state;
      },
    };
  }

  /** A state of `rows`, read in `snapshot` (tests). */
  static async build(rows: readonly MarketListingRow[], snapshot: string, epoch: number) {
    const builder = MarketState.builder(epoch);
    await builder.add(rows);
    return builder.finish(snapshot);
  }

  private count(listing: IndexedListing, sign: 1 | -1) {
    const at =
      (((listing.typeCode * STATES + listing.stateCode) * STAGES + listing.stageCode) * BANDS +
        listing.band) *
      SUMS;
    const s = this.sums;
    s[at] = s[at]! + sign;
    s[at + 1] = s[at + 1]! + sign * listing.loan_amount;
  }

  put(listing: IndexedListing) {
    this.remove(listing.id);
    this.listings.set(listing.id, listing);
    this.count(listing, 1);
    for (const sort of keptOrders) this.orders[sort].insert(listing);
    this.loanByType[listing.typeCode]!.insert(listing);
    this.loanByState[listing.stateCode]!.insert(listing);
  }

  remove(id: string) {
    const listing = this.listings.get(id);
    if (!listing) return;
    this.listings.delete(id);
    this.count(listing, -1);
    for (const sort of keptOrders) this.orders[sort].remove(listing);
    this.loanByType[listing.typeCode]!.remove(listing);
    this.loanByState[listing.stateCode]!.remove(listing);
  }

  /**
   * The stats over everything a funder's filters match, less the listings `offMarket` (their own
   * requests took those out of their market): the kept sums of the whole loan bands the filters
   * cover, plus the partly covered bands' listings one by one, in loan order.
   */
  stats(filters: MarketplaceFilters, offMarket: ReadonlySet<string>): MarketSums {
    const f = filterOf(filters);
    const total = emptySums();
    const covered = coveredLoanBands(filters.min_loan, filters.max_loan);
    const wholeLo = covered ? LOAN_BANDS.indexOf(covered.lo as never) : 0;
    const wholeHi = !covered ? 0 : covered.hi === null ? BANDS : LOAN_BANDS.indexOf(covered.hi as never);
    const s = this.sums;
    for (let t = 0; t < TYPES; t++) {
      if (f.type >= 0 && t !== f.type) continue;
      for (let st = 0; st < STATES; st++) {
        if (f.state >= 0 && st !== f.state) continue;
        for (let g = 0; g < STAGES; g++) {
          if (f.stage >= 0 && g !== f.stage) continue;
          const cell = ((t * STATES + st) * STAGES + g) * BANDS;
          for (let b = wholeLo; b < wholeHi; b++) {
            const at = (cell + b) * SUMS;
            const listings = s[at]!;
            if (listings === 0) continue;
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
    const types = { residential: RESIDENTIAL, commercial: COMMERCIAL };
    let byLoan = this.orders.loan_amount_asc;
    let size = this.listings.size;
    for (const list of [
      f.type >= 0 ? this.loanByType[f.type]! : null,
      f.state >= 0 ? this.loanByState[f.state]! : null,
    ]) {
      if (list && list.size < size) [byLoan, size] = [list, list.size];
    }
    for (const [from, to] of parts) {
      if (from <= to) byLoan.sumLoanRange(f, from, to, total, types);
    }
    for (const id of offMarket) {
      const listing = this.listings.get(id);
      if (listing && matches(listing, f)) countIn(total, listing, -1);
    }
    return total;
  }

  /**
   * A page of what a funder's filters match, in the sort's order, skipping `offMarket`: the
   * order's blocks before the page are passed by their counts (less the funder's off-market
   * listings in them), then the page is read from its block on.
   */
  page(
    filters: MarketplaceFilters,
    offMarket: ReadonlySet<string>,
    sort: Sort,
    offset: number,
    limit: number,
  ): IndexedListing[] {
    const f = filterOf(filters);
    const order = this.orders[sort === 'loan_amount_desc' ? 'loan_amount_asc' : sort];
    const skipped = new Set<IndexedListing>();
    const skippedPerBlock = new Map<number, number>();
    for (const id of offMarket) {
      const listing = this.listings.get(id);
      if (!listing || !matches(listing, f)) continue;
      skipped.add(listing);
      const block = order.blockIndexOf(listing);
      skippedPerBlock.set(block, (skippedPerBlock.get(block) ?? 0) + 1);
    }
    return order.page(
      blockQueryOf(f),
      { has: (listing) => skipped.has(listing), inBlock: (block) => skippedPerBlock.get(block) ?? 0 },
      offset,
      limit,
      sort === 'loan_amount_desc',
    );
  }

  /** A sort's whole order (tests compare orders). */
  orderOf(sort: KeptOrder): IndexedListing[] {
    return this.orders[sort].toArray();
  }
}
