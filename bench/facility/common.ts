import { randomBytes } from 'node:crypto';
import { type DatabaseHandle, openDatabase } from '../../apps/server/src/db/database';
import { migrateToLatest } from '../../apps/server/src/db/migrate';

export const progress = (line: string) => process.stderr.write(`[bench:facility] ${line}\n`);

/**
 * A migrated database of the case's own: PGlite in memory by default, or a fresh schema on
 * BENCH_DATABASE_URL (dropped by `drop`).
 */
export async function openBenchDatabase(): Promise<{ database: DatabaseHandle; drop: () => Promise<void> }> {
  const url = process.env.BENCH_DATABASE_URL;
  const schema = url ? `bench_facility_${randomBytes(4).toString('hex')}` : undefined;
  const database = await openDatabase(url ? { kind: 'postgres', url, schema } : { kind: 'memory' });
  await migrateToLatest(database);
  return {
    database,
    drop: async () => {
      // The schema and the job queue's beside it (`<schema>_jobs`).
      for (const name of schema ? [schema, `${schema}_jobs`] : [])
        await database.db.schema
          .dropSchema(name)
          .ifExists()
          .cascade()
          .execute()
          .catch(() => {});
      await database.close();
    },
  };
}

/** p50 / p95 / max of timings in ms (nearest rank), rounded to 0.1 ms. */
export function percentiles(timings: readonly number[]) {
  const sorted = [...timings].sort((a, b) => a - b);
  const rank = (p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
  const r = (v: number) => Math.round(v * 10) / 10;
  return { calls: sorted.length, p50_ms: r(rank(50)), p95_ms: r(rank(95)), max_ms: r(sorted.at(-1)!) };
}
