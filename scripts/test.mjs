#!/usr/bin/env node
// npm test: install if needed, find (or install) Chromium, then typecheck, lint, unit and API
// tests (API also on PostgreSQL when TEST_DATABASE_URL is set), build, and browser tests.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureBuild, ensureChromium, ensureDependencies, root, run, step } from './lib.mjs';

const results = mkdtempSync(join(tmpdir(), 'plinth-test-'));
const totals = { passed: 0, failed: 0 };
const failedSteps = [];

function vitest(title, args, env = {}) {
  step(title);
  const out = join(results, `${title.replace(/\W+/g, '-')}.json`);
  const result = spawnSync(
    'npx',
    ['vitest', 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${out}`],
    { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } },
  );
  if (existsSync(out)) {
    const report = JSON.parse(readFileSync(out, 'utf8'));
    totals.passed += report.numPassedTests;
    totals.failed += report.numFailedTests;
    if (report.numTotalTests === 0) failedSteps.push(`${title} (ran no test)`);
  }
  if (result.status !== 0) failedSteps.push(title);
}

/** A step that fails is reported at the end; the others still run, so one run shows every problem. */
function check(title, fn) {
  step(title);
  try {
    fn();
  } catch (error) {
    failedSteps.push(`${title}: ${error.message}`);
  }
}

try {
  ensureDependencies();
  const chromium = ensureChromium();
  check('Typecheck', () => run('npm', ['run', 'typecheck']));
  check('Lint and format check (Biome)', () => run('npx', ['biome', 'ci', '.']));
  vitest('Unit and API tests', ['--project', 'domain', '--project', 'server*']);
  ensureBuild();
  vitest('Browser tests', ['--config', 'e2e/vitest.config.ts'], { CHROMIUM_PATH: chromium });
} catch (error) {
  failedSteps.push(error.message);
} finally {
  rmSync(results, { recursive: true, force: true });
}

process.stdout.write(`\n${failedSteps.length ? `Failed: ${failedSteps.join('; ')}\n` : ''}`);
process.stdout.write(`tests: ${totals.passed} passed, ${totals.failed} failed\n`);
process.exit(failedSteps.length || totals.failed ? 1 : 0);
