#!/usr/bin/env node
// npm start: install if needed, build if needed, then serve the app on the embedded database
// (PGlite in ./data or DATA_DIR), migrated and seeded with demo accounts on first start.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { ensureBuild, ensureDependencies, root, step } from './lib.mjs';

try {
  ensureDependencies();
  ensureBuild();
} catch (error) {
  console.error(`\n✖ ${error.message}`);
  process.exit(1);
}

// glibc's allocator raises its trim and mmap thresholds (up to 64 and 32 MB) as a process frees
// large blocks, and then keeps much of what V8's worker threads freed after start-up. Fixed
// thresholds return more of it: 15–30 MB less at rest in our runs, with no more page faults per
// request (issue 12 item 8, docs/decisions/028-memory-at-rest.md). Other C libraries ignore the
// variables; values the caller sets win.
const allocatorEnv = { MALLOC_TRIM_THRESHOLD_: String(8 << 20), MALLOC_MMAP_THRESHOLD_: String(1 << 20) };

// npm start is a demo on this machine, with well-known demo passwords: it listens on 127.0.0.1
// and keeps e-mails in the dev inbox, which only a signed-in admin reads. HOST, SMTP_URL or
// DEV_MAIL set by the caller win (decision 045).
const demoEnv = { HOST: '127.0.0.1', ...(process.env.SMTP_URL ? {} : { DEV_MAIL: 'on' }) };

step('Starting Plinth');
const server = spawn(
  process.execPath,
  ['--enable-source-maps', join(root, 'apps/server/dist/main.js'), '--seed-demo'],
  {
    cwd: root,
    stdio: 'inherit',
    env: { NODE_ENV: 'production', ...allocatorEnv, ...demoEnv, ...process.env },
  },
);
// Ctrl-C reaches the server too (same process group); it closes PGlite cleanly, then we exit.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (server.exitCode === null) server.kill(signal);
  });
}
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
