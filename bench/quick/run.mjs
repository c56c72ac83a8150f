#!/usr/bin/env node
// bench:quick (issue 31 item 5): the check every change touching the server runs before it is
// called done, in under 5 minutes on 2 cores, each step side by side with the last landed build:
//   1. bench:load at 100 people for 20 s (20,000 projects), both builds in turn
//      (../load/run.mjs --compare): requests, p99, server and PostgreSQL CPU per request;
//   2. the varied marketplace case at 20,000 projects (./varied.mjs --compare): p99, share of the
//      bare route, page cache hit rate;
//   3. memory at rest after a start on the demo data (../memory/run.mjs --compare): RSS at 15 s
//      and 60 s.
// The last landed build is `--base <commit>` (default: `git merge-base HEAD origin/main` when
// there is an origin, else HEAD — the committed code, against the working tree's changes). It is
// extracted with `git archive` (the shared checkout is not touched) into BENCH_BASE_DIR (default
// /tmp/plinth-bench-base-<commit>), its node_modules linked to this checkout's, and its server built
// (kept for the next run).
// `--readme` writes the figures into README.md's bench:quick table (between the bench:quick markers)
// with the date and commit, and marks each row whose commit is older than the server code now.
// Usage: npm run bench:quick [-- --base <commit>] [-- --readme]
// Needs PostgreSQL (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test).
import { execFileSync, spawn } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { root } from '../lib/server.mjs';

const { values: flags } = parseArgs({
  options: { base: { type: 'string' }, readme: { type: 'boolean', default: false } },
});
const started = performance.now();
const progress = (line) => process.stderr.write(`[bench:quick] ${line}\n`);
const git = (...args) => execFileSync('git', ['-C', root, ...args], { encoding: 'utf8' }).trim();
const uptime = () => execFileSync('uptime', { encoding: 'utf8' }).trim();
const loadAverage = (text) => /load average: ([\d.]+)/.exec(text)?.[1] ?? '?';

function baseCommit() {
  if (flags.base) return git('rev-parse', '--short', flags.base);
  try {
    git('rev-parse', '--verify', '--quiet', 'origin/main');
    return git('rev-parse', '--short', git('merge-base', 'HEAD', 'origin/main'));
  } catch {
    return git('rev-parse', '--short', 'HEAD');
  }
}

/** The base commit's server, built once into its own folder (read-only to this checkout). */
function prepareBase(commit) {
  const dir = process.env.BENCH_BASE_DIR ?? `/tmp/plinth-bench-base-${commit}`;
  const main = join(dir, 'apps/server/dist/main.js');
  if (existsSync(main) && existsSync(join(dir, '.bench-base-commit'))) return dir;
  progress(`extracting ${commit} into ${dir} (git archive) and building its server`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const archive = execFileSync('git', ['-C', root, 'archive', commit], { maxBuffer: 1 << 30 });
  execFileSync('tar', ['-x', '-C', dir], { input: archive });
  const modules = join(dir, 'node_modules');
  mkdirSync(join(modules, '@plinth'), { recursive: true });
  for (const entry of readdirSync(join(root, 'node_modules'))) {
    if (entry === '@plinth' || entry === '.bin') continue;
    symlinkSync(join(root, 'node_modules', entry), join(modules, entry));
  }
  for (const [name, path] of [
    ['domain', 'packages/domain'],
    ['server', 'apps/server'],
    ['web', 'apps/web'],
    ['e2e', 'e2e'],
  ]) {
    if (existsSync(join(dir, path))) symlinkSync(join('..', '..', path), join(modules, '@plinth', name));
  }
  execFileSync(process.execPath, ['build.mjs'], { cwd: join(dir, 'apps/server'), stdio: 'inherit' });
  writeFileSync(join(dir, '.bench-base-commit'), `${commit}\n`);
  return dir;
}

/** Runs one step (a node script of bench/) and returns its JSON result file. */
function step(script, args, env, out) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(root, script), ...args, '--out', out], {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    child.once('exit', () => {
      // A benchmark that misses its budget exits 1 but still wrote its figures.
      const file = join(root, 'bench/results', out);
      try {
        resolve(JSON.parse(readFileSync(file, 'utf8')));
      } catch (error) {
        reject(new Error(`${script} wrote no results (${error.message})`));
      }
    });
  });
}

const commit = baseCommit();
const head = git('rev-parse', '--short', 'HEAD');
const dirty = git('status', '--porcelain', '--', 'apps/server', 'packages') !== '';
const thisCommit = `${head}${dirty ? '+changes' : ''}`;
progress(`this checkout ${thisCommit} against ${commit}; ${uptime()}`);
execFileSync(process.execPath, ['build.mjs'], { cwd: join(root, 'apps/server'), stdio: 'inherit' });
const baseDir = prepareBase(commit);
for (const stale of ['quick-load.json', 'quick-varied.json', 'quick-memory.json'])
  rmSync(join(root, 'bench/results', stale), { force: true });

const uptimeBefore = uptime();
const load = await step(
  'bench/load/run.mjs',
  ['--compare', baseDir, '--rounds', '1', '--background', '5'],
  { BENCH_PEOPLE: '100', BENCH_DURATION: '20', BENCH_WARM_UP: '3', BENCH_SCHEMA: 'bench_quick_load' },
  'quick-load.json',
);
const varied = await step(
  'bench/quick/varied.mjs',
  ['--compare', baseDir],
  { BENCH_PROJECTS: '20000', BENCH_DURATION: '10' },
  'quick-varied.json',
);
// Both servers at rest at once: the 60 s wait is paid once.
const memory = await step(
  'bench/memory/run.mjs',
  ['--compare', baseDir, '--rounds', '1', '--parallel'],
  {},
  'quick-memory.json',
);
const uptimeAfter = uptime();

const side = (name) => {
  const l = load.side_by_side.find((s) => s.build === name);
  const v = varied.runs.find((r) => r.build === name);
  const m = memory.side_by_side.find((s) => s.build === name);
  return {
    build: name,
    commit: l.commit,
    load: {
      requests: l.requests_per_run,
      p99_ms: l.p99_ms_per_run[0],
      server_cpu_ms_per_request: l.server_cpu_ms_per_request,
      postgres_cpu_ms_per_request: l.postgres_cpu_ms_per_request,
      errors: l.errors,
    },
    varied: {
      p99_ms: v.app.p99_ms,
      share_of_bare: v.throughput_ratio,
      cache_hit_rate: v.app.cache_hit_rate,
      server_cpu_ms_per_request: v.app.cpu_ms_per_request.server,
    },
    memory_mib: { at_15_s: m.rss_mib[15][0], at_60_s: m.rss_mib[60][0] },
  };
};
const summary = {
  benchmark: 'quick',
  date: new Date().toISOString(),
  this: thisCommit,
  base: commit,
  uptime_before: uptimeBefore,
  uptime_after: uptimeAfter,
  side_by_side: [side('this'), side('compare')],
  total_seconds: +((performance.now() - started) / 1000).toFixed(0),
};
writeFileSync(join(root, 'bench/results/quick.json'), `${JSON.stringify(summary, null, 2)}\n`);
console.info(JSON.stringify(summary, null, 2));

const row = (s) =>
  `| ${summary.date.slice(0, 16).replace('T', ' ')} | ${s.commit} | ${s.load.requests} | ${s.load.p99_ms} | ${s.load.server_cpu_ms_per_request} | ${s.load.postgres_cpu_ms_per_request} | ${s.varied.p99_ms} | ${Math.round(s.varied.share_of_bare * 100)} % | ${Math.round((s.varied.cache_hit_rate ?? 0) * 100)} % | ${s.memory_mib.at_15_s} / ${s.memory_mib.at_60_s} | ${loadAverage(uptimeBefore)}–${loadAverage(uptimeAfter)} |`;
const rows = summary.side_by_side.map(row);
for (const line of rows) progress(line);
progress(`done in ${summary.total_seconds} s`);

if (flags.readme) updateReadme(rows);

/**
 * README.md's bench:quick table: the new rows on top (newest first, at most 12 kept), every row's
 * commit checked against the server code now: a row whose commit predates the last change to
 * apps/server or packages/domain is marked as older than the code it measures.
 */
function updateReadme(newRows) {
  const file = join(root, 'README.md');
  const text = readFileSync(file, 'utf8');
  const open = '<!-- bench:quick rows -->';
  const close = '<!-- /bench:quick rows -->';
  const a = text.indexOf(open);
  const b = text.indexOf(close);
  if (a < 0 || b < a) throw new Error(`README.md has no ${open} … ${close} section`);
  const old = text
    .slice(a + open.length, b)
    .split('\n')
    .filter((line) => line.startsWith('| 20'));
  const codeCommit = git('log', '-1', '--format=%h', '--', 'apps/server', 'packages/domain');
  const mark = (line) => {
    const cells = line.split('|');
    const rowCommit = cells[2].trim().replace(/\+changes$/, '');
    const clean = cells[2].replace(/ \(older than the code\)/, '');
    let older = false;
    try {
      // Older when the code has changed since the row's commit.
      older =
        git('rev-list', '--count', `${rowCommit}..${codeCommit}`, '--', 'apps/server', 'packages/domain') !==
        '0';
    } catch {
      older = true;
    }
    cells[2] = older ? `${clean.trimEnd()} (older than the code) ` : clean;
    return cells.join('|');
  };
  const kept = [...newRows, ...old].slice(0, 12).map(mark);
  const header = [
    '| date (UTC) | commit | load: requests in 20 s | load: p99 (ms) | load: server CPU/request (ms) | load: PostgreSQL CPU/request (ms) | varied: p99 (ms) | varied: share of bare | varied: cache hit rate | RSS at 15 s / 60 s (MB) | load average |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
  ];
  writeFileSync(
    file,
    `${text.slice(0, a + open.length)}\n${[...header, ...kept].join('\n')}\n${text.slice(b)}`,
  );
  // The table's columns padded as the repository's formatter keeps them.
  execFileSync(join(root, 'node_modules/.bin/biome'), ['format', '--write', file], { stdio: 'ignore' });
  progress(`README.md: ${newRows.length} rows added; the server code was last changed in ${codeCommit}`);
}
