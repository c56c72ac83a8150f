import { type Migration, type MigrationProvider, Migrator } from 'kysely/migration';
import type { Db } from './database';
import { migrations } from './migrations/index';

// Migrations are imported statically so that the bundled server carries them.
const provider: MigrationProvider = { getMigrations: async () => migrations as Record<string, Migration> };

export async function migrateToLatest(db: Db): Promise<void> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`, { cause: error });
  }
}
