import { type ReturnCellSums, statsDayOf } from '@plinth/domain/marketplace-stats';
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { onMarketplace } from './market-definition';

// The daily snapshot behind the stats header's average return (issue 30 finding 4; decision 032).
//
// A day is a calendar day in Australia/Sydney. The first marketplace read of a day, on any
// instance, takes that day's snapshot: in one transaction it claims the day's row
// (`marketplace_return_snapshot`, primary key taken_on) and, if it won, writes every cell from the
// market as one statement sees it. Another instance that asks at the same moment waits on the
// day's key until that transaction commits, finds the day taken, and reads the same cells. A
// restart reads them back. Each process keeps the day's cells once read: they never change. Only
// these two tables are written, so no read cache (pages, sessions) is emptied by it.

/** A day's snapshot: its cells by `averageReturnCellKey`, and when it was taken. */
export interface ReturnSnapshot {
  day: string;
  takenAt: Date;
  cells: ReadonlyMap<string, ReturnCellSums>;
}

const clocks = new WeakMap<Db, () => Date>();

/** Tests move a database's marketplace to another day (null: the real clock again). */
export function setMarketplaceClock(db: Db, now: (() => Date) | null): void {
  if (now) clocks.set(db, now);
  else clocks.delete(db);
}

/** Today in Sydney, as `db`'s marketplace counts days. */
export const marketplaceDayOf = (db: Db): string => statsDayOf(clocks.get(db)?.() ?? new Date());

const kept = new WeakMap<Db, { day: string; snapshot: Promise<ReturnSnapshot> }>();

/**
 * The snapshot of `day`, taken now if no instance has taken it yet. After the first read of a day
 * in this process it is a lookup: one promise per database, shared by every read of that day.
 */
export function returnSnapshotOf(db: Db, day: string): Promise<ReturnSnapshot> {
  const current = kept.get(db);
  if (current?.day === day) return current.snapshot;
  const snapshot = readOrTake(db, day);
  kept.set(db, { day, snapshot });
  // A failed read is asked again by the next request, not kept.
  snapshot.catch(() => {
    if (kept.get(db)?.snapshot === snapshot) kept.delete(db);
  });
  return snapshot;
}

/** Forgets the snapshot this process keeps, as a restart would (tests). */
export const forgetReturnSnapshot = (db: Db) => kept.delete(db);

async function readOrTake(db: Db, day: string): Promise<ReturnSnapshot> {
  const stored = await readReturnSnapshot(db, day);
  if (stored) return stored;
  await takeReturnSnapshot(db, day);
  const taken = await readReturnSnapshot(db, day);
  if (!taken) throw new Error(`The marketplace snapshot of ${day} was not stored`);
  return taken;
}

/** The stored snapshot of `day`, or null when none was taken. */
export async function readReturnSnapshot(db: Db, day: string): Promise<ReturnSnapshot | null> {
  const rows = await db
    .selectFrom('marketplace_return_snapshot as snapshot')
    .leftJoin('marketplace_return_cell as cell', 'cell.taken_on', 'snapshot.taken_on')
    .select(['snapshot.taken_at', 'cell.property_type', 'cell.state', 'cell.listings', 'cell.band_sum'])
    .where('snapshot.taken_on', '=', day)
    .execute();
  const first = rows[0];
  if (!first) return null;
  const cells = new Map<string, ReturnCellSums>();
  for (const row of rows) {
    if (row.property_type === null || row.state === null) continue;
    // The keys of the domain's `averageReturnCellKey`: '*' is "any" in both.
    cells.set(`${row.property_type}|${row.state}`, {
      listings: Number(row.listings),
      band_sum: Number(row.band_sum),
    });
  }
  return { day, takenAt: new Date(first.taken_at), cells };
}

/** Each listing's return band, the same function the sort's index uses (migration 20261202100000). */
const band = sql<number | null>`marketplace_return_band(project.expected_profit, project.total_project_cost)`;

/**
 * Takes `day`'s snapshot unless another transaction has: claims the day, then writes the whole
 * market's cell and each property type × state's from one statement's view of the market (a
 * listing without a state counts in the whole market only). Returns whether this call took it.
 */
export async function takeReturnSnapshot(db: Db, day: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    // A second taker waits here for the first one's commit, then finds the day taken.
    const claimed = await trx
      .insertInto('marketplace_return_snapshot')
      .values({ taken_on: day })
      .onConflict((oc) => oc.column('taken_on').doNothing())
      .returning('taken_on')
      .executeTakeFirst();
    if (!claimed) return false;
    await trx
      .insertInto('marketplace_return_cell')
      .columns(['taken_on', 'property_type', 'state', 'listings', 'band_sum'])
      .expression(
        trx
          .selectFrom('project')
          .where(onMarketplace)
          .select([
            sql<string>`${day}::date`.as('taken_on'),
            sql<string>`case when grouping(project.property_type) = 1 then '*' else project.property_type end`.as(
              'property_type',
            ),
            sql<string>`case when grouping(project.state) = 1 then '*' else project.state end`.as('state'),
            sql<number>`count(${band})`.as('listings'),
            sql<number>`coalesce(sum(${band}), 0)`.as('band_sum'),
          ])
          .groupBy(sql`grouping sets ((), (project.property_type, project.state))`)
          .having(sql<boolean>`grouping(project.state) = 1 or project.state is not null`),
      )
      .execute();
    // Past days are kept (about 40 rows a day): a record of what was published. Deleting them here
    // would count, to the change tracker of an instance that has not learnt the foreign keys, as a
    // write to every table, and empty every read cache once a day.
    return true;
  });
}
