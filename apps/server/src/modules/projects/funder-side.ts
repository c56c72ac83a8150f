import { LRUCache } from 'lru-cache';
import type { Db } from '../../db/database';
import { type FunderRequests, isNewer, readFunderSide } from './market-index.repository';

// A funder's side of a marketplace read (decision 031): their requests, and whether the search
// index must catch up first, from one statement. Each process keeps every funder's requests as it
// last read them, so that statement sends and parses them again only when they changed in a
// transaction the kept copy's snapshot could not see (migration 20261126200000_funder_changes).
// Nothing is served from memory without that check: the copy is never staler than the database.

/** Funders whose requests are kept per database; past this, the least recent are read again. */
const FUNDERS_KEPT = 10_000;

const requestsByDb = new WeakMap<Db, LRUCache<string, FunderRequests>>();

function requestsOf(db: Db) {
  let requests = requestsByDb.get(db);
  if (!requests) {
    requests = new LRUCache<string, FunderRequests>({ max: FUNDERS_KEPT });
    requestsByDb.set(db, requests);
  }
  return requests;
}

/**
 * A funder's requests as of now, whether the index (at `indexSnapshot`) missed a listing change,
 * the statement's own snapshot (which the index may take when it missed none) and the admin's
 * threshold for the average return.
 */
export async function funderSide(db: Db, funderId: string, indexSnapshot: string) {
  const kept = requestsOf(db);
  const known = kept.get(funderId);
  const side = await readFunderSide(db, funderId, indexSnapshot, known?.snapshot);
  let requests = side.requests;
  if (requests) {
    // Two reads for one funder may finish out of order: the copy only moves forward.
    const latest = kept.get(funderId);
    if (!latest || isNewer(requests.snapshot, latest.snapshot)) kept.set(funderId, requests);
  } else {
    if (!known) throw new Error('The funder side statement kept requests it was never sent');
    // Unchanged as of the statement's snapshot too: later checks ask from there.
    if (isNewer(side.snapshot, known.snapshot)) known.snapshot = side.snapshot;
    requests = known;
  }
  return {
    stale: side.stale,
    snapshot: side.snapshot,
    averageMinListings: side.averageMinListings,
    requests,
  };
}
