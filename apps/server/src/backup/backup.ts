import { copyFileSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Config } from '../config';
import { openDatabase } from '../db/database';
import { DataDirLockedError, lockDataDir } from '../db/lock';
import { checksumEntries, writeArchive } from './archive';
import { askServerForSnapshot, type SnapshotAnswer, stagingFolder } from './control';
import { snapshotEmbedded } from './embedded-snapshot';
import { BackupError, MANIFEST_FORMAT, MANIFEST_VERSION, type Manifest } from './manifest';
import { snapshotPostgres } from './postgres';

export interface BackupSummary {
  file: string;
  tables: number;
  rows: number;
  files: number;
  /** How the embedded snapshot was taken: by the running server, or by opening the folder here. */
  takenBy: 'server' | 'this process' | 'pg_dump';
}

/**
 * `npm run backup -- FILE`: one archive with a consistent snapshot of the database and every
 * upload its rows name, and a manifest of checksums (decision 038).
 */
export async function backup(config: Config, file: string): Promise<BackupSummary> {
  const target = resolve(file);
  if (existsSync(target)) throw new BackupError(`${target} already exists: choose a new file name.`);
  mkdirSync(config.DATA_DIR, { recursive: true });
  let dir = '';
  try {
    let takenBy: BackupSummary['takenBy'];
    let manifestDatabase: Manifest['database'];
    let files: Manifest['files'];
    if (config.DATABASE_URL) {
      dir = stagingFolder(config.DATA_DIR);
      const facts = await snapshotPostgres(config, dir);
      takenBy = 'pg_dump';
      manifestDatabase = {
        kind: 'postgres',
        schema: facts.schema,
        extensions: facts.extensions,
        migration: facts.migration,
        tables: facts.tables,
      };
      files = facts.files;
    } else {
      const taken = await snapshotEmbeddedFolder(config, (staging) => {
        dir = staging;
      });
      dir = taken.dir;
      takenBy = taken.takenBy;
      manifestDatabase = { kind: 'pglite', migration: taken.facts.migration, tables: taken.facts.tables };
      files = taken.facts.files;
      // The generated secret goes with the data, so sessions and anything signed with it stay valid.
      const secret = resolve(config.DATA_DIR, 'auth-secret');
      if (!config.AUTH_SECRET && existsSync(secret)) copyFileSync(secret, join(dir, 'auth-secret'));
    }
    mkdirSync(join(dir, 'files'), { recursive: true });
    const manifest: Manifest = {
      format: MANIFEST_FORMAT,
      version: MANIFEST_VERSION,
      createdAt: new Date().toISOString(),
      database: manifestDatabase,
      files,
      entries: await checksumEntries(dir),
    };
    await writeArchive(dir, manifest, target);
    const counts = Object.values(manifestDatabase.tables);
    return {
      file: target,
      tables: counts.length,
      rows: counts.reduce((sum, n) => sum + n, 0),
      files: files.length,
      takenBy,
    };
  } finally {
    if (dir) rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The embedded database is taken by whoever holds its folder: this process when no server runs
 * (under the same lock a server takes), the running server otherwise.
 */
async function snapshotEmbeddedFolder(
  config: Config,
  onStaging: (dir: string) => void,
): Promise<SnapshotAnswer & { takenBy: BackupSummary['takenBy'] }> {
  let unlock: () => Promise<void>;
  try {
    unlock = await lockDataDir(config.DATA_DIR);
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    const answer = await askServerForSnapshot(config.DATA_DIR);
    if (!answer) throw error;
    return { ...answer, takenBy: 'server' };
  }
  try {
    if (!existsSync(join(config.DATA_DIR, 'pg', 'PG_VERSION'))) {
      throw new BackupError(`${resolve(config.DATA_DIR)} holds no database: there is nothing to back up.`);
    }
    const dir = stagingFolder(config.DATA_DIR);
    onStaging(dir);
    const database = await openDatabase({ kind: 'pglite', dataDir: config.DATA_DIR });
    try {
      return { dir, facts: await snapshotEmbedded(database.db, config, dir), takenBy: 'this process' };
    } finally {
      await database.close();
    }
  } finally {
    await unlock();
  }
}
