import DataLoader from 'dataloader';
import { LRUCache } from 'lru-cache';
import type { Db } from '../../db/database';
import { type FunderRequests, isNewer, readFunderSides } from './market-index.repository';

// A funder's side of a marketplace read (decision 031): their requests, and whether the search
// index must catch up first, from one statement.
//
// - Each process keeps every funder's requests as it last read them, and the statement sends them
//   again only when they changed in a transaction the kept copy's snapshot could not see
//   (migration 20261126200000_funder_changes). Nothing is answered from memory without that check.
// - Reads that arrive while the statements in flight run are asked together in the next one
//   (DataLoader, with a schedule that waits for a free slot): under load a statement answers many
//   reads, and still every read is answered by a statement sent after it arrived, so it sees every
//   write committed before it.

/** Funders whose requests are kept per database; past this, the least recent are read again. */
const FUNDERS_KEPT = 10_000;
/** Statements in flight at once; reads arriving meanwhile wait, together, for the next. */
const IN_FLIGHT = 2;
/** Funders asked in one statement at most. */
const BATCH = 200;

export interface FunderSide {
  /** Whether a listing changed that the index's snapshot could not see: catch up first. */
  stale: boolean;
  /** The statement's own snapshot: the index is current as of it when nothing was stale. */
  snapshot: string;
  /** The admin's threshold for the average return (system setting), if set. */
  averageMinListings: string | null;
  requests: FunderRequests;
}

interface Ask {
  funderId: string;
  /** The search index's snapshot when the read asked. */
  indexSnapshot: string;
}

/** One database's funder sides: the kept requests and the reads waiting for a statement. */
class FunderSides {
  private readonly kept = new LRUCache<string, FunderRequests>({ max: FUNDERS_KEPT });
  private readonly waiting: (() => void)[] = [];
  private inFlight = 0;
  /** Statements sent so far (the tests count them). */
  statements = 0;
  readonly loader: DataLoader<Ask, FunderSide>;

  constructor(private readonly db: Db) {
    this.loader = new DataLoader((asks) => this.read(asks), {
      cache: false,
      maxBatchSize: BATCH,
      // A batch is sent once this tick's reads have joined it and a slot is free; until then every
      // read that arrives joins it.
      batchScheduleFn: (send) => {
        if (this.inFlight < IN_FLIGHT) {
          this.inFlight++;
          process.nextTick(send);
        } else this.waiting.push(send);
      },
    });
  }

  private async read(asks: readonly Ask[]): Promise<FunderSide[]> {
    try {
      this.statements++;
      // The newest index snapshot asked with: each read answers from the index at least that new.
      const indexSnapshot = asks.reduce(
        (newest, ask) => (isNewer(ask.indexSnapshot, newest) ? ask.indexSnapshot : newest),
        asks[0]!.indexSnapshot,
      );
      const known = new Map<string, FunderRequests | undefined>();
      for (const { funderId } of asks) known.set(funderId, this.kept.get(funderId));
      const side = await readFunderSides(
        this.db,
        [...known].map(([funderId, copy]) => ({ funderId, known: copy?.snapshot })),
        indexSnapshot,
      );
      const byFunder = new Map(
        [...known].map(([funderId, copy]) => [funderId, this.take(funderId, copy, side)]),
      );
      return asks.map((ask) => ({
        stale: side.stale,
        snapshot: side.snapshot,
        averageMinListings: side.averageMinListings,
        requests: byFunder.get(ask.funderId)!,
      }));
    } finally {
      const next = this.waiting.shift();
      if (next) process.nextTick(next);
      else this.inFlight--;
    }
  }

  /**
   * A funder's requests after a statement: the fresh copy it sent (kept from now on), or the copy
   * it was asked with (`sent`), found current as of the statement's snapshot.
   */
  private take(
    funderId: string,
    sent: FunderRequests | undefined,
    side: Awaited<ReturnType<typeof readFunderSides>>,
  ): FunderRequests {
    const fresh = side.requests.get(funderId);
    if (fresh === undefined || (fresh === null && !sent)) {
      throw new Error(`The funder side statement left out ${funderId}`);
    }
    const copy = fresh ?? sent!;
    // Unchanged since the copy's snapshot, as of the statement's: later checks ask from there.
    if (isNewer(side.snapshot, copy.snapshot)) copy.snapshot = side.snapshot;
    // Two statements may finish out of order: the kept copy only moves forward.
    const kept = this.kept.get(funderId);
    if (!kept || isNewer(copy.snapshot, kept.snapshot)) this.kept.set(funderId, copy);
    return copy;
  }
}

const sidesByDb = new WeakMap<Db, FunderSides>();

export function funderSidesOf(db: Db): FunderSides {
  let sides = sidesByDb.get(db);
  if (!sides) {
    sides = new FunderSides(db);
    sidesByDb.set(db, sides);
  }
  return sides;
}

/**
 * A funder's requests as of now, whether the index (at `indexSnapshot`) missed a listing change,
 * the statement's own snapshot (which the index may take when it missed none) and the admin's
 * threshold for the average return.
 */
export const funderSide = (db: Db, funderId: string, indexSnapshot: string): Promise<FunderSide> =>
  funderSidesOf(db).loader.load({ funderId, indexSnapshot });
