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

step('Starting Plinth');
const server = spawn(
  process.execPath,
  ['--enable-source-maps', join(root, 'apps/server/dist/main.js'), '--seed-demo'],
  {
    cwd: root,
    stdio: 'inherit',
    env: { NODE_ENV: 'production', ...process.env },
  },
);
// Ctrl-C reaches the server too (same process group); it closes PGlite cleanly, then we exit.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (server.exitCode === null) server.kill(signal);
  });
}
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
