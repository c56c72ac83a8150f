#!/usr/bin/env node
// npm run create-admin -- --email E --name N [--password P]
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { ensureBuild, ensureDependencies, root } from './lib.mjs';

ensureDependencies();
ensureBuild();
const result = spawnSync(
  process.execPath,
  [join(root, 'apps/server/dist/cli.js'), 'create-admin', ...process.argv.slice(2)],
  {
    cwd: root,
    stdio: 'inherit',
  },
);
process.exit(result.status ?? 1);
