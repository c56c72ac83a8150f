import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, type ServerProcess, startServer } from './support/server-process';

/**
 * Memory at rest (issue 31 item 3, decision 075): what a start of the built server loads. Every npm
 * package a start imports stays in memory for the life of the process (its source, compiled code and
 * whatever it builds at import), so a package that only some requests need is imported by them, on
 * first use, never at start. This reads the module graph of a real start (the built server, the
 * embedded database, no optional adapter configured), not timings: a static import of any package
 * below, anywhere in the server, fails it.
 */

/** Loaded only by the requests or configurations that need them (RSS each adds at rest, decision 052/075). */
const ONLY_WHEN_NEEDED = [
  '@cantoo/pdf-lib', // PDFs written (statements, notices, credit summaries) and stamped: ~35 MB
  'pdfjs-dist', // view-only pages, read in the page renderer's child process (decision 049)
  '@napi-rs/canvas', // ditto
  'sharp', // image stamps (decision 051)
  'date-holidays', // replaced by a generated table (decision 052): ~22 MB
  'react-dom', // e-mails, rendered when the first one is sent
  '@react-email/render',
  '@aws-sdk/client-s3', // S3_BUCKET only
  'stripe', // STRIPE_SECRET_KEY only
  'openai', // OPENAI_* only
  'nodemailer', // SMTP_URL only
];

/** The npm package of a module URL or path (…/node_modules/@scope/name/… or …/node_modules/name/…). */
function packageOf(entry: string): string | null {
  const path = entry.startsWith('file:') ? fileURLToPath(entry) : entry;
  const match = /.*\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(path);
  return match ? match[1]! : null;
}

describe('a start of the server (embedded database, no optional adapter)', () => {
  let dataDir: string;
  let server: ServerProcess;
  let loaded: Set<string>;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'plinth-start-imports-'));
    const trace = join(dataDir, 'modules.txt');
    const preload = fileURLToPath(new URL('./support/module-trace.mjs', import.meta.url));
    // A first start makes the database and migrates it: a minute or more on a busy machine.
    server = await startServer(
      await freePort(),
      { DATA_DIR: dataDir, NODE_OPTIONS: `--import=${preload}`, PLINTH_MODULE_TRACE: trace },
      { timeoutMs: 240_000 },
    );
    // The job queue's workers, the outbox and the timers have started: "Plinth is running" comes after them.
    await server.stop();
    expect(existsSync(trace)).toBe(true);
    loaded = new Set(
      readFileSync(trace, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map(packageOf)
        .filter((name): name is string => name !== null),
    );
  }, 300_000);

  afterAll(() => {
    if (dataDir) rmSync(dataDir, { recursive: true, force: true, maxRetries: 5 });
  });

  it('loads what every request or the job queue needs (the trace sees ES and CommonJS modules)', () => {
    // ES modules imported by the bundle, and CommonJS ones required inside npm packages (pg-boss → pg).
    for (const name of ['fastify', 'kysely', 'better-auth', '@electric-sql/pglite', 'pg-boss', 'pg'])
      expect(loaded, name).toContain(name);
  });

  it('does not load the packages only some requests or configurations need', () => {
    expect(ONLY_WHEN_NEEDED.filter((name) => loaded.has(name))).toEqual([]);
  });
});
