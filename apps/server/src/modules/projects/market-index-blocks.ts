import { LOAN_BANDS } from '@plinth/domain/marketplace';
import { developmentStages, propertyTypes } from '@plinth/domain/projects';
import { type Filter, type IndexedListing, matches, stateCodes } from './market-index-listing';
import { slicer } from './market-index-slices';

// One sort's order of the search index (market-index.ts), kept in blocks of a few hundred
// listings, each block with its listings' counts per (property type, state, stage) and every
// roll-up of those ("any"), cumulative over the loan bands. A page skips whole blocks by their
// counts, so page 500 costs what page 1 does: two numbers per block and one block's listings. A listing comes or
// goes by a splice into one block, never into an array of the whole market.

/** Listings a block is built with; it splits at twice this (so its counts fit 16 bits). */
const BLOCK = 512;

const TYPES = propertyTypes.length + 1;
const STATES = stateCodes.length + 1;
const STAGES = developmentStages.length + 1;
const BANDS = LOAN_BANDS.length;
/** Per cell, BANDS + 1 cumulative counts. */
const CUBE = TYPES * STATES * STAGES * (BANDS + 1);

/** The cube's cell of (type, state, stage) codes, each plus one (0: any). */
const cellOf = (type: number, state: number, stage: number) =>
  ((type * STATES + state) * STAGES + stage) * (BANDS + 1);

interface Block {
  items: IndexedListing[];
  /**
   * Per listing of `items`, its type, state, stage and loan band packed in 16 bits (`packedOf`): the
   * page's walk tests these instead of each listing object; null until asked after a change.
   */
  codes: Uint16Array | null;
  /** Per listing of `items`, its loan, beside `codes` (built and dropped with them). */
  loans: Float64Array | null;
  /** Per cube cell, at `cell + b`: how many of `items` are in it with a loan band below `b`. */
  counts: Uint16Array;
  /** Likewise their loans' sum, in the loan order only (the stats' partly covered bands). */
  capital: Float64Array | null;
  /** Per loan band, the positions in `items` of its listings; null until asked after a change. */
  bands: number[][] | null;
}

// A listing's codes in 16 bits: type (3 bits), state (4), stage (3), loan band (5). The walk of a
// page reads one small typed array per block rather than five fields of every listing object, which
// were the largest part of the varied marketplace case's CPU at 100,000 listings (decision 076).
const STATE_SHIFT = 3;
const STAGE_SHIFT = 7;
const BAND_SHIFT = 10;
if (
  propertyTypes.length > 1 << STATE_SHIFT ||
  stateCodes.length > 1 << (STAGE_SHIFT - STATE_SHIFT) ||
  developmentStages.length > 1 << (BAND_SHIFT - STAGE_SHIFT) ||
  BANDS > 1 << (16 - BAND_SHIFT)
) {
  throw new Error(
    'The marketplace index packs type, state, stage and loan band in 16 bits: they no longer fit',
  );
}

const packedOf = (listing: IndexedListing) =>
  listing.typeCode |
  (listing.stateCode << STATE_SHIFT) |
  (listing.stageCode << STAGE_SHIFT) |
  (listing.band << BAND_SHIFT);

/** A block's packed codes and loans, in the order of its listings. */
function codesOf(block: Block): { codes: Uint16Array; loans: Float64Array } {
  if (!block.codes || !block.loans) {
    const codes = new Uint16Array(block.items.length);
    const loans = new Float64Array(block.items.length);
    for (let i = 0; i < codes.length; i++) {
      const listing = block.items[i]!;
      codes[i] = packedOf(listing);
      loans[i] = listing.loan_amount;
    }
    block.codes = codes;
    block.loans = loans;
  }
  return { codes: block.codes, loans: block.loans };
}

/** A block's listings per loan band: a partly covered band is counted from these alone. */
function bandsOf(block: Block): number[][] {
  if (!block.bands) {
    const bands: number[][] = Array.from({ length: BANDS }, () => []);
    block.items.forEach((listing, at) => {
      bands[listing.band]!.push(at);
    });
    block.bands = bands;
  }
  return block.bands;
}

function countInto(block: Block, listing: IndexedListing, sign: 1 | -1) {
  const { counts, capital } = block;
  for (const type of [0, listing.typeCode + 1]) {
    for (const state of [0, listing.stateCode + 1]) {
      for (const stage of [0, listing.stageCode + 1]) {
        const cell = cellOf(type, state, stage);
        for (let b = listing.band + 1; b <= BANDS; b++) {
          counts[cell + b] = counts[cell + b]! + sign;
          if (capital) capital[cell + b] = capital[cell + b]! + sign * listing.loan_amount;
        }
      }
    }
  }
}

/** A block of `items`: each listing counted in its band, then the counts made cumulative. */
const blockOf = (items: IndexedListing[], withCapital: boolean): Block => {
  const counts = new Uint16Array(CUBE);
  const capital = withCapital ? new Float64Array(CUBE) : null;
  for (const listing of items) {
    for (const type of [0, listing.typeCode + 1]) {
      for (const state of [0, listing.stateCode + 1]) {
        for (const stage of [0, listing.stageCode + 1]) {
          const at = cellOf(type, state, stage) + listing.band + 1;
          counts[at] = counts[at]! + 1;
          if (capital) capital[at] = capital[at]! + listing.loan_amount;
        }
      }
    }
  }
  for (let cell = 0; cell < CUBE; cell += BANDS + 1) {
    for (let b = 1; b <= BANDS; b++) {
      counts[cell + b] = counts[cell + b]! + counts[cell + b - 1]!;
      if (capital) capital[cell + b] = capital[cell + b]! + capital[cell + b - 1]!;
    }
  }
  return { items, counts, capital, bands: null, codes: null, loans: null };
};

/**
 * A filter as the blocks count it: its cube cell, its whole loan bands [wholeFrom, wholeTo), and
 * the partly covered ones (at most the two at the ends of the loan range).
 */
export interface BlockQuery {
  filter: Filter;
  cell: number;
  wholeFrom: number;
  wholeTo: number;
  partial: number[];
  /** The packed codes' bits the filter reads (type, state, stage), and what they must be. */
  mask: number;
  want: number;
  /** Per loan band: 0 outside the range, 1 wholly inside it, 2 partly (the loan itself decides). */
  bandIn: Uint8Array;
}

export function blockQueryOf(filter: Filter): BlockQuery {
  const whole: number[] = [];
  const partial: number[] = [];
  for (let band = 0; band < BANDS; band++) {
    const lo = LOAN_BANDS[band]!;
    // Loans are whole dollars (numeric(14, 0)): a band ends one dollar before the next edge.
    const hi = band + 1 < BANDS ? LOAN_BANDS[band + 1]! - 1 : Number.POSITIVE_INFINITY;
    if (hi < filter.min || lo > filter.max) continue;
    if (lo >= filter.min && hi <= filter.max) whole.push(band);
    else partial.push(band);
  }
  // Whole bands are one run: the range's partly covered bands can only be its ends.
  const wholeFrom = whole[0] ?? 0;
  const wholeTo = whole.length === 0 ? 0 : whole[whole.length - 1]! + 1;
  const bandIn = new Uint8Array(1 << (16 - BAND_SHIFT));
  for (const band of whole) bandIn[band] = 1;
  for (const band of partial) bandIn[band] = 2;
  let mask = 0;
  let want = 0;
  if (filter.type >= 0) {
    mask |= (1 << STATE_SHIFT) - 1;
    want |= filter.type;
  }
  if (filter.state >= 0) {
    mask |= ((1 << (STAGE_SHIFT - STATE_SHIFT)) - 1) << STATE_SHIFT;
    want |= filter.state << STATE_SHIFT;
  }
  if (filter.stage >= 0) {
    mask |= ((1 << (BAND_SHIFT - STAGE_SHIFT)) - 1) << STAGE_SHIFT;
    want |= filter.stage << STAGE_SHIFT;
  }
  return {
    filter,
    cell: cellOf(filter.type + 1, filter.state + 1, filter.stage + 1),
    wholeFrom,
    wholeTo,
    partial,
    mask,
    want,
    bandIn,
  };
}

/** A position in an order: a block and an index in it. */
export interface Place {
  block: number;
  index: number;
}

export class OrderBlocks {
  private constructor(
    private readonly blocks: Block[],
    readonly compare: (a: IndexedListing, b: IndexedListing) => number,
    private readonly withCapital: boolean,
  ) {}

  /**
   * The blocks of `sorted`, in `compare`'s order already, built a slice at a time; `withCapital`
   * (the loan order) also keeps the loans' sums per cell.
   */
  static async of(
    sorted: readonly IndexedListing[],
    compare: (a: IndexedListing, b: IndexedListing) => number,
    withCapital = false,
  ) {
    const pause = slicer();
    const blocks: Block[] = [];
    for (let at = 0; at < sorted.length; at += BLOCK) {
      blocks.push(blockOf(sorted.slice(at, at + BLOCK), withCapital));
      await pause();
    }
    if (blocks.length === 0) blocks.push(blockOf([], withCapital));
    return new OrderBlocks(blocks, compare, withCapital);
  }

  /** The first place whose listing is not `before` (a predicate true for a prefix of the order). */
  firstNot(before: (listing: IndexedListing) => boolean): Place {
    let lo = 0;
    let hi = this.blocks.length;
    // The first block whose last listing is not before: the place is in it.
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      const items = this.blocks[mid]!.items;
      if (items.length > 0 && before(items[items.length - 1]!)) lo = mid + 1;
      else hi = mid;
    }
    if (lo === this.blocks.length) return { block: lo, index: 0 };
    const items = this.blocks[lo]!.items;
    let a = 0;
    let b = items.length;
    while (a < b) {
      const mid = (a + b) >> 1;
      if (before(items[mid]!)) a = mid + 1;
      else b = mid;
    }
    return { block: lo, index: a };
  }

  private placeOf(listing: IndexedListing): Place {
    return this.firstNot((other) => this.compare(other, listing) < 0);
  }

  insert(listing: IndexedListing) {
    let { block, index } = this.placeOf(listing);
    // After the last listing: the end of the last block.
    if (block === this.blocks.length) {
      block = this.blocks.length - 1;
      index = this.blocks[block]!.items.length;
    }
    const target = this.blocks[block]!;
    target.items.splice(index, 0, listing);
    countInto(target, listing, 1);
    target.bands = null;
    target.codes = null;
    target.loans = null;
    if (target.items.length >= 2 * BLOCK) {
      const half = target.items.length >> 1;
      this.blocks.splice(
        block,
        1,
        blockOf(target.items.slice(0, half), this.withCapital),
        blockOf(target.items.slice(half), this.withCapital),
      );
    }
  }

  /** Takes out this very listing object. */
  remove(listing: IndexedListing) {
    const { block, index } = this.placeOf(listing);
    const target = this.blocks[block];
    if (target?.items[index] !== listing) {
      throw new Error(`Listing ${listing.id} is not where its order puts it`);
    }
    target.items.splice(index, 1);
    countInto(target, listing, -1);
    target.bands = null;
    target.codes = null;
    target.loans = null;
    if (target.items.length === 0 && this.blocks.length > 1) this.blocks.splice(block, 1);
  }

  /** Listings in the order. */
  get size(): number {
    let size = 0;
    for (const block of this.blocks) size += block.items.length;
    return size;
  }

  /** The block a listing in the order is in. */
  blockIndexOf(listing: IndexedListing): number {
    return this.placeOf(listing).block;
  }

  /** How many of a block's listings the query matches: its counts, and its partly covered bands' listings one by one. */
  private matchesIn(block: Block, query: BlockQuery): number {
    const counts = block.counts;
    let n = counts[query.cell + query.wholeTo]! - counts[query.cell + query.wholeFrom]!;
    if (query.partial.length === 0) return n;
    // A partly covered band's listings one by one, as `matches` would test them: the codes for
    // type, state and stage, the loans for the range.
    const { mask, want, filter } = query;
    let packed: { codes: Uint16Array; loans: Float64Array } | undefined;
    for (const band of query.partial) {
      if (counts[query.cell + band + 1] === counts[query.cell + band]) continue;
      packed ??= codesOf(block);
      const { codes, loans } = packed;
      for (const at of bandsOf(block)[band]!) {
        if ((codes[at]! & mask) === want && loans[at]! >= filter.min && loans[at]! <= filter.max) n++;
      }
    }
    return n;
  }

  /**
   * The `limit` listings the query matches after the first `offset`, leaving out `skipped` (the
   * funder's own off-market listings, each counted in its block as `skippedIn` says), in order or
   * (`backwards`) its reverse. Blocks with no more matches than are still to skip are passed by
   * their counts.
   */
  page(
    query: BlockQuery,
    skipped: { has(listing: IndexedListing): boolean; inBlock(block: number): number },
    offset: number,
    limit: number,
    backwards: boolean,
  ): IndexedListing[] {
    const page: IndexedListing[] = [];
    let skip = offset;
    const last = this.blocks.length - 1;
    for (let b = backwards ? last : 0; b >= 0 && b <= last; b += backwards ? -1 : 1) {
      const block = this.blocks[b]!;
      const n = this.matchesIn(block, query) - skipped.inBlock(b);
      if (n <= skip) {
        skip -= n;
        continue;
      }
      // What `matches` says, from the packed codes: the listing object is read only for a loan
      // in a partly covered band, and for a listing that matches.
      const items = block.items;
      const { codes, loans } = codesOf(block);
      const { mask, want, bandIn } = query;
      const { min, max } = query.filter;
      const step = backwards ? -1 : 1;
      for (let i = backwards ? items.length - 1 : 0; i >= 0 && i < items.length; i += step) {
        const code = codes[i]!;
        if ((code & mask) !== want) continue;
        const inRange = bandIn[code >>> BAND_SHIFT]!;
        if (inRange === 0) continue;
        if (inRange === 2 && (loans[i]! < min || loans[i]! > max)) continue;
        const listing = items[i]!;
        if (skipped.has(listing)) continue;
        if (skip > 0) skip--;
        else {
          page.push(listing);
          if (page.length === limit) return page;
        }
      }
    }
    return page;
  }

  /**
   * Adds to `total` the listings the filter matches with a loan in [from, to], in the loan order
   * (kept `withCapital`): a block whose listings all lie in the range by its counts and sums per
   * cell, the blocks at the ends listing by listing.
   */
  sumLoanRange(
    filter: Filter,
    from: number,
    to: number,
    total: { listings: number; capital: number; residential: number; commercial: number },
    types: { residential: number; commercial: number },
  ) {
    const cell = cellOf(filter.type + 1, filter.state + 1, filter.stage + 1);
    const typed = (type: number) =>
      filter.type < 0 || filter.type === type ? cellOf(type + 1, filter.state + 1, filter.stage + 1) : -1;
    const residential = typed(types.residential);
    const commercial = typed(types.commercial);
    const start = this.firstNot((listing) => listing.loan_amount < from);
    for (let b = start.block; b < this.blocks.length; b++) {
      const block = this.blocks[b]!;
      const items = block.items;
      if (items.length === 0) continue;
      const first = items[0]!;
      const last = items[items.length - 1]!;
      if (first.loan_amount > to) return;
      const capital = block.capital;
      if (capital && first.loan_amount >= from && last.loan_amount <= to) {
        const [lo, hi] = [first.band, last.band + 1];
        const counts = block.counts;
        total.listings += counts[cell + hi]! - counts[cell + lo]!;
        total.capital += capital[cell + hi]! - capital[cell + lo]!;
        if (residential >= 0) total.residential += counts[residential + hi]! - counts[residential + lo]!;
        if (commercial >= 0) total.commercial += counts[commercial + hi]! - counts[commercial + lo]!;
        continue;
      }
      for (let i = b === start.block ? start.index : 0; i < items.length; i++) {
        const listing = items[i]!;
        if (listing.loan_amount > to) return;
        if (!matches(listing, filter)) continue;
        total.listings++;
        total.capital += listing.loan_amount;
        if (listing.typeCode === types.residential) total.residential++;
        if (listing.typeCode === types.commercial) total.commercial++;
      }
    }
  }

  /** Calls `visit` on each listing from `from` on, in order, until it returns false. */
  forEachFrom(from: Place, visit: (listing: IndexedListing) => boolean) {
    for (let b = from.block; b < this.blocks.length; b++) {
      const items = this.blocks[b]!.items;
      for (let i = b === from.block ? from.index : 0; i < items.length; i++) {
        if (!visit(items[i]!)) return;
      }
    }
  }

  /** Every listing, in order (tests compare orders). */
  toArray(): IndexedListing[] {
    return this.blocks.flatMap((block) => block.items);
  }
}
