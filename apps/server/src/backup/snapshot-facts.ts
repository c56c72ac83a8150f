import type { SnapshotFacts, StoredFileFact } from './manifest';

/** Runs one SQL text in the snapshot's transaction (a Kysely transaction or a pg client). */
export type QueryRows = <Row>(text: string) => Promise<Row[]>;

/** The tables whose rows name a stored upload; their size and SHA-256 were recorded at upload. */
const FILES_SQL = `
  select storage_key as key, size_bytes as "sizeBytes", sha256 from project_document
  union
  select storage_key, size_bytes, sha256 from deal_document
  order by 1`;

/** Row counts, the last migration and the uploads the rows name, all read from the snapshot. */
export async function readSnapshotFacts(query: QueryRows): Promise<SnapshotFacts> {
  const names = await query<{ name: string }>(
    `select table_name as name from information_schema.tables
     where table_schema = current_schema() and table_type = 'BASE TABLE' order by 1`,
  );
  const tables = await countRows(
    query,
    names.map((row) => row.name),
  );
  const [last] = await query<{ name: string }>(
    'select name from kysely_migration order by name desc limit 1',
  );
  const files = (await query<StoredFileFact>(FILES_SQL)).map((row) => ({
    key: row.key,
    sizeBytes: Number(row.sizeBytes),
    sha256: row.sha256,
  }));
  return { tables, migration: last?.name ?? null, files };
}

/** Row counts per table, in one statement (the names come from the catalog, quoted). */
export async function countRows(query: QueryRows, tables: string[]): Promise<Record<string, number>> {
  if (tables.length === 0) return {};
  const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;
  const text = tables
    .map((name) => `select '${name.replaceAll("'", "''")}' as name, count(*)::int as n from ${quote(name)}`)
    .join(' union all ');
  const rows = await query<{ name: string; n: number }>(text);
  return Object.fromEntries(rows.map((row) => [row.name, Number(row.n)]));
}
