#!/usr/bin/env node
// bench/memory: memory at rest (issue 31 item 3; decisions 028, 052 and 075; README.md beside this
// file). The built server is started as `npm start` starts it (NODE_ENV=production, Node's options and
// the allocator thresholds of scripts/start-options.mjs, --seed-demo on a new data folder, the embedded
// database) and its VmRSS is read 15 s and 60 s after /api/health first answers, with no request in
// between. Budget: < 250 MB at 15 s, < 200 MB at 60 s.
// Usage: node bench/memory/run.mjs [--compare <dir>] [--rounds n] [--at 15,60] [--breakdown]
//   --node-args '<options>': Node's options instead of npm start's (scripts/start-options.mjs).
//   --breakdown: at each point, also what the RSS is made of: V8's heap and external memory
//   (bench/lib/memory-probe.mjs, preloaded), and /proc/<pid>/smaps by mapping (anonymous memory,
//   the embedded database's WebAssembly memory, the C allocator's thread arenas, the C heap, and
//   each shared library).
//   --compare <dir>: another checkout with a built server, measured in turn (A B B A …), or with
//   --parallel both at once (each round's wait paid once; they start up side by side).
// Results: a table on stderr, JSON on stdout and in bench/results/memory.json (or --out).
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { serverAllocatorEnv, serverNodeOptions } from '../../scripts/start-options.mjs';
import { freePort, root, rssMiB, waitForHealth } from '../lib/server.mjs';

const USAGE = `Usage: node bench/memory/run.mjs [options]   (npm run build first; README.md beside this file)
  --this <dir>          the checkout to measure (default: this one); its apps/server/dist must be built
  --compare <dir>       another built checkout, measured in turn (A B B A …)
  --parallel            with --compare: both builds at once
  --rounds <n>          starts per build (default 1, or 2 with --compare)
  --at <s,s>            seconds after the first health answer to read RSS (default 15,60)
  --breakdown           also what the RSS is made of: process.memoryUsage(), V8's heap spaces and
                        /proc/<pid>/smaps by mapping (WebAssembly memory, glibc's thread arenas, …)
  --node-args '<opts>'  Node's options instead of npm start's ('${serverNodeOptions.join(' ')}')
  --out <file>          JSON result in bench/results/ (default memory.json)
Environment: BENCH_MEMORY_SNAPSHOT_DIR=<dir> with --breakdown writes a heap snapshot at each point.`;
if (process.argv.includes('--help') || process.argv.includes('-h')) {
  console.info(USAGE);
  process.exit(0);
}

const { values: flags } = parseArgs({
  options: {
    compare: { type: 'string' },
    this: { type: 'string' },
    rounds: { type: 'string' },
    at: { type: 'string', default: '15,60' },
    out: { type: 'string', default: 'memory.json' },
    parallel: { type: 'boolean', default: false },
    breakdown: { type: 'boolean', default: false },
    // Node's options as npm start gives them; another value measures what an option costs.
    'node-args': { type: 'string', default: serverNodeOptions.join(' ') },
  },
});
const AT = flags.at.split(',').map(Number);
const ROUNDS = Number(flags.rounds ?? (flags.compare ? 2 : 1));
const BUDGET = { 15: 250, 60: 200 };
const progress = (line) => process.stderr.write(`[bench:memory] ${line}\n`);
const uptime = () => {
  try {
    return execFileSync('uptime', { encoding: 'utf8' }).trim();
  } catch {
    return `load average: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(', ')}`;
  }
};
const commitOf = (dir) => {
  // A tree extracted with git archive (bench:quick's base build) names its commit in this file.
  const stamp = join(dir, '.bench-base-commit');
  if (existsSync(stamp)) return readFileSync(stamp, 'utf8').trim();
  try {
    const commit = execFileSync('git', ['-C', dir, 'rev-parse', '--short', 'HEAD'], {
      encoding: 'utf8',
    }).trim();
    const dirty = execFileSync('git', ['-C', dir, 'status', '--porcelain', '--', 'apps/server', 'packages'], {
      encoding: 'utf8',
    }).trim();
    return dirty ? `${commit}+changes` : commit;
  } catch {
    return 'unknown';
  }
};

const builds = [{ name: 'this', dir: flags.this ? resolve(flags.this) : root }];
if (flags.compare) builds.push({ name: 'compare', dir: resolve(flags.compare) });
for (const build of builds) {
  build.mainJs = join(build.dir, 'apps/server/dist/main.js');
  if (!existsSync(build.mainJs)) throw new Error(`${build.mainJs} is not built`);
  build.commit = commitOf(build.dir);
}

/** One start of `build` as npm start runs it, on a new data folder; RSS at each of AT seconds. */
async function measure(build) {
  const dataDir = mkdtempSync(join(tmpdir(), 'plinth-memory-'));
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const probeFile = join(dataDir, 'memory-probe.jsonl');
  const probe = flags.breakdown ? ['--import', join(root, 'bench/lib/memory-probe.mjs')] : [];
  const child = spawn(
    process.execPath,
    [...probe, ...flags['node-args'].split(' ').filter(Boolean), build.mainJs, '--seed-demo'],
    {
      cwd: build.dir,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: {
        NODE_ENV: 'production',
        // As npm start: allocator settings the caller sets (MALLOC_*) win, to measure others.
        ...serverAllocatorEnv,
        ...process.env,
        HOST: '127.0.0.1',
        DEV_MAIL: 'on',
        PORT: String(port),
        BASE_URL: baseURL,
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        DATABASE_URL: '',
        BENCH_MEMORY_PROBE_FILE: probeFile,
      },
    },
  );
  try {
    // A first start migrates and seeds a new embedded database: slow on a busy machine.
    const spawned = performance.now();
    await waitForHealth(baseURL, child, '/api/health', 900);
    const ready = performance.now();
    const rss = {};
    const breakdown = {};
    for (const at of AT) {
      await new Promise((r) => setTimeout(r, Math.max(0, at * 1000 - (performance.now() - ready))));
      rss[at] = +rssMiB(child.pid).toFixed(1);
      if (flags.breakdown) breakdown[at] = await breakdownOf(child.pid, probeFile);
    }
    return {
      build: build.name,
      commit: build.commit,
      rss_mib: rss,
      // Spawn to the first health answer: a first start migrates and seeds (decision 084: in a child).
      start_s: +((ready - spawned) / 1000).toFixed(1),
      ...(flags.breakdown ? { breakdown } : {}),
      uptime: uptime(),
    };
  } finally {
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** RSS by mapping from /proc/<pid>/smaps (MiB, the largest first), and the preloaded probe's figures. */
async function breakdownOf(pid, probeFile) {
  const byMapping = new Map();
  let name = '';
  let start = 0n;
  for (const line of readFileSync(`/proc/${pid}/smaps`, 'utf8').split('\n')) {
    const head = /^([0-9a-f]+)-[0-9a-f]+ \S+ \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (head) {
      start = BigInt(`0x${head[1]}`);
      name = head[2] || '[anonymous]';
      continue;
    }
    // Anonymous memory, told apart by shape (a reading aid, not a proof): PGlite's WebAssembly
    // memory is one 128 MB mapping (process.memoryUsage().external counts all of it, RSS only the
    // touched pages); glibc's thread arenas start on a 64 MB boundary and are at most 64 MB.
    const sizeKb = /^Size:\s+(\d+) kB/.exec(line);
    if (sizeKb && name === '[anonymous]') {
      const kb = Number(sizeKb[1]);
      if (kb >= 128 * 1024) name = '[anonymous, 128 MB or more: WebAssembly memory]';
      else if (start % (64n << 20n) === 0n && kb <= 64 * 1024 && kb >= 1024)
        name = '[anonymous, on a 64 MB boundary: C allocator thread arenas]';
    }
    const rssKb = /^Rss:\s+(\d+) kB/.exec(line);
    if (rssKb) byMapping.set(name, (byMapping.get(name) ?? 0) + Number(rssKb[1]));
  }
  const mappings = Object.fromEntries(
    [...byMapping]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 8)
      .map(([n, kb]) => [n, +(kb / 1024).toFixed(1)]),
  );
  const before = existsSync(probeFile)
    ? readFileSync(probeFile, 'utf8').split('\n').filter(Boolean).length
    : 0;
  process.kill(pid, 'SIGUSR2');
  let probe;
  for (let i = 0; i < 50 && !probe; i++) {
    await new Promise((r) => setTimeout(r, 100));
    const lines = existsSync(probeFile) ? readFileSync(probeFile, 'utf8').split('\n').filter(Boolean) : [];
    if (lines.length > before) probe = JSON.parse(lines.at(-1));
  }
  return { mappings_mib: mappings, ...(probe ?? {}) };
}

const runs = [];
const report = (build, run, round) =>
  progress(
    `${build.name} ${build.commit} round ${round}: ${AT.map((at) => `${run.rss_mib[at]} MB at ${at} s`).join(', ')}, started in ${run.start_s} s (${run.uptime})`,
  );
const breakdowns = (run) => {
  for (const [at, b] of Object.entries(run.breakdown ?? {}))
    progress(`  at ${at} s: ${JSON.stringify(b.usage_mib)} smaps ${JSON.stringify(b.mappings_mib)}`);
};
for (let round = 1; round <= ROUNDS; round++) {
  if (flags.parallel) {
    const done = await Promise.all(builds.map((build) => measure(build)));
    for (const [i, run] of done.entries()) {
      runs.push({ ...run, round, parallel: true });
      report(builds[i], run, round);
      breakdowns(run);
    }
    continue;
  }
  for (const build of round % 2 === 1 ? builds : [...builds].reverse()) {
    const run = await measure(build);
    runs.push({ ...run, round });
    report(build, run, round);
    breakdowns(run);
  }
}
const side = builds.map((b) => {
  const mine = runs.filter((r) => r.build === b.name);
  return {
    build: b.name,
    commit: b.commit,
    rss_mib: Object.fromEntries(AT.map((at) => [at, mine.map((r) => r.rss_mib[at])])),
  };
});
const pass = runs
  .filter((r) => r.build === 'this')
  .every((r) => AT.every((at) => !(at in BUDGET) || r.rss_mib[at] < BUDGET[at]));
const summary = {
  benchmark: 'memory',
  date: new Date().toISOString(),
  budget_mib: BUDGET,
  side_by_side: side,
  runs,
  pass,
};
mkdirSync(join(root, 'bench/results'), { recursive: true });
writeFileSync(join(root, 'bench/results', flags.out), `${JSON.stringify(summary, null, 2)}\n`);
console.info(JSON.stringify(summary, null, 2));
for (const s of side)
  progress(
    `${s.build} ${s.commit}: ${AT.map((at) => `${s.rss_mib[at].join(' / ')} MB at ${at} s`).join('; ')}`,
  );
progress(`overall: ${pass ? 'PASS' : 'FAIL'} (budget: < 250 MB at 15 s, < 200 MB at 60 s)`);
if (!pass) process.exitCode = 1;
