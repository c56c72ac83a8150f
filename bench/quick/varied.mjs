#!/usr/bin/env node
// bench:quick's marketplace step: the varied case (a fresh random filter, sort and page on every
// request, ../marketplace/varied.mjs) of GET /api/projects over BENCH_PROJECTS (default 20,000)
// projects on PostgreSQL, for this build and, with `--compare <dir>`, another built checkout, each
// on a schema of its own with the same rows; beside a bare Fastify route answering the default
// page's JSON from memory (../marketplace/bare-server.mjs). Reports p99, throughput as a share of
// the bare route's, the page cache's hit rate and the server's CPU per request.
// Usage: node bench/quick/varied.mjs [--compare <dir>] [--out varied.json]
//   --rounds n       measure the builds n times in turn (A B B A …), each server started afresh
//   --reuse          keep the schemas a previous run seeded (same BENCH_PROJECTS) instead of
//                    seeding them again: 100,000 projects take minutes to load on 2 busy cores
//   --cpu-prof <dir> a V8 CPU profile of each app server's measured window (<build>-<round>.cpuprofile)
//   --sequential n   also n varied requests one at a time (after the measured run): the server's CPU
//                    per request without 50 connections queueing on a busy machine
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { cpuMs } from '../lib/cpu.mjs';
import { freePort, root, signIn, startServer, waitForHealth } from '../lib/server.mjs';
import { measureVaried, urlOf } from '../marketplace/measure.mjs';
import { generate, load as loadHere } from '../marketplace/seed.mjs';
import { variedQueries } from '../marketplace/varied.mjs';

const { values: flags } = parseArgs({
  options: {
    compare: { type: 'string' },
    this: { type: 'string' },
    out: { type: 'string', default: 'quick-varied.json' },
    rounds: { type: 'string', default: '1' },
    reuse: { type: 'boolean', default: false },
    'cpu-prof': { type: 'string' },
    // The compare build's schema (default <schema>_compare): two builds with the same migrations
    // may share one (with --reuse, seeded once). Never an older build on a newer one's schema.
    'compare-schema': { type: 'string' },
    sequential: { type: 'string', default: '0' },
  },
});
const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const SCHEMA = process.env.BENCH_SCHEMA ?? 'bench_quick_market';
const PROJECTS = Number(process.env.BENCH_PROJECTS ?? 20_000);
const SEED = Number(process.env.BENCH_SEED ?? 20261125);
const FUNDER = { name: 'Bianca Bench', email: 'bench.funder@plinth.local', password: 'plinth-bench-2026' };
const AUTH_SECRET = 'bench-quick-auth-secret-0123456789abcdef';
const progress = (line) => process.stderr.write(`[bench:quick varied] ${line}\n`);
const uptime = () => execFileSync('uptime', { encoding: 'utf8' }).trim();
const commitOf = (dir) => {
  // A tree extracted with git archive (bench:quick's base build) names its commit in this file.
  const stamp = join(dir, '.bench-base-commit');
  if (existsSync(stamp)) return readFileSync(stamp, 'utf8').trim();
  try {
    return execFileSync('git', ['-C', dir, 'rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
  } catch {
    return 'unknown';
  }
};

const builds = [{ name: 'this', dir: flags.this ? resolve(flags.this) : root, schema: SCHEMA }];
if (flags.compare)
  builds.push({
    name: 'compare',
    dir: resolve(flags.compare),
    schema: flags['compare-schema'] ?? `${SCHEMA}_compare`,
  });
for (const b of builds) {
  b.mainJs = join(b.dir, 'apps/server/dist/main.js');
  if (!existsSync(b.mainJs)) throw new Error(`${b.mainJs} is not built`);
  b.commit = commitOf(b.dir);
  b.env = { DATABASE_URL, DATABASE_SCHEMA: b.schema, AUTH_SECRET, LOG_LEVEL: 'warn', AUTH_RATE_LIMIT: 'off' };
}
const start = (b, prof) =>
  startServer(prof ? { ...b.env, BENCH_PROFILE_FILE: prof } : b.env, {
    seedDemo: false,
    mainJs: b.mainJs,
    cwd: b.dir,
    healthTimeoutS: 180,
    ...(prof ? { nodeArgs: `--import=${join(root, 'bench/lib/profile-window.mjs')}` } : {}),
  });
const ROUNDS = Number(flags.rounds);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

const admin = new pg.Client({ connectionString: DATABASE_URL });
await admin.connect();
/** Whether `schema` already holds this many projects and the benchmark's funder (--reuse). */
async function seeded(schema) {
  try {
    const { rows } = await admin.query(
      `select (select count(*) from "${schema}".project)::int as projects,
         (select count(*) from "${schema}"."user" where email = $1)::int as funder`,
      [FUNDER.email],
    );
    return rows[0].funder === 1 && rows[0].projects >= PROJECTS;
  } catch {
    return false;
  }
}
const seeding = new Set();
for (const b of builds) {
  if (seeding.has(b.schema) || (flags.reuse && (await seeded(b.schema)))) {
    progress(`${b.name}: reusing schema ${b.schema}`);
    continue;
  }
  seeding.add(b.schema);
  await admin.query(`drop schema if exists "${b.schema}" cascade`);
  await admin.query(`drop schema if exists "${b.schema}_jobs" cascade`);
  let funderId;
  const server = await start(b);
  try {
    const res = await fetch(`${server.baseURL}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.baseURL },
      body: JSON.stringify(FUNDER),
    });
    if (!res.ok) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
    funderId = (await res.json()).user.id;
  } finally {
    await server.stop();
  }
  await admin.query(`set search_path to "${b.schema}", public`);
  await admin.query(
    `update "user" set role = 'funder', approved = true, email_verified = true, subscription_status = 'active',
       subscription_period_end = now() + interval '30 days' where id = $1`,
    [funderId],
  );
  await admin.query(
    `insert into profile (user_id, company_name, company_type, phone, abn, investment_focus,
       typical_deal_size_min, typical_deal_size_max)
     values ($1, 'Bench Street Capital', 'Private Credit Fund', '0291234567', '51824753556',
       'Residential Development', 1000000, 20000000)`,
    [funderId],
  );
  // The same market in both schemas (the generator is seeded); only the funder's own id differs.
  const data = generate({
    projects: PROJECTS,
    developers: Math.max(10, Math.round(PROJECTS * 0.12)),
    funders: 200,
    benchFunderId: funderId,
  });
  const own = join(b.dir, 'bench/marketplace/seed.mjs');
  const { load } = b.name !== 'this' && existsSync(own) ? await import(own) : { load: loadHere };
  const t = performance.now();
  await load(admin, b.schema, data, (line) => progress(`${b.name}: ${line}`));
  progress(`${b.name}: loaded in ${((performance.now() - t) / 1000).toFixed(1)} s`);
}
await admin.query('set search_path to public');
await admin.end();

/** `n` varied requests one at a time (another seed's, so mostly misses): CPU per request, hit rate. */
async function oneAtATime(server, cookie, n) {
  if (n <= 0) return null;
  const queries = variedQueries(SEED + 1);
  const before = cpuMs(server.pid);
  let hits = 0;
  for (let i = 0; i < n; i++) {
    const res = await fetch(`${server.baseURL}${urlOf(queries.next())}`, { headers: { cookie } });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`varied one at a time: ${res.status}`);
    if (res.headers.get('x-read-cache') === 'hit') hits++;
  }
  return {
    requests: n,
    server_cpu_ms: +((cpuMs(server.pid) - before) / n).toFixed(3),
    hit_rate: +(hits / n).toFixed(3),
  };
}

const work = mkdtempSync(join(tmpdir(), 'plinth-bench-quick-'));
const runs = [];
try {
  for (let round = 1; round <= ROUNDS; round++)
    for (const b of round % 2 === 1 ? builds : [...builds].reverse()) {
      const prof = flags['cpu-prof']
        ? join(resolve(flags['cpu-prof']), `${b.name}-${round}.cpuprofile`)
        : null;
      if (prof) mkdirSync(resolve(flags['cpu-prof']), { recursive: true });
      const server = await start(b, prof);
      let bare;
      try {
        const cookie = await signIn(server.baseURL, FUNDER.email, FUNDER.password);
        const res = await fetch(`${server.baseURL}${urlOf('')}`, { headers: { cookie } });
        if (res.status !== 200) throw new Error(`${urlOf('')}: ${res.status} ${await res.text()}`);
        const bodiesFile = join(work, `${b.name}-bodies.json`);
        writeFileSync(bodiesFile, JSON.stringify({ [urlOf('')]: await res.json() }));
        const barePort = await freePort();
        const child = spawn(process.execPath, [join(root, 'bench/marketplace/bare-server.mjs')], {
          env: { ...process.env, BODIES: bodiesFile, PORT: String(barePort), FALLBACK_URL: urlOf('') },
          stdio: ['ignore', 'ignore', 'inherit'],
        });
        const exited = new Promise((r) => child.once('exit', r));
        bare = async () => {
          if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
          await exited;
        };
        await waitForHealth(`http://127.0.0.1:${barePort}`, child, '/health');
        const before = uptime();
        if (prof) process.kill(server.pid, 'SIGUSR2');
        const app = await measureVaried(server.baseURL, cookie, server.pid, SEED);
        if (prof) {
          process.kill(server.pid, 'SIGUSR2');
          for (let i = 0; !existsSync(prof) && i < 100; i++) await sleep(100);
        }
        const baseline = await measureVaried(`http://127.0.0.1:${barePort}`, cookie, child.pid, SEED);
        const sequential = await oneAtATime(server, cookie, Number(flags.sequential));
        const run = {
          build: b.name,
          commit: b.commit,
          round,
          app,
          bare: baseline,
          throughput_ratio: +(app.req_per_s / baseline.req_per_s).toFixed(3),
          sequential,
          uptime_before: before,
          uptime_after: uptime(),
        };
        runs.push(run);
        progress(
          `${b.name} ${b.commit} round ${round}: p50 ${app.p50_ms} ms, p99 ${app.p99_ms} ms, ${app.req_per_s} req/s (${run.throughput_ratio} of the bare route's ${baseline.req_per_s}), cache hit rate ${app.cache_hit_rate}, server CPU ${app.cpu_ms_per_request.server} ms/request${sequential ? ` (one at a time: ${sequential.server_cpu_ms} ms, hit rate ${sequential.hit_rate})` : ''}; errors ${app.non_2xx + app.errors}; ${run.uptime_after}`,
        );
      } finally {
        await bare?.();
        await server.stop();
      }
    }
} finally {
  rmSync(work, { recursive: true, force: true });
}
const summary = {
  benchmark: 'quick-varied',
  date: new Date().toISOString(),
  projects: PROJECTS,
  seed: SEED,
  runs,
};
mkdirSync(join(root, 'bench/results'), { recursive: true });
writeFileSync(join(root, 'bench/results', flags.out), `${JSON.stringify(summary, null, 2)}\n`);
console.info(JSON.stringify(summary, null, 2));
