#!/usr/bin/env node
// npm test: install if needed, find (or install) Chromium, then typecheck, the structure check, lint, unit and API
// tests (API also on PostgreSQL when TEST_DATABASE_URL is set), build, the cluster test (with
// TEST_DATABASE_URL: two built servers behind HAProxy) and browser tests.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureBuild, ensureChromium, ensureDependencies, ensureHaproxy, root, run, step } from './lib.mjs';

const results = mkdtempSync(join(tmpdir(), 'plinth-test-'));
const totals = { passed: 0, failed: 0 };
const failedSteps = [];
const failures = [];
/** Steps that could not run here: said so, and never counted as passed. */
const notRun = [];

function vitest(title, args, env = {}) {
  step(title);
  const out = join(results, `${title.replace(/\W+/g, '-')}.json`);
  const unhandled = join(results, `${title.replace(/\W+/g, '-')}-unhandled.json`);
  const result = spawnSync(
    'npx',
    [
      'vitest',
      'run',
      ...args,
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${out}`,
      '--reporter=./scripts/unhandled-errors-reporter.mjs',
    ],
    { cwd: root, stdio: 'inherit', env: { ...process.env, ...env, UNHANDLED_ERRORS_FILE: unhandled } },
  );
  if (existsSync(unhandled)) {
    for (const error of JSON.parse(readFileSync(unhandled, 'utf8')))
      failures.push(
        `unhandled error${error.origin ? ` from ${error.origin}` : ''}: ${error.message}\n${error.stack}`,
      );
  }
  if (existsSync(out)) {
    const report = JSON.parse(readFileSync(out, 'utf8'));
    totals.passed += report.numPassedTests;
    totals.failed += report.numFailedTests;
    if (report.numTotalTests === 0) failedSteps.push(`${title} (ran no test)`);
    failures.push(...failuresIn(report));
  }
  if (result.status !== 0) failedSteps.push(`${title} (vitest exit ${result.status ?? result.signal})`);
}

/**
 * What failed, file by file: failed tests and failures outside any test (a hook that timed out, an
 * import that threw), which count no failed test. Printed again at the very end, where a CI log's
 * tail shows it.
 */
function failuresIn(report) {
  const short = (text) =>
    String(text ?? '')
      .split('\n')
      .slice(0, 6)
      .join('\n')
      .slice(0, 800);
  const found = [];
  for (const file of report.testResults ?? []) {
    const name = file.name.replace(`${root}/`, '');
    const failedTests = (file.assertionResults ?? []).filter((a) => a.status === 'failed');
    for (const test of failedTests)
      found.push(`${name} > ${test.fullName}\n${short(test.failureMessages?.[0])}`);
    if (file.status === 'failed' && failedTests.length === 0)
      found.push(`${name} (outside a test)\n${short(file.message)}`);
  }
  return found;
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

/**
 * Two built servers behind HAProxy on one PostgreSQL schema (scripts/cluster.mjs). Runs where
 * PostgreSQL is given (TEST_DATABASE_URL, as in CI) and HAProxy is installed or installable (root).
 */
function clusterTest() {
  const title = 'Cluster test (two instances behind HAProxy)';
  const skip = (why) => {
    step(title);
    process.stdout.write(`Not run: ${why}. Not counted as passed.\n`);
    notRun.push(`${title}: ${why}`);
  };
  if (!process.env.TEST_DATABASE_URL)
    return skip('the cluster test needs PostgreSQL (set TEST_DATABASE_URL)');
  let haproxy;
  try {
    haproxy = ensureHaproxy();
  } catch (error) {
    if (process.getuid?.() !== 0) return skip(error.message);
    failedSteps.push(`${title}: ${error.message}`);
    return;
  }
  vitest(title, ['--config', 'apps/server/test/cluster/vitest.config.ts'], { HAPROXY_PATH: haproxy });
}

/**
 * Tests that time the event loop (apps/server/test/solo/): one file at a time with nothing else
 * running, on PostgreSQL (TEST_DATABASE_URL, as in CI).
 */
function soloTests() {
  const title = 'Timing tests, one at a time (PostgreSQL)';
  if (!process.env.TEST_DATABASE_URL) {
    step(title);
    const why = 'they need PostgreSQL (set TEST_DATABASE_URL)';
    process.stdout.write(`Not run: ${why}. Not counted as passed.\n`);
    notRun.push(`${title}: ${why}`);
    return;
  }
  vitest(title, ['--config', 'apps/server/test/solo/vitest.config.ts']);
}

try {
  ensureDependencies();
  const chromium = ensureChromium();
  check('Typecheck', () => run('npm', ['run', 'typecheck']));
  check('Structure: import rules and file sizes', () => run('node', ['scripts/check-structure.mjs']));
  check('Lint and format check (Biome)', () => run('npx', ['biome', 'ci', '.']));
  // First, while nothing else has run: a delay measured right after the API suite also measured
  // what it left behind (PostgreSQL cleaning up, processes ending): 80 ms against 31-35 alone.
  soloTests();
  vitest('Unit and API tests', ['--project', 'domain', '--project', 'web', '--project', 'server*']);
  ensureBuild();
  clusterTest();
  vitest('Browser tests', ['--config', 'e2e/vitest.config.ts'], { CHROMIUM_PATH: chromium });
} catch (error) {
  failedSteps.push(error.message);
} finally {
  rmSync(results, { recursive: true, force: true });
}

for (const failure of failures) process.stdout.write(`\nFAIL ${failure}\n`);
for (const skipped of notRun) process.stdout.write(`\nNOT RUN ${skipped}\n`);
process.stdout.write(`\n${failedSteps.length ? `Failed: ${failedSteps.join('; ')}\n` : ''}`);
process.stdout.write(`tests: ${totals.passed} passed, ${totals.failed} failed\n`);
process.exit(failedSteps.length || totals.failed ? 1 : 0);
