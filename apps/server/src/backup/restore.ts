import { copyFileSync, existsSync, mkdirSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { sql } from 'kysely';
import type { Config } from '../config';
import { type DatabaseHandle, openDatabase } from '../db/database';
import { lockDataDir } from '../db/lock';
import { verifyAuditChain } from '../modules/audit/audit.service';
import { readArchive } from './archive';
import { BackupError, type Manifest, parseManifest } from './manifest';
import { restorePostgres } from './postgres';
import { countRows } from './snapshot-facts';
import { hasStoredFiles, restoreStoredFiles } from './stored-files';

export interface RestoreSummary {
  rows: number;
  files: number;
  auditEntries: number;
}

/**
 * `npm run restore -- FILE`: the archive into an empty data folder (DATA_DIR) or an empty database
 * (DATABASE_URL, with DATABASE_SCHEMA when set), and its files into the configured storage. The
 * archive is checked against its manifest first; the restored rows are counted against it and the
 * audit chain is verified after (decision 038).
 */
export async function restore(config: Config, file: string): Promise<RestoreSummary> {
  mkdirSync(config.DATA_DIR, { recursive: true });
  // Embedded: the folder stays locked, so no server starts on it half restored.
  const unlock = config.DATABASE_URL ? async () => {} : await lockDataDir(config.DATA_DIR);
  const dir = mkdtempSync(resolve(config.DATA_DIR, '.restore-'));
  try {
    if (!config.DATABASE_URL && existsSync(join(config.DATA_DIR, 'pg', 'PG_VERSION'))) {
      throw new BackupError(
        `${resolve(config.DATA_DIR)} already holds a database: restore only into an empty data folder.`,
      );
    }
    if (await hasStoredFiles(config)) {
      throw new BackupError(
        config.S3_BUCKET
          ? `The bucket ${config.S3_BUCKET} already holds files: restore only into an empty bucket.`
          : `${resolve(config.DATA_DIR, 'uploads')} already holds files: restore only into an empty data folder.`,
      );
    }
    const manifest = await readArchive(resolve(file), dir, parseManifest);
    const kind = config.DATABASE_URL ? 'postgres' : 'pglite';
    if (manifest.database.kind !== kind) {
      throw new BackupError(
        manifest.database.kind === 'pglite'
          ? 'This is a backup of the embedded database: restore it with DATA_DIR (and no DATABASE_URL).'
          : 'This is a backup of a PostgreSQL database: restore it with DATABASE_URL.',
      );
    }
    let summary: Omit<RestoreSummary, 'files'>;
    if (kind === 'pglite') {
      // Checked where it was unpacked, then moved into place whole.
      summary = await checkRestored(
        manifest,
        await openDatabase({ kind: 'pglite', dataDir: join(dir, 'db') }),
      );
      renameSync(join(dir, 'db', 'pg'), resolve(config.DATA_DIR, 'pg'));
      if (existsSync(join(dir, 'auth-secret'))) {
        copyFileSync(join(dir, 'auth-secret'), resolve(config.DATA_DIR, 'auth-secret'));
      }
    } else {
      await restorePostgres(config, join(dir, 'db', 'postgres.dump'), {
        schema: manifest.database.schema!,
        extensions: manifest.database.extensions ?? [],
      });
      summary = await checkRestored(
        manifest,
        await openDatabase({ kind: 'postgres', url: config.DATABASE_URL!, schema: config.DATABASE_SCHEMA }),
      );
    }
    const files = await restoreStoredFiles(config, join(dir, 'files'));
    return { ...summary, files };
  } finally {
    rmSync(dir, { recursive: true, force: true });
    await unlock();
  }
}

/** Every table has the rows the manifest counted, and the audit chain verifies. Closes the database. */
async function checkRestored(manifest: Manifest, database: DatabaseHandle) {
  try {
    const expected = manifest.database.tables;
    const counted = await countRows(
      async <Row>(text: string) => (await sql.raw<Row>(text).execute(database.db)).rows,
      Object.keys(expected),
    );
    const differing = Object.keys(expected).find((table) => counted[table] !== expected[table]);
    if (differing) {
      throw new BackupError(
        `The restored table ${differing} has ${counted[differing]} rows where the backup counted ${expected[differing]}.`,
      );
    }
    const chain = await verifyAuditChain(database.db);
    if (!chain.ok) {
      throw new BackupError(`The restored audit chain is broken at entry ${chain.brokenId}: ${chain.why}`);
    }
    return {
      rows: Object.values(counted).reduce((sum, n) => sum + n, 0),
      auditEntries: chain.entries,
    };
  } finally {
    await database.close();
  }
}
