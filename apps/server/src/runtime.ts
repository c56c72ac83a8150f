import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Config } from './config';
import { type DatabaseHandle, openDatabase } from './db/database';
import { lockDataDir } from './db/lock';
import { migrateToLatest } from './db/migrate';

export interface Runtime {
  config: Config;
  database: DatabaseHandle;
  authSecret: string;
  /** Closes the database (checkpointing PGlite) and releases the data-folder lock. */
  close(): Promise<void>;
}

/**
 * In embedded mode with no AUTH_SECRET, one is generated once and kept in DATA_DIR, so sessions
 * survive restarts. With PostgreSQL, AUTH_SECRET is required.
 */
function resolveAuthSecret(config: Config): string {
  if (config.AUTH_SECRET) return config.AUTH_SECRET;
  if (config.DATABASE_URL) throw new Error('AUTH_SECRET: required when DATABASE_URL is set');
  const file = resolve(config.DATA_DIR, 'auth-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(config.DATA_DIR, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** Opens the configured database (locking the embedded one), migrates it, and finds the secret. */
export async function openRuntime(config: Config): Promise<Runtime> {
  const unlock = config.DATABASE_URL ? async () => {} : await lockDataDir(config.DATA_DIR);
  try {
    const database = await openDatabase(
      config.DATABASE_URL
        ? { kind: 'postgres', url: config.DATABASE_URL, schema: config.DATABASE_SCHEMA }
        : { kind: 'pglite', dataDir: config.DATA_DIR },
      { readCache: config.READ_CACHE },
    );
    await migrateToLatest(database);
    const authSecret = resolveAuthSecret(config);
    return {
      config,
      database,
      authSecret,
      async close() {
        await database.close();
        await unlock();
      },
    };
  } catch (error) {
    await unlock();
    throw error;
  }
}
