import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Config } from './config';
import type { DemoSeed } from './db/seed/demo';

/**
 * A new embedded data folder is made, migrated and (with --seed-demo) seeded by a short-lived child
 * process, and the server then opens the finished folder (issue 31 item 3, decision 084). Creating
 * every table and writing the demo data touch PGlite's WebAssembly memory (which never shrinks), fill
 * V8's young generation and compile the seed's code; in the child all of it goes back to the system
 * when it exits. The server's own start then only reads: about 20 MB less at rest.
 */
export const PREPARE_FLAG = '--prepare-data-folder';

/** Whether this start opens an embedded data folder that no start has finished yet. */
export function isNewEmbeddedFolder(config: Config): boolean {
  return !config.DATABASE_URL && !existsSync(resolve(config.DATA_DIR, 'pg', 'PG_VERSION'));
}

/** The child failed; it has printed why (its stderr is the server's). */
export class FirstStartError extends Error {}

/** What the child reports: the demo accounts when --seed-demo made or found them. */
interface Prepared {
  seeded: DemoSeed | null;
}

/**
 * Runs this same entry point as the child (same Node options and loaders, same environment), and
 * resolves with its report once it has closed the database. The child holds the data folder's lock
 * while it works; the server takes it after.
 */
export function prepareInChildProcess(seedDemo: boolean): Promise<Prepared> {
  const entry = process.argv[1];
  if (!entry) throw new Error('first start: the entry point of this process is unknown');
  const args = [...process.execArgv, entry, PREPARE_FLAG, ...(seedDemo ? ['--seed-demo'] : [])];
  return new Promise((done, fail) => {
    let report: Prepared | undefined;
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    child.on('message', (message) => {
      report = message as Prepared;
    });
    child.once('error', fail);
    child.once('exit', (code, signal) => {
      if (code === 0 && report) done(report);
      else
        fail(new Error(`first start: preparing the data folder failed (${signal ?? `exit code ${code}`})`));
    });
  });
}

/** In the child: report to the server that started it. */
export function reportPrepared(prepared: Prepared): Promise<void> {
  return new Promise((done) => {
    if (!process.send) return done();
    process.send(prepared, () => done());
  });
}
