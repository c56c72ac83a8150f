#!/usr/bin/env node
// npm run verify-audit: checks the audit log's hash chain; exit 1 names the first broken entry.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { ensureBuild, ensureDependencies, root } from './lib.mjs';

ensureDependencies();
ensureBuild();
const result = spawnSync(
  process.execPath,
  [join(root, 'apps/server/dist/cli.js'), 'verify-audit', ...process.argv.slice(2)],
  {
    cwd: root,
    stdio: 'inherit',
  },
);
process.exit(result.status ?? 1);
