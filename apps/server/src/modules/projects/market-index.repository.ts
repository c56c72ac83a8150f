import { type AccessStatus, isInFunderMarket } from '@plinth/domain/marketplace';
import { AVERAGE_MIN_LISTINGS_KEY } from '@plinth/domain/system-settings';
import type { RawBuilder, Selectable } from 'kysely';
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { runPrepared, type SlotOf } from '../../db/prepared';
import type { ProjectTable } from '../../db/types';
import { marketListingColumns, onMarketplace } from './market-definition';
import { closedRequestsLast } from './marketplace-page.repository';

// The statements behind the marketplace's search index (market-index.ts, decision 031): the whole
// market with the snapshot it was read in, the listings changed since a snapshot (migration
// 20261126100000_market_changes), and, for every read, the funder's own side with whether the
// index is still current: one statement per read, or per batch of reads that arrive together
// (funder-side.ts).

/**
 * The transactions a snapshot (pg_snapshot text, 'xmin:xmax:xip,…') could not see, as the two
 * index conditions on `market_change.xid` that find their writes: from `xmax` up, or one of `xip`
 * (in progress when it was taken). A write by any other transaction was visible to it. Both are
 * plain comparisons on the xid index. The per-request statement asks them as the newest xid (an
 * index's last entry) and, per in-progress xid, the first xid from it up: both read one index entry
 * under any plan, where a generic plan of `xid = any(…)` or `xid >= …` can guess a large share of
 * the table and scan it.
 */
export function unseenBy(snapshot: string) {
  const { xmax, xip } = snapshotParts(snapshot);
  return { xmax: String(xmax), xip: `{${xip.join(',')}}` };
}

/** A pg_snapshot's text ('xmin:xmax:xip,…') as its parts. */
export function snapshotParts(snapshot: string): { xmin: bigint; xmax: bigint; xip: bigint[] } {
  const [xmin, xmax, xip] = snapshot.split(':');
  if (!xmin || !xmax || xip === undefined) throw new Error(`Not a pg_snapshot: ${snapshot}`);
  return { xmin: BigInt(xmin), xmax: BigInt(xmax), xip: xip === '' ? [] : xip.split(',').map(BigInt) };
}

/**
 * Whether snapshot `a` is earlier than `b` by its xmax: impossible for a snapshot taken after `b`
 * on the same cluster, so the transaction ids went back (a restore, or a failover to another one).
 */
export const isBehind = (a: string, b: string) => snapshotParts(a).xmax < snapshotParts(b).xmax;

/** Whether snapshot `a` is later than `b` (pg_snapshot text 'xmin:xmax:xip,…'). */
export function isNewer(a: string, b: string): boolean {
  const [later, earlier] = [snapshotParts(a), snapshotParts(b)];
  return later.xmax > earlier.xmax || (later.xmax === earlier.xmax && later.xmin > earlier.xmin);
}

/** A listing's row as the index reads it. */
export interface MarketListingRow {
  id: string;
  suburb: string;
  state: Selectable<ProjectTable>['state'];
  development_stage: Selectable<ProjectTable>['development_stage'];
  property_type: Selectable<ProjectTable>['property_type'];
  loan_amount: number | string;
  project_size_sqm: number | string | null;
  created_at: Date | string;
  created_micros: number | string;
  /** Whole dollars; the index keeps only their return band (`returnBandOf`). */
  expected_profit: number | string | null;
  total_project_cost: number | string | null;
}

/**
 * The listing's columns the index reads (the definition's, profit and cost among them, of which it
 * keeps the return band), and the newest sort's key worked out.
 */
const listingColumns = sql.join([
  sql.ref('project.id'),
  ...marketListingColumns.map((column) => sql.ref(`project.${column}`)),
  sql`(extract(epoch from project.created_at) * 1000000)::int8 as created_micros`,
]);

/** Listings read in one statement of a whole read: a few milliseconds of the event loop to receive. */
const LISTINGS_A_STATEMENT = 2_000;

/**
 * Every listing on the market, handed to `take` a few thousand at a time in id order (so that
 * receiving and keeping 100,000 rows never holds the event loop for long), and the snapshot they
 * were read in: one repeatable-read transaction, whose every statement sees that snapshot.
 */
export async function readMarketListings(db: Db, take: (rows: MarketListingRow[]) => Promise<void>) {
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      const { rows: now } = await sql<{ snapshot: string }>`
        select pg_current_snapshot()::text as snapshot`.execute(trx);
      const snapshot = now[0]?.snapshot;
      if (!snapshot) throw new Error('The market listing statement returned no snapshot');
      for (let after: string | null = null; ; ) {
        // From the start, then after the last id read: each a range of the primary key.
        const from: RawBuilder<unknown> = after === null ? sql`` : sql`and project.id > ${after}::uuid`;
        const { rows } = await sql<MarketListingRow>`
          select ${listingColumns} from project where ${onMarketplace} ${from}
          order by project.id limit ${LISTINGS_A_STATEMENT}`.execute(trx);
        await take(rows);
        if (rows.length < LISTINGS_A_STATEMENT) return snapshot;
        after = rows[rows.length - 1]!.id;
      }
    });
}

/**
 * The listings written, or deleted, by transactions `since` could not see, and the snapshot read
 * in: each as its row if it is on the market now, or null if it is not (hidden, funded, deleted).
 * At most `limit`, newest transaction first: `more` says some were left out (the index then
 * rebuilds instead). `foreign` says a change came from a transaction id this database has not
 * reached yet (its xid is at or past the statement's own snapshot's xmax, which no committed
 * transaction of this cluster can be): the ids were restored from, or failed over from, another
 * cluster, and the index cannot place its changes in time.
 */
export async function readMarketChanges(db: Db, since: string, limit: number) {
  const unseen = unseenBy(since);
  const { rows } = await sql<
    Partial<MarketListingRow> & {
      snapshot: string;
      project_id: string | null;
      on_market: boolean | null;
      foreign_xid: boolean | null;
    }
  >`
    select snapshot, changed.*
    from (select pg_current_snapshot()::text as snapshot) now
    left join lateral (
      select market_change.project_id, ${onMarketplace} as on_market, ${listingColumns},
        market_change.xid >= pg_snapshot_xmax(pg_current_snapshot()) as foreign_xid
      from market_change left join project on project.id = market_change.project_id
      where market_change.xid >= ${unseen.xmax}::xid8 or market_change.xid = any(${unseen.xip}::xid8[])
      order by market_change.xid desc
      limit ${limit + 1}
    ) changed on true`.execute(db);
  const snapshot = rows[0]?.snapshot;
  if (!snapshot) throw new Error('The market change statement returned no row');
  const changed = rows.filter((row) => row.project_id);
  const changes = changed.slice(0, limit).map((row) => ({
    project_id: row.project_id!,
    listing: row.on_market ? (row as MarketListingRow) : null,
  }));
  return {
    snapshot,
    changes,
    more: changed.length > limit,
    foreign: changed.some((row) => row.foreign_xid),
  };
}

/**
 * After a restore or a failover into another cluster, the rows of `market_change` and
 * `funder_change` written there carry transaction ids this cluster has not reached: every check
 * would find them unseen, for ever. They are given this transaction's id, so they read as written
 * now, which is when the index that follows rebuilds from.
 */
export async function adoptForeignChanges(db: Db) {
  await db.transaction().execute(async (trx) => {
    for (const table of [sql.table('market_change'), sql.table('funder_change')]) {
      await sql`update ${table} set xid = pg_current_xact_id()
        where xid >= pg_snapshot_xmax(pg_current_snapshot())`.execute(trx);
    }
  });
}

/** A funder's current request on a listing (the open one, else the latest) and its deal. */
export interface OwnRequest {
  id: string;
  status: AccessStatus;
  deal_id: string | null;
}

/**
 * A funder's requests as the marketplace uses them: per listing the current request (`current`),
 * and the listings one of them takes out of their market (`offMarket`, the domain's
 * `isInFunderMarket`); with the snapshot they were read in.
 */
export interface FunderRequests {
  snapshot: string;
  current: Map<string, OwnRequest>;
  offMarket: Set<string>;
}

interface FunderSidesValues {
  asks: string;
  xmax: string;
  xip: string;
  setting: string;
}

/** A funder whose side a read asks for, with the snapshot of the copy of their requests it keeps. */
export interface FunderAsk {
  funderId: string;
  known?: string;
}

/**
 * On marketplace reads, in one statement for every funder asked: whether a listing changed in a
 * transaction the index's `snapshot` could not see (then the index catches up before answering;
 * if not, the index is as fresh as the statement's own `snapshot`, which it may take as its own),
 * the admin's threshold for the average return, and each funder's own requests with their deals —
 * or, for a funder whose `known` copy (the snapshot it was read in) still sees every change to them
 * (migration 20261126200000_funder_changes), null: that copy is current.
 */
export async function readFunderSides(db: Db, asks: readonly FunderAsk[], snapshot: string) {
  const statement = (slot: SlotOf<FunderSidesValues>) => sql<{
    snapshot: string;
    stale: boolean;
    average_min_listings: string | null;
    own: [string, [string, string, AccessStatus, string | null][] | null][] | null;
  }>`
    select
      pg_current_snapshot()::text as snapshot,
      coalesce((select max(xid) from market_change) >= ${slot('xmax')}::xid8, false)
        or exists (select 1 from unnest(${slot('xip')}::xid8[]) as unseen
          where (select min(xid) from market_change where xid >= unseen) = unseen) as stale,
      (select value from system_setting where key = ${slot('setting')}) as average_min_listings,
      (select json_agg(json_build_array(asked.funder,
          case when asked.known_xmax is not null and not coalesce((
              select funder_change.xid >= asked.known_xmax::xid8
                or funder_change.xid = any(asked.known_xip::xid8[])
              from funder_change where funder_change.funder_id = asked.funder), false)
            then null
            else (select coalesce(json_agg(json_build_array(own.project_id, own.id, own.status,
                (select deal.id from deal where deal.access_request_id = own.id))), '[]'::json)
              from (select access_request.project_id, access_request.id, access_request.status
                from access_request where access_request.funder_id = asked.funder
                order by access_request.project_id, ${closedRequestsLast},
                  access_request.requested_at desc) own)
          end))
        from (select ask->>'funder' as funder, ask->>'known_xmax' as known_xmax,
            ask->>'known_xip' as known_xip
          from json_array_elements(${slot('asks')}::json) ask) asked) as own`;
  const [row] = await runPrepared(
    db,
    'market-index:funder-sides',
    (slot) => ({ compile: () => statement(slot).compile(db) }),
    {
      asks: JSON.stringify(
        asks.map(({ funderId, known }) => {
          const since = known === undefined ? null : unseenBy(known);
          return { funder: funderId, known_xmax: since?.xmax ?? null, known_xip: since?.xip ?? '{}' };
        }),
      ),
      ...unseenBy(snapshot),
      setting: AVERAGE_MIN_LISTINGS_KEY,
    },
    { prepare: true },
  );
  if (!row) throw new Error('The funder side statement returned no row');
  const requests = new Map<string, FunderRequests | null>();
  for (const [funderId, own] of row.own ?? []) {
    requests.set(funderId, own === null ? null : funderRequests(row.snapshot, own));
  }
  return {
    snapshot: row.snapshot,
    stale: row.stale,
    averageMinListings: row.average_min_listings,
    /** Per funder asked: their requests, or null when the copy they were asked with is current. */
    requests,
  };
}

/** The funder's requests from the statement's rows, which come current first per listing. */
function funderRequests(
  snapshot: string,
  own: [string, string, AccessStatus, string | null][],
): FunderRequests {
  const current = new Map<string, OwnRequest>();
  const offMarket = new Set<string>();
  for (const [projectId, id, status, dealId] of own) {
    if (!current.has(projectId)) current.set(projectId, { id, status, deal_id: dealId });
    if (!isInFunderMarket(status)) offMarket.add(projectId);
  }
  return { snapshot, current, offMarket };
}
