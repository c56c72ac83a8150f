import type { Selectable } from 'kysely';
import type { Viewer } from '../../auth/guards';
import type { Db } from '../../db/database';
import { notFound } from '../../errors';
import { facilityForReader } from '../facilities/facility-access';
import { afterNumber } from './budget-change';
import { type VariationTables, withVariations } from './variation-tables';

/**
 * What variations and reallocations share as records (decision 061): each is numbered per facility,
 * found by id (locked for a move), read by any party of its facility (anyone else is told it does not
 * exist), listed newest first by number, and may point at the approved budget version it made.
 */

export type NumberedTable = 'variation' | 'reallocation';
export type RecordRow<T extends NumberedTable> = Selectable<VariationTables[T]>;
/** What every record has, whichever its table. */
type Numbered = { id: string; facility_id: string; number: number };

/** A variation or reallocation by id; locked for update when `lock`. */
export async function findRecord<T extends NumberedTable>(
  db: Db,
  table: T,
  id: string,
  lock = false,
): Promise<RecordRow<T> | undefined> {
  // Both tables have `id`; the query is typed on one of them and the row given its own table's type.
  const row = await withVariations(db)
    .selectFrom(table as 'variation')
    .selectAll()
    .where('id', '=', id)
    .$if(lock, (q) => q.forUpdate())
    .executeTakeFirst();
  return row as RecordRow<T> | undefined;
}

/** A record the viewer may read (any party of its facility, admins) with their role; anyone else 404 `missing`. */
export async function recordForReader<T extends NumberedTable>(
  db: Db,
  viewer: Viewer,
  table: T,
  id: string,
  missing: string,
) {
  const row = await findRecord(db, table, id);
  if (!row) throw notFound(missing);
  try {
    return { row, ...(await facilityForReader(db, viewer, (row as Numbered).facility_id)) };
  } catch {
    throw notFound(missing);
  }
}

/** The number of the approved budget version a record made, or null. */
export async function budgetVersionNumber(db: Db, versionId: string | null): Promise<number | null> {
  if (!versionId) return null;
  const version = await db
    .selectFrom('budget_version')
    .select('version')
    .where('id', '=', versionId)
    .executeTakeFirst();
  return version?.version ?? null;
}

/** One page of a facility's records, newest first, after the `cursor` this list gave (their number). */
export async function pageByNumber<T extends NumberedTable>(
  db: Db,
  table: T,
  options: { viewer: Viewer; facilityId: string; limit: number; cursor?: string | undefined },
) {
  await facilityForReader(db, options.viewer, options.facilityId);
  const after = afterNumber(options.cursor);
  const rows = (await withVariations(db)
    .selectFrom(table as 'variation')
    .selectAll()
    .where('facility_id', '=', options.facilityId)
    .$if(after !== null, (q) => q.where('number', '<', after!))
    .orderBy('number', 'desc')
    .limit(options.limit + 1)
    .execute()) as RecordRow<T>[];
  const page = rows.slice(0, options.limit);
  return { page, next_cursor: rows.length > options.limit ? String((page.at(-1) as Numbered).number) : null };
}
