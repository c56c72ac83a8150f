#!/usr/bin/env node
// bench/load: BENCH_PEOPLE (default 200) simulated people for BENCH_DURATION (default 60) seconds on
// PostgreSQL: funders browsing, filtering and previewing (and now and then asking for access),
// developers messaging and uploading, admins approving (actors.mjs).
// Budget (issue 12 item 7): 0 errors (every non-2xx and every failed request is one) and p99 under
// 300 ms over all requests.
// Usage: npm run bench:load  (npm run build && node bench/load/run.mjs)
//
// 1. Drops and recreates the schema (BENCH_SCHEMA, default bench_load) in BENCH_DATABASE_URL
//    (default postgres://postgres@127.0.0.1:5432/test); the built server migrates it on start, and
//    one account is signed up through the API (its password hash is every person's).
// 2. Seeds a market of BENCH_PROJECTS (default 20,000) projects with the marketplace benchmark's
//    generator and loader (../marketplace/seed.mjs), plus the people (people.mjs): 70 % funders,
//    25 % developers, 5 % admins, with conversations, drafts and queues of projects under review.
// 3. Restarts the server, signs everyone in, runs them all: BENCH_WARM_UP (default 5) seconds not
//    counted, then BENCH_DURATION seconds measured, with the CPU the server, PostgreSQL and this
//    process used (../lib/cpu.mjs). Think times and choices come from BENCH_SEED (printed).
// The schema is left in place afterwards for inspection; the next run drops it.
// Results: a table on stderr, JSON on stdout and in bench/results/load.json; exit code 1 when the
// budget is not met.
//
// Side by side (issue 31): `--compare <dir>` runs a second build too — another checkout whose
// server is built (apps/server/dist/main.js, e.g. a `git worktree` of an older commit; `--this <dir>`
// likewise names the first build, default this checkout) — on a
// schema of its own seeded with the same market and people, the two measured in turn (A B B A …,
// `--rounds`, default 2 with --compare) so that a busy machine weighs on both alike. Also:
//   --approvals off   admins list the queue but approve nothing (requests without the writes'
//                     background work: alerts, e-mails, index updates)
//   --cpu-prof <dir>  each server run writes a V8 CPU profile of the measured window there
//                     (<build>-<round>.cpuprofile; summarise with bench/lib/profile-summary.mjs)
//   --background <s>  after each run, s seconds with no requests (default 10): the server's and
//                     PostgreSQL's CPU and statements then are background work (job polling,
//                     outbox, change-notification pings), apart from requests
// PostgreSQL's CPU is that of the instance BENCH_DATABASE_URL reaches (its postmaster's processes,
// when this process can read its data directory), else of every postgres process on the machine.
// When that database has pg_stat_statements, the statements with the most time are reported per run.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { cpuMs, ownCpuMs } from '../lib/cpu.mjs';
import {
  hasStatementStats,
  instanceCpu,
  postmasterPid,
  resetStatementStats,
  topStatements,
} from '../lib/postgres-cpu.mjs';
import { root, startServer } from '../lib/server.mjs';
import { generate, load as loadHere } from '../marketplace/seed.mjs';
import { context, runPeople, smallPdf, THINK_MS, uploadBody } from './actors.mjs';
import { addPeople, giveAccounts, mix, signInAll, TEMPLATE } from './people.mjs';
import { Recorder, table } from './stats.mjs';

const { values: flags } = parseArgs({
  options: {
    this: { type: 'string' },
    compare: { type: 'string' },
    rounds: { type: 'string' },
    approvals: { type: 'string', default: 'on' },
    'cpu-prof': { type: 'string' },
    background: { type: 'string', default: '10' },
    out: { type: 'string', default: 'load.json' },
  },
});

const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const SCHEMA = process.env.BENCH_SCHEMA ?? 'bench_load';
const PROJECTS = Number(process.env.BENCH_PROJECTS ?? 20_000);
const PEOPLE = Number(process.env.BENCH_PEOPLE ?? 200);
const DURATION_S = Number(process.env.BENCH_DURATION ?? 60);
const WARM_UP_S = Number(process.env.BENCH_WARM_UP ?? 5);
const SEED = Number(process.env.BENCH_SEED ?? 20261125);
const ROUNDS = Number(flags.rounds ?? (flags.compare ? 2 : 1));
const APPROVALS = flags.approvals !== 'off';
const BACKGROUND_S = Number(flags.background);
const PDF_KB = 300;
const BUDGET = { p99_ms: 300, errors: 0 };

const progress = (line) => process.stderr.write(`[bench:load] ${line}\n`);
const seconds = (since) => +((performance.now() - since) / 1000).toFixed(1);
const load1 = () => +loadavg()[0].toFixed(2);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
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
for (const [i, build] of builds.entries()) {
  build.mainJs = join(build.dir, 'apps/server/dist/main.js');
  if (!existsSync(build.mainJs))
    throw new Error(`${build.mainJs} is not built (node build.mjs in its apps/server)`);
  build.commit = commitOf(build.dir);
  build.schema = i === 0 ? SCHEMA : `${SCHEMA}_compare`;
  build.env = {
    DATABASE_URL,
    DATABASE_SCHEMA: build.schema,
    AUTH_SECRET: 'bench-load-auth-secret-0123456789abcdef-0123',
    LOG_LEVEL: 'warn',
    AUTH_RATE_LIMIT: 'off',
  };
}
const start = (build, nodeArgs = '', env = {}) =>
  startServer(
    { ...build.env, ...env },
    {
      seedDemo: false,
      mainJs: build.mainJs,
      cwd: build.dir,
      // Migrating a new schema on a busy machine can take longer than the default 30 s.
      healthTimeoutS: 180,
      ...(nodeArgs ? { nodeArgs } : {}),
    },
  );

const started = performance.now();
const kinds = mix(PEOPLE);
progress(
  `seed ${SEED}; ${PEOPLE} people (${kinds.funders} funders, ${kinds.developers} developers, ${kinds.admins} admins); ${PROJECTS} projects; ${WARM_UP_S} s warm-up + ${DURATION_S} s; approvals ${APPROVALS ? 'on' : 'off'}; builds: ${builds.map((b) => `${b.name} ${b.commit}`).join(', ')}; ${ROUNDS} round(s)`,
);
const client = new pg.Client({ connectionString: DATABASE_URL });
await client.connect();
const postgresVersion = (await client.query('show server_version')).rows[0].server_version;
const postmaster = await postmasterPid(client);
const statementStats = await hasStatementStats(client);
progress(
  `PostgreSQL CPU: ${postmaster ? `instance ${postmaster}` : 'every postgres process'}; pg_stat_statements ${statementStats ? 'on' : 'not available'}`,
);

// 1. The market and the people, generated once: both builds get the same rows.
let t = performance.now();
const data = generate({
  projects: PROJECTS,
  developers: Math.max(10, Math.round(PROJECTS * 0.12)),
  funders: kinds.funders,
});
// An admin approves at most one project every two think times; a queue that cannot run out.
const approvalsPerAdmin = ROUNDS * (Math.ceil((WARM_UP_S + DURATION_S) / ((2 * THINK_MS[0]) / 1000)) + 10);
const template = addPeople(data, { ...kinds, approvalsPerAdmin });
progress(
  `generated ${data.projects.length} projects, ${data.requests.length} access requests in ${seconds(t)} s`,
);
const peopleOf = () => ({
  funders: template.funders.map((p) => ({ ...p })),
  developers: template.developers.map((p) => ({ ...p })),
  admins: template.admins.map((p) => ({ ...p, queue: [...p.queue] })),
});

// 2. Each build migrates its own schema; the template account is signed up through its API.
for (const build of builds) {
  await client.query(`drop schema if exists "${build.schema}" cascade`);
  await client.query(`drop schema if exists "${build.schema}_jobs" cascade`);
  progress(`${build.name}: schema ${build.schema} dropped; starting its server to migrate it`);
  const server = await start(build);
  try {
    const res = await fetch(`${server.baseURL}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.baseURL },
      body: JSON.stringify(TEMPLATE),
    });
    if (!res.ok) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
  } finally {
    await server.stop();
  }
  t = performance.now();
  build.people = peopleOf();
  // Each build's own loader where it has one: it knows that build's schema (triggers, columns).
  const own = join(build.dir, 'bench/marketplace/seed.mjs');
  const { load } = build.name !== 'this' && existsSync(own) ? await import(own) : { load: loadHere };
  await load(client, build.schema, data, (line) => progress(`${build.name}: ${line}`));
  build.everyone = [...build.people.funders, ...build.people.developers, ...build.people.admins];
  await client.query(`set search_path to "${build.schema}"`);
  await giveAccounts(client, build.everyone);
  build.seedSeconds = seconds(t);
  progress(`${build.name}: loaded in ${build.seedSeconds} s`);
}
await client.query('set search_path to public');

const pdf = smallPdf(PDF_KB * 1024);
const cores = availableParallelism();

/**
 * Whether the build's POST /api/access-requests takes `undertaking`: asked about a project that does
 * not exist, a build that knows the key answers 404 (or another refusal about the project), one
 * that does not answers 400 naming the key.
 */
async function takesUndertaking(baseURL, cookie) {
  const res = await fetch(`${baseURL}/api/access-requests`, {
    method: 'POST',
    headers: { cookie, origin: baseURL, 'content-type': 'application/json' },
    body: JSON.stringify({
      project_id: '00000000-0000-4000-8000-000000000000',
      initial_message: 'probe',
      undertaking: { accepted: true, full_name: 'Load Test Funder' },
    }),
  });
  const text = await res.text();
  return !(res.status === 400 && text.includes('undertaking'));
}

/** One measured run of `build`: its server started afresh, everyone running for the duration. */
async function measure(build, round) {
  // The profile covers the measured window only (../lib/profile-window.mjs, started and stopped by SIGUSR2).
  const prof = flags['cpu-prof']
    ? join(resolve(flags['cpu-prof']), `${build.name}-${round}.cpuprofile`)
    : null;
  if (prof) mkdirSync(resolve(flags['cpu-prof']), { recursive: true });
  const server = await start(
    build,
    prof ? `--import=${join(root, 'bench/lib/profile-window.mjs')}` : '',
    prof ? { BENCH_PROFILE_FILE: prof } : {},
  );
  try {
    if (!build.signedIn) {
      t = performance.now();
      await signInAll(server.baseURL, build.everyone);
      build.signedIn = true;
      progress(`${build.name}: ${build.everyone.length} people signed in in ${seconds(t)} s`);
    }
    const required = await fetch(`${server.baseURL}/api/required-documents`, {
      headers: { cookie: build.people.developers[0].cookie },
    });
    if (!required.ok) throw new Error(`required documents: ${required.status}`);
    const documentTypes = (await required.json()).required_documents;
    // Whether this build takes the confidentiality undertaking with an access request (3baebec
    // predates it and refuses the key): each build is sent a body it accepts, so neither build's
    // funder_request_access is a cheap 400 (decision 052 counted 117-146 of them for 3baebec).
    build.undertaking ??= await takesUndertaking(server.baseURL, build.people.funders[0].cookie);
    const uploads = documentTypes.map((type) => uploadBody(pdf, type));
    const recorder = new Recorder();
    const ctx = context({
      baseURL: server.baseURL,
      recorder,
      seed: SEED + round,
      uploads,
      approvals: APPROVALS,
      undertaking: build.undertaking,
    });
    const machine = { cores, node: process.version, postgres: postgresVersion, uptime_before: uptime() };
    progress(`${build.name} round ${round}: ${machine.uptime_before}; running`);
    for (const admin of build.people.admins) admin.approved = 0;
    const running = runPeople(ctx, build.everyone);
    await sleep(WARM_UP_S * 1000);
    const pgCpu = instanceCpu(postmaster);
    const cpuBefore = { server: cpuMs(server.pid), postgres: pgCpu.sample(), own: ownCpuMs() };
    if (statementStats) await resetStatementStats(client);
    if (prof) process.kill(server.pid, 'SIGUSR2');
    recorder.start();
    const sampler = setInterval(() => pgCpu.sample(), 1000);
    await sleep(DURATION_S * 1000);
    recorder.stop();
    if (prof) process.kill(server.pid, 'SIGUSR2');
    clearInterval(sampler);
    ctx.finish();
    const cpu = {
      server: cpuMs(server.pid) - cpuBefore.server,
      postgres: pgCpu.sample() - cpuBefore.postgres,
      load_generator: ownCpuMs() - cpuBefore.own,
    };
    machine.uptime_after = uptime();
    machine.load_1m_after = load1();
    const statements = statementStats ? await topStatements(client) : null;
    await running;
    for (let i = 0; prof && !existsSync(prof) && i < 100; i++) await sleep(100);
    const result = recorder.summary();
    const perRequest = (ms) => +(ms / Math.max(1, result.overall.requests)).toFixed(3);
    const coresBusy = (ms) => +(ms / 1000 / result.measured_seconds).toFixed(2);

    // Background work: the same server with no requests at all.
    let background = null;
    if (BACKGROUND_S > 0) {
      await sleep(2000);
      const idleCpu = instanceCpu(postmaster);
      const before = { server: cpuMs(server.pid), postgres: idleCpu.sample() };
      if (statementStats) await resetStatementStats(client);
      const idleSampler = setInterval(() => idleCpu.sample(), 1000);
      await sleep(BACKGROUND_S * 1000);
      clearInterval(idleSampler);
      background = {
        seconds: BACKGROUND_S,
        server_cpu_ms_per_s: +((cpuMs(server.pid) - before.server) / BACKGROUND_S).toFixed(1),
        postgres_cpu_ms_per_s: +((idleCpu.sample() - before.postgres) / BACKGROUND_S).toFixed(1),
        statements: statementStats ? await topStatements(client, 10) : null,
      };
    }
    const errors = result.overall.errors + result.warm_up.non_2xx + result.warm_up.failed;
    return {
      build: build.name,
      commit: build.commit,
      round,
      machine,
      ...result,
      approvals: build.people.admins.reduce((n, a) => n + (a.approved ?? 0), 0),
      approval_queue_ran_out: build.people.admins.some((a) => a.queueRanOut),
      cpu_ms: cpu,
      cpu_ms_per_request: {
        server: perRequest(cpu.server),
        postgres: perRequest(cpu.postgres),
        load_generator: perRequest(cpu.load_generator),
      },
      cores_busy: {
        server: coresBusy(cpu.server),
        postgres: coresBusy(cpu.postgres),
        load_generator: coresBusy(cpu.load_generator),
      },
      statements,
      background,
      errors_including_warm_up: errors,
      pass: errors === BUDGET.errors && result.overall.p99_ms < BUDGET.p99_ms,
      cpu_profile_dir: prof,
    };
  } finally {
    await server.stop();
  }
}

function report(run) {
  progress(`--- ${run.build} (${run.commit}) round ${run.round} ---`);
  for (const line of table(run)) progress(line);
  progress(
    `cache hit rate (GET /api/projects): ${run.cache.hit_rate} (${run.cache.hit} hits, ${run.cache.miss} misses)`,
  );
  progress(
    `CPU per request: server ${run.cpu_ms_per_request.server} ms, PostgreSQL ${run.cpu_ms_per_request.postgres} ms, load generator ${run.cpu_ms_per_request.load_generator} ms (cores busy: ${run.cores_busy.server} + ${run.cores_busy.postgres} + ${run.cores_busy.load_generator} of ${cores})`,
  );
  progress(
    `approvals ${run.approvals}${run.approval_queue_ran_out ? ' (a queue ran out)' : ''}; warm-up: ${run.warm_up.requests} requests, ${run.warm_up.non_2xx + run.warm_up.failed} errors; ${run.machine.uptime_after}`,
  );
  if (run.background)
    progress(
      `background (${run.background.seconds} s, no requests): server ${run.background.server_cpu_ms_per_s} ms CPU/s, PostgreSQL ${run.background.postgres_cpu_ms_per_s} ms CPU/s`,
    );
  if (run.statements)
    for (const s of run.statements.top.slice(0, 8))
      progress(`  sql ${s.total_ms} ms / ${s.calls} calls (${s.mean_ms} ms): ${s.query.slice(0, 140)}`);
  for (const sample of run.error_samples) progress(`error: ${JSON.stringify(sample)}`);
}

// 3. The runs: A B B A … so that drift in the machine's load weighs on both alike.
const runs = [];
try {
  for (let round = 1; round <= ROUNDS; round++) {
    const order = round % 2 === 1 ? builds : [...builds].reverse();
    for (const build of order) {
      const run = await measure(build, round);
      runs.push(run);
      report(run);
    }
  }
} finally {
  await client.end();
}

/** The runs of one build added up: requests, CPU per request over all of them, worst p99. */
const totals = (name) => {
  const mine = runs.filter((r) => r.build === name);
  const requests = mine.reduce((n, r) => n + r.overall.requests, 0);
  const sum = (k) => mine.reduce((n, r) => n + r.cpu_ms[k], 0);
  return {
    build: name,
    commit: mine[0].commit,
    runs: mine.length,
    requests_per_run: Math.round(requests / mine.length),
    p99_ms_per_run: mine.map((r) => r.overall.p99_ms),
    errors: mine.reduce((n, r) => n + r.errors_including_warm_up, 0),
    server_cpu_ms_per_request: +(sum('server') / requests).toFixed(3),
    postgres_cpu_ms_per_request: +(sum('postgres') / requests).toFixed(3),
    approvals_per_run: Math.round(mine.reduce((n, r) => n + r.approvals, 0) / mine.length),
    cache_hit_rate: mine.map((r) => r.cache.hit_rate),
  };
};
const side = builds.map((b) => totals(b.name));
const summary = {
  benchmark: 'load',
  date: new Date().toISOString(),
  note:
    `This machine has ${cores} cores, shared by the load generator (this process), the app server ` +
    '(one Node process), PostgreSQL and whatever else runs on it; `uptime` before and after each run is in its machine. ' +
    `PostgreSQL's CPU is that of ${postmaster ? `the instance (postmaster ${postmaster})` : 'every postgres process on the machine'} while the run was measured.`,
  settings: {
    seed: SEED,
    people: PEOPLE,
    ...kinds,
    projects: PROJECTS,
    duration_s: DURATION_S,
    warm_up_s: WARM_UP_S,
    think_ms: THINK_MS,
    pdf_bytes: pdf.length,
    approvals: APPROVALS,
    approvals_queued_per_admin: approvalsPerAdmin,
    rounds: ROUNDS,
    postgres: postgresVersion,
  },
  builds: builds.map((b) => ({
    name: b.name,
    commit: b.commit,
    dir: b.dir,
    schema: b.schema,
    seed_seconds: b.seedSeconds,
  })),
  side_by_side: side,
  runs,
  pass: runs.every((r) => r.pass),
  total_seconds: seconds(started),
};
const results = join(root, 'bench/results');
mkdirSync(results, { recursive: true });
writeFileSync(join(results, flags.out), `${JSON.stringify(summary, null, 2)}\n`);
console.info(JSON.stringify(summary, null, 2));
progress('=== side by side ===');
for (const s of side)
  progress(
    `${s.build} ${s.commit}: ${s.requests_per_run} requests per run, p99 ${s.p99_ms_per_run.join(' / ')} ms, server CPU ${s.server_cpu_ms_per_request} ms/request, PostgreSQL CPU ${s.postgres_cpu_ms_per_request} ms/request, ${s.approvals_per_run} approvals per run, errors ${s.errors}`,
  );
progress(
  `overall: ${summary.pass ? 'PASS' : 'FAIL'} (budget: 0 errors and p99 < ${BUDGET.p99_ms} ms in every run)`,
);
if (!summary.pass) process.exitCode = 1;
