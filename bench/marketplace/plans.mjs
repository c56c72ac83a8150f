// The marketplace's two statements exactly as the server sends them, and their EXPLAIN ANALYZE.
// The repository (apps/server/src/modules/projects/marketplace-page.repository.ts) is imported with tsx
// and run on a Kysely instance whose driver records each compiled query instead of sending it, so
// the plans below are of the server's own SQL and parameters, not a copy of it.
import { join } from 'node:path';
import { Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler } from 'kysely';
import { tsImport } from 'tsx/esm/api';
import { root } from '../lib/server.mjs';

const PAGE_SIZE = 20;

/**
 * A Kysely whose every query is recorded in `queries`. The first (the stats, which choose the page's
 * plan) also runs on `client`, so the page recorded is the one the server would read; the rest
 * answer no rows.
 */
function recordingDb(queries, client) {
  const connection = {
    async executeQuery(compiled) {
      queries.push({ sql: compiled.sql, parameters: [...compiled.parameters] });
      if (queries.length > 1) return { rows: [] };
      return { rows: (await client.query(compiled.sql, [...compiled.parameters])).rows };
    },
    // biome-ignore lint/correctness/useYield: never streamed.
    async *streamQuery() {
      throw new Error('not recorded');
    },
  };
  const driver = {
    async init() {},
    async acquireConnection() {
      return connection;
    },
    async beginTransaction() {},
    async commitTransaction() {},
    async rollbackTransaction() {},
    async releaseConnection() {},
    async destroy() {},
  };
  return new Kysely({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => driver,
      createIntrospector: (db) => new PostgresIntrospector(db),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
  });
}

/**
 * The stats and page statements for a query string, with the options the service derives from it
 * (marketplace.service.ts readMarketplace: filters, sort default newest, 20 a page), the page read
 * with the plan the stats choose on `client`'s database.
 */
export async function marketplaceStatements(client, funderId, search) {
  const repo = await tsImport(
    join(root, 'apps/server/src/modules/projects/marketplace-page.repository.ts'),
    import.meta.url,
  );
  const params = new URLSearchParams(search);
  const number = (key) => (params.has(key) ? Number(params.get(key)) : undefined);
  const filters = {
    property_type: params.get('property_type') ?? undefined,
    state: params.get('state') ?? undefined,
    development_stage: params.get('development_stage') ?? undefined,
    min_loan: number('min_loan'),
    max_loan: number('max_loan'),
    q: params.get('q')?.trim() || undefined,
  };
  const page = number('page') ?? 1;
  const limit = number('limit') ?? PAGE_SIZE;
  const queries = [];
  await repo.readMarketplacePage(recordingDb(queries, client), {
    funderId,
    filters,
    sort: params.get('sort') ?? 'newest',
    limit,
    offset: (page - 1) * limit,
  });
  const [statsQuery, pageQuery] = queries;
  return { stats: statsQuery, page: pageQuery };
}

/**
 * A recorded statement's plan (EXPLAIN ANALYZE, BUFFERS) and its execution time. Per-node timing
 * costs a lot on this virtual machine (a bitmap scan of 6,000 rows reads 4x slower under it), so
 * the time reported is the median of five runs with TIMING OFF, after one run to warm the cache.
 */
export async function explain(client, { sql, parameters }) {
  const { rows } = await client.query(`explain (analyze, buffers) ${sql}`, parameters);
  const plan = rows.map((row) => row['QUERY PLAN']).join('\n');
  const times = [];
  for (let i = 0; i < 5; i++) {
    const timed = await client.query(`explain (analyze, timing off, summary on) ${sql}`, parameters);
    const text = timed.rows.map((row) => row['QUERY PLAN']).join('\n');
    times.push(Number(/Execution Time: ([\d.]+) ms/.exec(text)?.[1]));
  }
  times.sort((a, b) => a - b);
  const planning = Number(/Planning Time: ([\d.]+) ms/.exec(plan)?.[1]);
  const seqScans = [...plan.matchAll(/Seq Scan on (\w+)/g)].map((m) => m[1]);
  return { plan, execution_ms: times[2], planning_ms: planning, seq_scans: [...new Set(seqScans)] };
}
