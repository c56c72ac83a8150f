import { changesOf, type Db } from '../../db/database';
import {
  adoptForeignChanges,
  isBehind,
  isNewer,
  readMarketChanges,
  readMarketListings,
} from './market-index.repository';
import { type IndexedListing, type Sort, toIndexedListing } from './market-index-listing';
import { emptySums, MarketState, type MarketSums } from './market-index-state';
import type { MarketplaceFilters } from './marketplace-page.repository';

// The marketplace's search index (docs/decisions/031-marketplace-search-index.md): every listing
// on the market, held by each server process in the shapes its queries need (market-index-state.ts).
// A funder's page and the stats header's counts are computed here (the average return is the day's
// snapshot's, marketplace-return-snapshot.ts); what is the funder's own (their requests and
// deals) and whether the index is still current are asked of the database on every read
// (funder-side.ts). The index holds only what every funder may see of a listing.
//
// It follows the database by transaction ids: the snapshot it was read in, and `market_change`'s
// xid per listing. Where it cannot place a change in that order it builds a new state from the
// whole market off to the side and swaps it in: on the first read, when the ids went back or a
// change came from ids this database has not reached (a restore, a failover), when the LISTEN
// connection was lost and came back (the usual sign of a failover), and when one catch-up would
// touch more than REBUILD_SHARE of the listings (a bulk change: one build beats thousands of moves).

export type { IndexedListing } from './market-index-listing';
export type { MarketSums } from './market-index-state';

/** A catch-up that touches more than this share of the listings rebuilds instead. */
const REBUILD_SHARE = 0.02;
/** ...or more than this many, in a small market, where a build is as cheap. */
const REBUILD_MIN = 50;

export class MarketIndex {
  private state: MarketState | null = null;
  /** Set when the next catch-up must build afresh (ids that cannot be placed, a failed apply). */
  private rebuildAsked = false;
  private running: Promise<void> | null = null;
  private queued: Promise<void> | null = null;
  /** Whole builds so far, the first one included (the tests count them). */
  builds = 0;

  get size() {
    return this.state?.listings.size ?? 0;
  }

  /** The snapshot the index is exactly as fresh as: every listing change committed in it is applied, none after. */
  get snapshot(): string | null {
    return this.state?.snapshot ?? null;
  }

  /** Whether the index must be built before it answers: never built, or LISTEN reconnected since. */
  outOfStep(db: Db): boolean {
    return this.state === null || this.state.epoch !== changesOf(db).reconnects;
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

  /** As `catchUp`, building the whole index afresh (a read found the ids went back). */
  rebuild(db: Db): Promise<void> {
    this.rebuildAsked = true;
    return this.catchUp(db);
  }

  /**
   * A read found no listing changed by a transaction the index's snapshot could not see, as of
   * `snapshot` (that read's own): every change `snapshot` sees is applied, so the index may take it
   * as its own when it is newer. The in-progress transactions the next checks look for are then
   * the ones running now, not those of the last catch-up. (Taking an older one would only make a
   * later check read some changes twice.)
   */
  sawNothingNewUntil(snapshot: string) {
    if (this.state && isNewer(snapshot, this.state.snapshot)) this.state.snapshot = snapshot;
  }

  stats(filters: MarketplaceFilters, offMarket: ReadonlySet<string>): MarketSums {
    return this.state ? this.state.stats(filters, offMarket) : emptySums();
  }

  page(
    filters: MarketplaceFilters,
    offMarket: ReadonlySet<string>,
    sort: Sort,
    offset: number,
    limit: number,
  ): IndexedListing[] {
    return this.state ? this.state.page(filters, offMarket, sort, offset, limit) : [];
  }

  private async readChanges(db: Db) {
    const epoch = changesOf(db).reconnects;
    const state = this.state;
    if (!state || this.rebuildAsked || state.epoch !== epoch) return this.build(db, epoch);
    const limit = Math.max(REBUILD_MIN, Math.ceil(state.listings.size * REBUILD_SHARE));
    const since = state.snapshot;
    const { snapshot, changes, more, foreign } = await readMarketChanges(db, since, limit);
    if (foreign) {
      await adoptForeignChanges(db);
      return this.build(db, epoch);
    }
    // A bulk change, or ids that went back (a restored database). The same snapshot again (nothing
    // committed since, or another catch-up got there first) is no reason to build: under load with
    // approvals that rebuilt all 20,000 listings every few seconds (issue 31, decision 052).
    if (more || isBehind(snapshot, since)) return this.build(db, epoch);
    try {
      // At most REBUILD_SHARE of the market, each a few block splices: applied in one go, so no
      // read sees half of a transaction's changes.
      for (const change of changes) {
        state.remove(change.project_id);
        if (change.listing) state.put(toIndexedListing(change.listing));
      }
    } catch (error) {
      // Part of the changes applied: this state is no longer one snapshot's, and is replaced.
      this.rebuildAsked = true;
      throw error;
    }
    // Unless a later snapshot was taken meanwhile (sawNothingNewUntil): never move it back.
    if (state.snapshot === since || isNewer(snapshot, state.snapshot)) state.snapshot = snapshot;
  }

  /** A new state of the whole market, swapped in only once complete. */
  private async build(db: Db, epoch: number) {
    this.rebuildAsked = true;
    const builder = MarketState.builder(epoch);
    const snapshot = await readMarketListings(db, builder.add);
    this.state = await builder.finish(snapshot);
    this.rebuildAsked = false;
    this.builds++;
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
