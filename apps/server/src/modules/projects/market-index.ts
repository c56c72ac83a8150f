import type { MarketplaceQuery } from '@plinth/domain/marketplace';
import { australianStates, developmentStages, propertyTypes } from '@plinth/domain/projects';
import type { Selectable } from 'kysely';
import type { Db } from '../../db/database';
import type { ProjectTable } from '../../db/types';
import { type MarketListingRow, readMarketChanges, readMarketListings } from './market-index.repository';
import { coveredLoanBands, LOAN_BANDS } from './marketplace-loan-bands';
import type { MarketplaceFilters } from './marketplace-page.repository';

// The marketplace's search index (docs/decisions/031-marketplace-search-index.md): every listing
// on the market, held by each server process in the shapes its queries need: the stats' totals per
// (property type, state, stage, loan band), and the listings in each sort's order. A funder's page
// and stats header are computed here; what is the funder's own (their requests and deals) and
// whether the index is still current are asked of the database on every request, in one statement
// (market-index.repository.ts). The index holds only what every funder may see of a listing.

type Sort = MarketplaceQuery['sort'];

/** A listing on the market, as the index keeps it. */
export interface IndexedListing {
  id: string;
  suburb: string;
  state: Selectable<ProjectTable>['state'];
  development_stage: Selectable<ProjectTable>['development_stage'];
  property_type: Selectable<ProjectTable>['property_type'];
  loan_amount: number;
  project_size_sqm: number | null;
  created_at: Date;
  /** created_at in microseconds, PostgreSQL's own precision: the newest sort's key. */
  createdMicros: number;
  /** expected profit / total cost, null when either is missing (sorted last). */
  returnPotential: number | null;
  /** The loan band's index in LOAN_BANDS. */
  band: number;
  /** The filtered columns' codes (state 0: none). */
  codes: { type: number; state: number; stage: number };
}

/** The stats' sums over a set of listings. */
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

function addTo(sums: MarketSums, listing: IndexedListing, sign: 1 | -1) {
  sums.listings += sign;
  sums.capital += sign * listing.loan_amount;
  if (listing.property_type === 'Residential') sums.residential += sign;
  if (listing.property_type === 'Commercial') sums.commercial += sign;
  if (listing.returnPotential !== null) {
    sums.return_sum += sign * listing.returnPotential;
    sums.return_count += sign;
  }
}

/** The band of a loan: the last edge at or below it (the SQL function marketplace_loan_band). */
export function loanBandOf(loan: number): number {
  let lo = 0;
  let hi = LOAN_BANDS.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (LOAN_BANDS[mid]! <= loan) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

export function toIndexedListing(row: MarketListingRow): IndexedListing {
  const loan = Number(row.loan_amount);
  return {
    id: row.id,
    suburb: row.suburb,
    state: row.state,
    development_stage: row.development_stage,
    property_type: row.property_type,
    loan_amount: loan,
    project_size_sqm: row.project_size_sqm === null ? null : Number(row.project_size_sqm),
    created_at: new Date(row.created_at),
    createdMicros: Number(row.created_micros),
    returnPotential: row.return_potential === null ? null : Number(row.return_potential),
    band: loanBandOf(loan),
    codes: {
      type: codeOf(propertyTypes, row.property_type, 'property type'),
      state: codeOf(stateCodes, row.state, 'state'),
      stage: codeOf(developmentStages, row.development_stage, 'stage'),
    },
  };
}

/** Each sort's order, the same as the SQL statements' (ties broken on id, in the sort's direction). */
const byId = (a: IndexedListing, b: IndexedListing) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
const comparators: Record<Sort, (a: IndexedListing, b: IndexedListing) => number> = {
  newest: (a, b) => b.createdMicros - a.createdMicros || byId(b, a),
  loan_amount_desc: (a, b) => b.loan_amount - a.loan_amount || byId(b, a),
  loan_amount_asc: (a, b) => a.loan_amount - b.loan_amount || byId(a, b),
  return_potential: (a, b) => {
    if (a.returnPotential === null || b.returnPotential === null) {
      if (a.returnPotential !== b.returnPotential) return a.returnPotential === null ? 1 : -1;
    } else if (a.returnPotential !== b.returnPotential) return b.returnPotential - a.returnPotential;
    return byId(b, a);
  },
};

// Codes of the filtered columns, so the walks below compare small integers in typed arrays laid out
// in each sort's order (a walk over the whole market reads a few hundred kilobytes in sequence).
const stateCodes = [null, ...australianStates] as const;
const TYPES = propertyTypes.length;
const STATES = stateCodes.length;
const STAGES = developmentStages.length;
const BANDS = LOAN_BANDS.length;
const SUMS = 4;
const RESIDENTIAL = propertyTypes.indexOf('Residential');
const COMMERCIAL = propertyTypes.indexOf('Commercial');

function codeOf(list: readonly (string | null)[], value: string | null, column: string): number {
  const code = list.indexOf(value);
  if (code < 0) throw new Error(`The marketplace index has no code for ${column} ${value}`);
  return code;
}

/** A funder's filters as codes (-1: not filtered) and a loan range. */
interface Filter {
  type: number;
  state: number;
  stage: number;
  min: number;
  max: number;
}

function filterOf(f: MarketplaceFilters): Filter {
  return {
    type: f.property_type === undefined ? -1 : codeOf(propertyTypes, f.property_type, 'property type'),
    state: f.state === undefined ? -1 : codeOf(stateCodes, f.state, 'state'),
    stage: f.development_stage === undefined ? -1 : codeOf(developmentStages, f.development_stage, 'stage'),
    min: f.min_loan ?? 0,
    max: f.max_loan ?? Number.POSITIVE_INFINITY,
  };
}

/** The listings in one sort's order, with their filtered columns alongside in the same order. */
interface Order {
  listings: IndexedListing[];
  type: Uint8Array;
  state: Uint8Array;
  stage: Uint8Array;
  loan: Float64Array;
  /** Per code, the positions (ascending) of the listings with that type, state or stage. */
  byType: Int32Array[];
  byState: Int32Array[];
  byStage: Int32Array[];
}

/** Per code of `column`, the positions holding it, ascending. */
function positionsBy(column: Uint8Array, codes: number): Int32Array[] {
  const counts = new Int32Array(codes);
  for (const code of column) counts[code]! += 1;
  const lists = Array.from(counts, (count) => new Int32Array(count));
  const filled = new Int32Array(codes);
  for (let i = 0; i < column.length; i++) {
    const code = column[i]!;
    lists[code]![filled[code]!++] = i;
  }
  return lists;
}

function orderOf(listings: IndexedListing[]): Order {
  const n = listings.length;
  const order: Order = {
    listings,
    type: new Uint8Array(n),
    state: new Uint8Array(n),
    stage: new Uint8Array(n),
    loan: new Float64Array(n),
    byType: [],
    byState: [],
    byStage: [],
  };
  for (let i = 0; i < n; i++) {
    const listing = listings[i]!;
    order.type[i] = listing.codes.type;
    order.state[i] = listing.codes.state;
    order.stage[i] = listing.codes.stage;
    order.loan[i] = listing.loan_amount;
  }
  order.byType = positionsBy(order.type, TYPES);
  order.byState = positionsBy(order.state, STATES);
  order.byStage = positionsBy(order.stage, STAGES);
  return order;
}

const matchesAt = (o: Order, i: number, f: Filter) =>
  (f.type < 0 || o.type[i] === f.type) &&
  (f.state < 0 || o.state[i] === f.state) &&
  (f.stage < 0 || o.stage[i] === f.stage) &&
  o.loan[i]! >= f.min &&
  o.loan[i]! <= f.max;

const matchesListing = (l: IndexedListing, f: Filter) =>
  (f.type < 0 || l.codes.type === f.type) &&
  (f.state < 0 || l.codes.state === f.state) &&
  (f.stage < 0 || l.codes.stage === f.stage) &&
  l.loan_amount >= f.min &&
  l.loan_amount <= f.max;

/** The first position in an ascending loan column with a loan of at least `loan`. */
function firstAtLeast(loans: Float64Array, loan: number): number {
  let lo = 0;
  let hi = loans.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (loans[mid]! < loan) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The first index in an ascending list of positions holding `position` or more. */
function firstPositionAtLeast(list: Int32Array, position: number): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (list[mid]! < position) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * One database's index. `snapshot` is the PostgreSQL snapshot (pg_snapshot text) the index is
 * exactly as fresh as: every listing change committed in it is applied, none after.
 */
export class MarketIndex {
  private readonly listings = new Map<string, IndexedListing>();
  /** The stats' sums per (type, state, stage, loan band) cell, SUMS numbers a cell. */
  private readonly sums = new Float64Array(TYPES * STATES * STAGES * BANDS * SUMS);
  private orders: Partial<Record<Sort, Order>> = {};
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

  private async readChanges(db: Db) {
    if (this.snapshot === null) {
      const { snapshot, rows } = await readMarketListings(db);
      for (const row of rows) this.put(toIndexedListing(row));
      this.snapshot = snapshot;
    } else {
      const { snapshot, changes } = await readMarketChanges(db, this.snapshot);
      for (const change of changes) {
        this.remove(change.project_id);
        if (change.listing) this.put(toIndexedListing(change.listing));
      }
      this.snapshot = snapshot;
    }
  }

  private count(listing: IndexedListing, sign: 1 | -1) {
    const { type, state, stage } = listing.codes;
    const at = (((type * STATES + state) * STAGES + stage) * BANDS + listing.band) * SUMS;
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
    this.orders = {};
  }

  private remove(id: string) {
    const listing = this.listings.get(id);
    if (!listing) return;
    this.listings.delete(id);
    this.count(listing, -1);
    this.orders = {};
  }

  private order(sort: Sort): Order {
    let order = this.orders[sort];
    if (!order) {
      if (sort === 'loan_amount_desc') {
        // Exactly the ascending order reversed: loan, then id, each the other way.
        order = orderOf([...this.order('loan_amount_asc').listings].reverse());
      } else {
        order = orderOf([...this.listings.values()].sort(comparators[sort]));
      }
      this.orders[sort] = order;
    }
    return order;
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
    if (covered) {
      const bandLo = LOAN_BANDS.indexOf(covered.lo as never);
      const bandHi = covered.hi === null ? BANDS : LOAN_BANDS.indexOf(covered.hi as never);
      const s = this.sums;
      for (let t = 0; t < TYPES; t++) {
        if (f.type >= 0 && t !== f.type) continue;
        for (let st = 0; st < STATES; st++) {
          if (f.state >= 0 && st !== f.state) continue;
          for (let g = 0; g < STAGES; g++) {
            if (f.stage >= 0 && g !== f.stage) continue;
            const cell = ((t * STATES + st) * STAGES + g) * BANDS;
            for (let b = bandLo; b < bandHi; b++) {
              const at = (cell + b) * SUMS;
              const listings = s[at]!;
              if (listings === 0) continue;
              total.listings += listings;
              total.capital += s[at + 1]!;
              total.return_sum += s[at + 2]!;
              total.return_count += s[at + 3]!;
              if (t === RESIDENTIAL) total.residential += listings;
              if (t === COMMERCIAL) total.commercial += listings;
            }
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
    const order = this.order('loan_amount_asc');
    for (const [from, to] of parts) {
      if (from > to) continue;
      const end = firstAtLeast(order.loan, to + 1);
      for (let i = firstAtLeast(order.loan, from); i < end; i++) {
        if (matchesAt(order, i, f)) addTo(total, order.listings[i]!, 1);
      }
    }
    for (const id of offMarket) {
      const listing = this.listings.get(id);
      if (listing && matchesListing(listing, f)) addTo(total, listing, -1);
    }
    return total;
  }

  /** A page of what a funder's filters match, in the sort's order, skipping `offMarket`. */
  page(
    filters: MarketplaceFilters,
    offMarket: ReadonlySet<string>,
    sort: Sort,
    offset: number,
    limit: number,
  ): IndexedListing[] {
    const f = filterOf(filters);
    const order = this.order(sort);
    let start = 0;
    let end = order.listings.length;
    // A loan range is one stretch of either loan order: walk only that.
    if (sort === 'loan_amount_asc') {
      start = firstAtLeast(order.loan, f.min);
      end = firstAtLeast(order.loan, f.max + 1);
    } else if (sort === 'loan_amount_desc') {
      const ascending = this.order('loan_amount_asc').loan;
      start = end - firstAtLeast(ascending, f.max + 1);
      end -= firstAtLeast(ascending, f.min);
    }
    // Walk the fewest candidates: the whole stretch, or the positions of the filtered type, state
    // or stage in it, whichever list is shortest.
    let positions: Int32Array | null = null;
    const narrower = (lists: Int32Array[], code: number) => {
      if (code < 0) return;
      const list = lists[code]!;
      if (list.length < (positions?.length ?? end - start)) positions = list;
    };
    narrower(order.byType, f.type);
    narrower(order.byState, f.state);
    narrower(order.byStage, f.stage);
    const page: IndexedListing[] = [];
    let skip = offset;
    const take = (i: number) => {
      if (!matchesAt(order, i, f)) return;
      const listing = order.listings[i]!;
      if (offMarket.has(listing.id)) return;
      if (skip > 0) skip--;
      else page.push(listing);
    };
    if (positions === null) {
      for (let i = start; i < end && page.length < limit; i++) take(i);
    } else {
      const list: Int32Array = positions;
      for (let k = firstPositionAtLeast(list, start); k < list.length && page.length < limit; k++) {
        const i = list[k]!;
        if (i >= end) break;
        take(i);
      }
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
