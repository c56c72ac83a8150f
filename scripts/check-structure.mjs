#!/usr/bin/env node
// npm run check:structure (a step of npm test): the import rules of .dependency-cruiser.cjs (no
// circle in the server, the web app or the domain; no web import of server code; no web feature
// reaching into another) and the size rule: no hand-written source file over 500 lines.
// Migrations are written once and never edited, so they are left out; test files over the limit are
// listed as warnings (docs/decisions/017-structure-checks.md).
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { root } from './lib.mjs';

const MAX_LINES = 500;
const sourceRoots = ['apps/server/src', 'apps/web/src', 'packages/domain/src'];
const problems = [];

const cruise = spawnSync(
  'npx',
  ['depcruise', ...sourceRoots, '--config', '.dependency-cruiser.cjs', '--output-type', 'err'],
  { cwd: root, encoding: 'utf8' },
);
process.stdout.write(cruise.stdout);
process.stderr.write(cruise.stderr);
if (cruise.status !== 0) problems.push('import rules broken (listed above)');

const tracked = spawnSync('git', ['ls-files', '-co', '--exclude-standard'], { cwd: root, encoding: 'utf8' });
if (tracked.status !== 0) throw new Error(`git ls-files failed: ${tracked.stderr}`);
const handWritten = tracked.stdout
  .split('\n')
  .filter((path) => /\.(ts|tsx|mjs|cjs|js)$/.test(path))
  .filter((path) => !/(^|\/)(node_modules|dist)\//.test(path) && !path.includes('/db/migrations/'));
const isTest = (path) => /(^|\/)(test|e2e)\//.test(path) || /\.test\.tsx?$/.test(path);

const oversized = [];
for (const path of handWritten) {
  let text;
  try {
    text = readFileSync(`${root}/${path}`, 'utf8');
  } catch {
    continue; // deleted in the working tree but still in the index
  }
  const lines = text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
  if (lines > MAX_LINES) oversized.push({ path, lines });
}
for (const { path, lines } of oversized) {
  const level = isTest(path) ? 'warning' : 'error';
  process.stdout.write(`  ${level} file-size: ${path} has ${lines} lines (limit ${MAX_LINES})\n`);
}
const oversizedSource = oversized.filter(({ path }) => !isTest(path));
if (oversizedSource.length) problems.push(`${oversizedSource.length} source file(s) over ${MAX_LINES} lines`);

if (problems.length) {
  process.stderr.write(`Structure check failed: ${problems.join('; ')}\n`);
  process.exit(1);
}
process.stdout.write(
  `Structure check passed: no import circle or forbidden import; no source file over ${MAX_LINES} lines.\n`,
);
