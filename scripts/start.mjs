#!/usr/bin/env node
// npm start: install if needed, build if needed, then serve the app on the embedded database
// (PGlite in ./data or DATA_DIR), migrated and seeded with demo accounts on first start.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { ensureBuild, ensureDependencies, root, step } from './lib.mjs';
import { serverAllocatorEnv, serverNodeOptions } from './start-options.mjs';

try {
  ensureDependencies();
  ensureBuild();
} catch (error) {
  console.error(`\n✖ ${error.message}`);
  process.exit(1);
}

// npm start is a demo on this machine, with well-known demo passwords: it listens on 127.0.0.1
// and keeps e-mails in the dev inbox, which only a signed-in admin reads. HOST, SMTP_URL or
// DEV_MAIL set by the caller win (decision 045).
const demoEnv = { HOST: '127.0.0.1', ...(process.env.SMTP_URL ? {} : { DEV_MAIL: 'on' }) };

step('Starting Plinth');
const server = spawn(
  process.execPath,
  // Node's options and the allocator's settings: start-options.mjs (decisions 028 and 075).
  [...serverNodeOptions, join(root, 'apps/server/dist/main.js'), '--seed-demo'],
  {
    cwd: root,
    stdio: 'inherit',
    env: { NODE_ENV: 'production', ...serverAllocatorEnv, ...demoEnv, ...process.env },
  },
);
// Ctrl-C reaches the server too (same process group); it closes PGlite cleanly, then we exit.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (server.exitCode === null) server.kill(signal);
  });
}
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
