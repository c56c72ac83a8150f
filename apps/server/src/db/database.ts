import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PGliteDialect, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './types';

export type Db = Kysely<Database>;

export interface DatabaseHandle {
  db: Db;
  driver: 'pglite' | 'postgres';
  /** The PostgreSQL schema everything lives in, when not the default. */
  schema?: string;
  /** A raw LISTEN-capable client is only available on PostgreSQL; PGlite runs in-process. */
  pool?: pg.Pool;
  close(): Promise<void>;
}

// numeric (1700) and int8 (20) arrive as JS numbers: money is whole dollars or integer cents,
// well inside double precision. date (1082) stays 'YYYY-MM-DD' so no time zone shifts a day.
const NUMERIC = 1700;
const INT8 = 20;
const DATE = 1082;

export type DatabaseTarget =
  | { kind: 'postgres'; url: string; schema?: string }
  | { kind: 'pglite'; dataDir: string }
  | { kind: 'memory' };

export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if (target.kind === 'postgres') return openPostgres(target.url, target.schema);
  const pglite =
    target.kind === 'memory' ? await createPglite(undefined) : await openPgliteDir(target.dataDir);
  const db = new Kysely<Database>({ dialect: new PGliteDialect({ pglite }) });
  return {
    db,
    driver: 'pglite',
    // Kysely closes the PGlite instance, which checkpoints its write-ahead log.
    close: async () => {
      await db.destroy();
      if (!pglite.closed) await pglite.close();
    },
  };
}

function createPglite(dataDir: string | undefined) {
  return PGlite.create(dataDir, {
    parsers: {
      [NUMERIC]: (v: string) => Number(v),
      [INT8]: (v: string) => Number(v),
      [DATE]: (v: string) => v,
    },
  });
}

/**
 * An interrupted first start can leave a half-made data folder, so a new cluster is made in a
 * temporary folder and renamed into place only once it is complete.
 */
async function openPgliteDir(dataDir: string) {
  const dir = resolve(dataDir, 'pg');
  if (!existsSync(join(dir, 'PG_VERSION'))) {
    const staging = `${dir}.init-${process.pid}`;
    rmSync(staging, { recursive: true, force: true });
    mkdirSync(staging, { recursive: true });
    const fresh = await createPglite(staging);
    await fresh.close();
    rmSync(dir, { recursive: true, force: true });
    renameSync(staging, dir);
  }
  return createPglite(dir);
}

async function openPostgres(url: string, schema: string | undefined): Promise<DatabaseHandle> {
  if (schema && !/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`Invalid schema name: ${schema}`);
  const types = {
    getTypeParser: (oid: number, format?: string) => {
      if (oid === NUMERIC || oid === INT8) return (v: string) => Number(v);
      if (oid === DATE) return (v: string) => v;
      return pg.types.getTypeParser(oid, format as 'text');
    },
  };
  if (schema) {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      await admin.query(`create schema if not exists "${schema}"`);
    } finally {
      await admin.end();
    }
  }
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    types,
    ...(schema ? { options: `-c search_path="${schema}",public` } : {}),
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { db, driver: 'postgres', schema, pool, close: () => db.destroy() };
}
