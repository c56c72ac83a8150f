import { type Migration, type MigrationProvider, Migrator } from 'kysely/migration';
import type { DatabaseHandle } from './database';
import { migrations } from './migrations/index';

// Migrations are imported statically so that the bundled server carries them.
const provider: MigrationProvider = { getMigrations: async () => migrations as Record<string, Migration> };

export async function migrateToLatest({ db, schema }: Pick<DatabaseHandle, 'db' | 'schema'>): Promise<void> {
  // With a schema of its own, the migration tables live there too (Kysely otherwise finds
  // another schema's tables and skips creating its own).
  const migrator = new Migrator({ db, provider, ...(schema ? { migrationTableSchema: schema } : {}) });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`, { cause: error });
  }
}
