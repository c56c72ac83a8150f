#!/usr/bin/env node
// npm run restore -- FILE: see docs/decisions/038-backup-and-restore.md.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { ensureBuild, ensureDependencies, root } from './lib.mjs';

ensureDependencies();
ensureBuild();
const result = spawnSync(
  process.execPath,
  [join(root, 'apps/server/dist/cli.js'), 'restore', ...process.argv.slice(2)],
  {
    cwd: root,
    stdio: 'inherit',
  },
);
process.exit(result.status ?? 1);
