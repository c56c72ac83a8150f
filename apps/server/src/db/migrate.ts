import { sql } from 'kysely';
import { type Migration, type MigrationProvider, Migrator } from 'kysely/migration';
import { installJobQueue, jobSchemaOf } from '../jobs/job-queue';
import { readDeleteForeignKeys } from './change-tracker';
import { changesOf, type DatabaseHandle } from './database';
import { migrations } from './migrations/index';

// Migrations are imported statically so that the bundled server carries them.
const provider: MigrationProvider = { getMigrations: async () => migrations as Record<string, Migration> };

/**
 * Held (shared) while a schema of its own is migrated on PostgreSQL, and taken exclusively by
 * whatever drops such a schema (the test helpers): Kysely's check for its migration table reads
 * the tables of every schema, and fails if another schema disappears in the middle of that read.
 */
export const SCHEMA_DROP_LOCK = 7_261_125;

type Migratable = Pick<DatabaseHandle, 'db' | 'schema' | 'jobSql'>;

export async function migrateToLatest(database: Migratable): Promise<void> {
  const { db, schema } = database;
  if (!schema) return migrate(database);
  await db.connection().execute(async (connection) => {
    await sql`select pg_advisory_lock_shared(${SCHEMA_DROP_LOCK})`.execute(connection);
    try {
      await migrate(database);
    } finally {
      await sql`select pg_advisory_unlock_shared(${SCHEMA_DROP_LOCK})`.execute(connection);
    }
  });
}

/** Drops a schema of its own under SCHEMA_DROP_LOCK, so no migration elsewhere is reading the catalog. */
export async function dropSchemaExclusively(
  client: { query(text: string): Promise<unknown> },
  schema: string,
) {
  if (!/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`Invalid schema name: ${schema}`);
  await client.query(`select pg_advisory_lock(${SCHEMA_DROP_LOCK})`);
  try {
    await client.query(`drop schema if exists "${schema}" cascade`);
    await client.query(`drop schema if exists "${jobSchemaOf(schema)}" cascade`);
  } finally {
    await client.query(`select pg_advisory_unlock(${SCHEMA_DROP_LOCK})`);
  }
}

async function migrate(database: Migratable): Promise<void> {
  const { db, schema } = database;
  // With a schema of its own, the migration tables live there too (Kysely otherwise finds
  // another schema's tables and skips creating its own).
  const migrator = new Migrator({ db, provider, ...(schema ? { migrationTableSchema: schema } : {}) });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`, { cause: error });
  }
  // The job queue's own tables (pg-boss), in a schema of their own beside these.
  await installJobQueue(database);
  // The schema is final: from now on a delete marks only the tables its foreign keys reach.
  changesOf(db).learnForeignKeys(await readDeleteForeignKeys(db));
}
