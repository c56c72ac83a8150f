#!/usr/bin/env node
// npm test: install if needed, find (or install) Chromium, then typecheck, the structure check, lint, unit and API
// tests (API also on PostgreSQL when TEST_DATABASE_URL is set), build, the cluster test (with
// TEST_DATABASE_URL: two built servers behind HAProxy) and browser tests.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  ensureBuild,
  ensureChromium,
  ensureDependencies,
  ensureHaproxy,
  ensureQpdf,
  root,
  step,
} from './lib.mjs';

const results = mkdtempSync(join(tmpdir(), 'plinth-test-'));
const totals = { passed: 0, failed: 0 };
/** Each step's wall time and each test file's, for the closing timing report (issue 32). */
const timings = { started: Date.now(), steps: [], files: [] };
/** Budgets on a 2-core machine, install included (issue 32): over them is a warning, not a failure. */
const BUDGET_SECONDS = 15 * 60;
const CI_BUDGET_SECONDS = 35 * 60;
const SLOW_FILE_SECONDS = 60;
const failedSteps = [];
const failures = [];
/** Steps that could not run here: said so, and never counted as passed. */
const notRun = [];

function vitest(title, args, env = {}) {
  timed(title, () => runVitest(title, args, env));
}

function runVitest(title, args, env) {
  // `npm test -- <pattern>`: a pattern may match browser files only; no match at all is said below.
  const mayRunNone = args.includes('--passWithNoTests');
  step(title);
  const out = join(results, `${title.replace(/\W+/g, '-')}.json`);
  const unhandled = join(results, `${title.replace(/\W+/g, '-')}-unhandled.json`);
  const fileTimes = join(results, `${title.replace(/\W+/g, '-')}-file-times.json`);
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
      '--reporter=./scripts/file-timings-reporter.mjs',
    ],
    {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, ...env, UNHANDLED_ERRORS_FILE: unhandled, FILE_TIMINGS_FILE: fileTimes },
    },
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
    if (report.numTotalTests === 0 && !mayRunNone) failedSteps.push(`${title} (ran no test)`);
    failures.push(...failuresIn(report));
  }
  if (existsSync(fileTimes)) {
    for (const file of JSON.parse(readFileSync(fileTimes, 'utf8')))
      timings.files.push({ ...file, name: file.name.replace(`${root}/`, ''), step: file.project || title });
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

/**
 * Checks that each keep one core busy (tsc, dependency-cruiser, Biome), run as many at a time as the
 * machine has cores (two here: about half the wall time of one after another). Each check's output
 * is kept and printed whole when it ends, so two never interleave; a failed check is reported at the
 * end like any failed step, and the others still run.
 */
async function checksInParallel(title, checks) {
  const started = Date.now();
  step(
    `${title} (${checks.map((c) => c.title).join(', ')}; ${Math.min(cpus().length, checks.length)} at a time)`,
  );
  const queue = [...checks];
  const lane = async () => {
    for (let check = queue.shift(); check; check = queue.shift()) {
      const checkStarted = Date.now();
      const { status, output } = await new Promise((done) => {
        const child = spawn(check.command, check.args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
        let text = '';
        child.stdout.on('data', (d) => {
          text += d;
        });
        child.stderr.on('data', (d) => {
          text += d;
        });
        child.on('error', (error) => done({ status: error.message, output: text }));
        child.on('close', (code, signal) => done({ status: code ?? signal, output: text }));
      });
      const seconds = (Date.now() - checkStarted) / 1000;
      process.stdout.write(`\n▷ ${check.title} (${seconds.toFixed(0)} s)\n${output}`);
      timings.steps.push({ title: `  ${check.title} (within the step above)`, seconds, within: true });
      if (status !== 0)
        failedSteps.push(`${check.title}: ${check.command} ${check.args.join(' ')} failed (${status})`);
    }
  };
  const stepIndex = timings.steps.length;
  await Promise.all(Array.from({ length: Math.max(1, Math.min(cpus().length, checks.length)) }, lane));
  timings.steps.splice(stepIndex, 0, { title, seconds: (Date.now() - started) / 1000 });
}

/**
 * CPU seconds used so far by this process's children that have ended (and what they waited for), from
 * Linux's /proc (cutime + cstime, in clock ticks of 1/100 s); undefined elsewhere. A step's share of
 * the cores tells one that computes (speed it up by doing less) from one that waits (overlap it).
 */
function childCpuSeconds() {
  try {
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
    return (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    return undefined;
  }
}

/** Runs a step and keeps its wall time (and the cores its processes kept busy) for the closing report. */
function timed(title, fn) {
  const started = Date.now();
  const cpuBefore = childCpuSeconds();
  try {
    return fn();
  } finally {
    const seconds = (Date.now() - started) / 1000;
    const cpu = cpuBefore === undefined ? undefined : childCpuSeconds() - cpuBefore;
    timings.steps.push({
      title,
      seconds,
      cores: cpu === undefined || seconds < 1 ? undefined : cpu / seconds,
    });
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

/** The closing timing report: each step, the slowest files, files over a minute, the total against its budget. */
function timingReport() {
  const minutes = (seconds) => `${Math.floor(seconds / 60)} min ${Math.round(seconds % 60)} s`;
  const total = (Date.now() - timings.started) / 1000;
  const lines = [`\nTimings on ${cpus().length} cores (wall clock):`];
  for (const { title, seconds, cores } of timings.steps)
    lines.push(
      `  ${seconds.toFixed(0).padStart(5)} s  ${title}${cores === undefined ? '' : ` (${cores.toFixed(2)} cores busy)`}`,
    );
  const slowest = [...timings.files].sort((a, b) => b.seconds - a.seconds);
  lines.push('Slowest test files:');
  for (const file of slowest.slice(0, 20))
    lines.push(`  ${file.seconds.toFixed(1).padStart(6)} s  ${file.name} (${file.step})`);
  for (const file of slowest.filter((f) => f.seconds > SLOW_FILE_SECONDS))
    lines.push(
      `WARNING: ${file.name} took ${file.seconds.toFixed(0)} s (over ${SLOW_FILE_SECONDS} s): split it or share its set-up`,
    );
  const budget = process.env.TEST_DATABASE_URL ? CI_BUDGET_SECONDS : BUDGET_SECONDS;
  lines.push(
    `Total ${minutes(total)} against a budget of ${minutes(budget)}${process.env.TEST_DATABASE_URL ? ' (with PostgreSQL, as in CI)' : ''}` +
      (total > budget ? ' — WARNING: over budget' : ''),
  );
  return `${lines.join('\n')}\n`;
}

/**
 * qpdf for the stamp-removal test (apps/server/test/adversary/stamp-removal.test.ts), found or
 * installed (root). Without it that test fails and says why: it is never skipped.
 */
function findQpdf() {
  try {
    process.env.QPDF_PATH = ensureQpdf();
  } catch (error) {
    process.stdout.write(`${error.message} The stamp-removal test will fail.\n`);
  }
}

/**
 * `npm test -- <pattern> [...]`: only the test files whose path matches, on the embedded database, with
 * no typecheck, lint or build around them: the edit–test loop. Browser files run too when one matches.
 */
function runMatching(patterns) {
  ensureDependencies();
  findQpdf();
  const { TEST_DATABASE_URL: _ignored, ...embedded } = process.env;
  process.env = embedded;
  vitest('Matching unit and API tests', [
    '--project',
    'domain',
    '--project',
    'web',
    '--project',
    'server',
    '--passWithNoTests',
    ...patterns,
  ]);
  const e2eMatches = readdirSync(join(root, 'e2e')).filter(
    (name) => name.endsWith('.e2e.test.ts') && patterns.some((p) => `e2e/${name}`.includes(p)),
  );
  if (e2eMatches.length > 0) {
    const chromium = ensureChromium();
    timed('Build', () => ensureBuild());
    vitest('Matching browser tests', ['--config', 'e2e/vitest.config.ts', ...e2eMatches], {
      CHROMIUM_PATH: chromium,
    });
  }
  if (timings.files.length === 0) failedSteps.push(`no test file matches ${patterns.join(' ')}`);
}

const patterns = process.argv.slice(2);
try {
  if (patterns.length > 0) runMatching(patterns);
  else await runEverything();
} catch (error) {
  failedSteps.push(error.message);
} finally {
  rmSync(results, { recursive: true, force: true });
}

async function runEverything() {
  timed('Install dependencies', () => ensureDependencies());
  const chromium = timed('Find Chromium', () => ensureChromium());
  timed('Find qpdf', () => findQpdf());
  // Every project `npm run typecheck` checks, each on its own; the longest (the server) first.
  const { scripts } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const projects = [...scripts.typecheck.matchAll(/tsc -p (\S+)/g)].map((m) => m[1]);
  projects.sort((a, b) => (b === 'apps/server') - (a === 'apps/server'));
  const tsc = (project) => ({ title: `Typecheck ${project}`, command: 'npx', args: ['tsc', '-p', project] });
  await checksInParallel('Typecheck, structure and lint', [
    tsc(projects[0]),
    { title: 'Lint and format check (Biome)', command: 'npx', args: ['biome', 'ci', '.'] },
    ...projects.slice(1).map(tsc),
    {
      title: 'Structure: import rules and file sizes',
      command: 'node',
      args: ['scripts/check-structure.mjs'],
    },
  ]);
  // First, while nothing else has run: a delay measured right after the API suite also measured
  // what it left behind (PostgreSQL cleaning up, processes ending): 80 ms against 31-35 alone.
  soloTests();
  vitest('Unit and API tests', ['--project', 'domain', '--project', 'web', '--project', 'server*']);
  timed('Build', () => ensureBuild());
  clusterTest();
  vitest('Browser tests', ['--config', 'e2e/vitest.config.ts'], { CHROMIUM_PATH: chromium });
}

for (const failure of failures) process.stdout.write(`\nFAIL ${failure}\n`);
for (const skipped of notRun) process.stdout.write(`\nNOT RUN ${skipped}\n`);
process.stdout.write(timingReport());
process.stdout.write(`\n${failedSteps.length ? `Failed: ${failedSteps.join('; ')}\n` : ''}`);
process.stdout.write(`tests: ${totals.passed} passed, ${totals.failed} failed\n`);
process.exit(failedSteps.length || totals.failed ? 1 : 0);
