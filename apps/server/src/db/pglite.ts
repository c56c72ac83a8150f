import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';

// The embedded database (PGlite): its memory settings, and a data folder made safely on first start.

/** Type OIDs read as JS numbers and plain dates, on PGlite and on PostgreSQL (db/database.ts). */
export const NUMERIC = 1700;
export const INT8 = 20;
export const DATE = 1082;

/**
 * PostgreSQL's memory settings for the embedded database (issue 12 item 8): its defaults
 * (shared_buffers 128 MB and more) are a server's; one process with a small data set needs little, and
 * the operating system's file cache keeps the rest of the data close. Measured on the demo data:
 * PGlite alone idles at 313 MB with the defaults and 194 MB with these. shared_buffers 16 → 8 MB:
 * the buffers live in PGlite's WebAssembly memory, which never shrinks, and a first start (migrations,
 * seed) touches all of them; the server's RSS at rest is 6–11 MB lower (decision 075).
 */
export const EMBEDDED_POSTGRESQL_CONF = [
  'shared_buffers = 8MB',
  'work_mem = 2MB',
  'maintenance_work_mem = 16MB',
  'temp_buffers = 2MB',
  'wal_buffers = 1MB',
  'max_connections = 5',
];

export function createPglite(dataDir: string | undefined, template?: Blob) {
  return PGlite.create(dataDir, {
    ...(template ? { loadDataDir: template } : {}),
    postgresqlconf: EMBEDDED_POSTGRESQL_CONF,
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
export async function openPgliteDir(dataDir: string) {
  const dir = resolve(dataDir, 'pg');
  if (!existsSync(join(dir, 'PG_VERSION'))) {
    const staging = `${dir}.init-${process.pid}`;
    rmSync(staging, { recursive: true, force: true });
    mkdirSync(staging, { recursive: true });
    await createClusterInChildProcess(staging);
    rmSync(dir, { recursive: true, force: true });
    renameSync(staging, dir);
  }
  return createPglite(dir);
}

/** Run by `node -e` with PGlite's module URL, the folder and the settings (JSON) as arguments. */
const CREATE_CLUSTER_SCRIPT = `
const [pgliteUrl, dir, conf] = process.argv.slice(1);
const { PGlite } = await import(pgliteUrl);
const pglite = await PGlite.create(dir, { postgresqlconf: JSON.parse(conf) });
await pglite.close();
`;

/**
 * initdb runs in a short-lived child process (issue 12 item 8): PGlite's initdb copies its whole
 * WebAssembly memory (128 MB) and hands the new cluster over as a tarball, and the C allocator
 * keeps such memory after it is freed, so in the server's own process the first start stayed about
 * 85 MB larger for good. The child's memory goes back to the system when it exits.
 */
async function createClusterInChildProcess(dir: string) {
  const pgliteUrl = import.meta.resolve('@electric-sql/pglite');
  const conf = JSON.stringify(EMBEDDED_POSTGRESQL_CONF);
  const args = ['--input-type=module', '-e', CREATE_CLUSTER_SCRIPT, '--', pgliteUrl, dir, conf];
  try {
    await promisify(execFile)(process.execPath, args, { maxBuffer: 16 * 1024 * 1024 });
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr?.trim();
    throw new Error(`Could not create the embedded database in ${dir}${stderr ? `:\n${stderr}` : ''}`, {
      cause: error,
    });
  }
}
