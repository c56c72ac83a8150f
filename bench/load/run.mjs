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
import { mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { cpuMs, cpuMsBetween, cpuMsByName, ownCpuMs } from '../lib/cpu.mjs';
import { root, startServer } from '../lib/server.mjs';
import { generate, load } from '../marketplace/seed.mjs';
import { context, runPeople, smallPdf, THINK_MS, uploadBody } from './actors.mjs';
import { addPeople, giveAccounts, mix, signInAll, TEMPLATE } from './people.mjs';
import { Recorder, table } from './stats.mjs';

const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const SCHEMA = process.env.BENCH_SCHEMA ?? 'bench_load';
const PROJECTS = Number(process.env.BENCH_PROJECTS ?? 20_000);
const PEOPLE = Number(process.env.BENCH_PEOPLE ?? 200);
const DURATION_S = Number(process.env.BENCH_DURATION ?? 60);
const WARM_UP_S = Number(process.env.BENCH_WARM_UP ?? 5);
const SEED = Number(process.env.BENCH_SEED ?? 20261125);
const PDF_KB = 300;
const BUDGET = { p99_ms: 300, errors: 0 };

const progress = (line) => process.stderr.write(`[bench:load] ${line}\n`);
const seconds = (since) => +((performance.now() - since) / 1000).toFixed(1);
const load1 = () => +loadavg()[0].toFixed(2);
const serverEnv = {
  DATABASE_URL,
  DATABASE_SCHEMA: SCHEMA,
  AUTH_SECRET: 'bench-load-auth-secret-0123456789abcdef-0123',
  LOG_LEVEL: 'warn',
  AUTH_RATE_LIMIT: 'off',
};

const started = performance.now();
const kinds = mix(PEOPLE);
progress(
  `seed ${SEED}; ${PEOPLE} people (${kinds.funders} funders, ${kinds.developers} developers, ${kinds.admins} admins); ${PROJECTS} projects; ${WARM_UP_S} s warm-up + ${DURATION_S} s`,
);
const client = new pg.Client({ connectionString: DATABASE_URL });
await client.connect();
const postgresVersion = (await client.query('show server_version')).rows[0].server_version;
await client.query(`drop schema if exists "${SCHEMA}" cascade`);
progress(`schema ${SCHEMA} dropped; starting the server to migrate it`);

// 1. Migrate, and sign the template account up through the API.
{
  const server = await startServer(serverEnv, { seedDemo: false });
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
}

// 2. The market and the people.
let t = performance.now();
const data = generate({
  projects: PROJECTS,
  developers: Math.max(10, Math.round(PROJECTS * 0.12)),
  funders: kinds.funders,
});
// An admin approves at most one project every two think times; a queue that cannot run out.
const approvalsPerAdmin = Math.ceil((WARM_UP_S + DURATION_S) / ((2 * THINK_MS[0]) / 1000)) + 10;
const people = addPeople(data, { ...kinds, approvalsPerAdmin });
progress(
  `generated ${data.projects.length} projects, ${data.requests.length} access requests in ${seconds(t)} s`,
);
t = performance.now();
await load(client, SCHEMA, data, progress);
const everyone = [...people.funders, ...people.developers, ...people.admins];
await giveAccounts(client, everyone);
const seedSeconds = seconds(t);
progress(`loaded in ${seedSeconds} s`);
const counts = async () =>
  (
    await client.query(
      `select (select count(*) from project)::int as projects,
         (select count(*) from project where payment_status = 'paid' and visible)::int as on_market,
         (select count(*) from project where payment_status = 'payment_pending')::int as under_review,
         (select count(*) from access_request)::int as access_requests,
         (select count(*) from message)::int as messages,
         (select count(*) from project_document)::int as documents,
         (select count(*) from "user")::int as users`,
    )
  ).rows[0];
const before = await counts();

// 3. The run.
const server = await startServer(serverEnv, { seedDemo: false });
try {
  t = performance.now();
  await signInAll(server.baseURL, everyone);
  progress(`${everyone.length} people signed in in ${seconds(t)} s`);
  const developerCookie = people.developers[0].cookie;
  const required = await fetch(`${server.baseURL}/api/required-documents`, {
    headers: { cookie: developerCookie },
  });
  if (!required.ok) throw new Error(`required documents: ${required.status}`);
  const documentTypes = (await required.json()).required_documents;
  const pdf = smallPdf(PDF_KB * 1024);
  const uploads = documentTypes.map((type) => uploadBody(pdf, type));

  const recorder = new Recorder();
  const ctx = context({ baseURL: server.baseURL, recorder, seed: SEED, uploads });
  const cores = availableParallelism();
  const machine = { cores, node: process.version, postgres: postgresVersion, load_1m_before: load1() };
  progress(
    `load average before: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}; running`,
  );
  const running = runPeople(ctx, everyone);
  await new Promise((resolve) => setTimeout(resolve, WARM_UP_S * 1000));
  const cpuBefore = { server: cpuMs(server.pid), postgres: cpuMsByName('postgres'), own: ownCpuMs() };
  recorder.start();
  await new Promise((resolve) => setTimeout(resolve, DURATION_S * 1000));
  recorder.stop();
  ctx.finish();
  const cpu = {
    server: cpuMs(server.pid) - cpuBefore.server,
    postgres: cpuMsBetween(cpuBefore.postgres, cpuMsByName('postgres')),
    load_generator: ownCpuMs() - cpuBefore.own,
  };
  machine.load_1m_after = load1();
  await running;

  const result = recorder.summary();
  const perRequest = (ms) => +(ms / Math.max(1, result.overall.requests)).toFixed(3);
  const cores_busy = (ms) => +(ms / 1000 / result.measured_seconds).toFixed(2);
  const after = await counts();
  const errors = result.overall.errors + result.warm_up.non_2xx + result.warm_up.failed;
  const summary = {
    benchmark: 'load',
    date: new Date().toISOString(),
    note:
      `This machine has ${cores} cores, shared by the load generator (this process), the app server ` +
      '(one Node process) and PostgreSQL; the 1-minute load average before and after is in machine. ' +
      "PostgreSQL's CPU is that of every postgres process on the machine while the run was measured.",
    machine,
    settings: {
      seed: SEED,
      people: PEOPLE,
      ...kinds,
      duration_s: DURATION_S,
      warm_up_s: WARM_UP_S,
      think_ms: THINK_MS,
      pdf_bytes: pdf.length,
      document_types: documentTypes,
      approvals_queued_per_admin: approvalsPerAdmin,
    },
    database: { schema: SCHEMA, seed_seconds: seedSeconds, before, after },
    budget: BUDGET,
    ...result,
    approvals: people.admins.reduce((n, a) => n + (a.approved ?? 0), 0),
    approval_queue_ran_out: people.admins.some((a) => a.queueRanOut),
    cpu_ms_per_request: {
      server: perRequest(cpu.server),
      postgres: perRequest(cpu.postgres),
      load_generator: perRequest(cpu.load_generator),
    },
    cores_busy: {
      server: cores_busy(cpu.server),
      postgres: cores_busy(cpu.postgres),
      load_generator: cores_busy(cpu.load_generator),
    },
    errors_including_warm_up: errors,
    pass: errors === BUDGET.errors && result.overall.p99_ms < BUDGET.p99_ms,
    total_seconds: seconds(started),
  };
  const results = join(root, 'bench/results');
  mkdirSync(results, { recursive: true });
  writeFileSync(join(results, 'load.json'), `${JSON.stringify(summary, null, 2)}\n`);
  console.info(JSON.stringify(summary, null, 2));
  for (const line of table(result)) progress(line);
  progress(
    `cache hit rate (GET /api/projects): ${result.cache.hit_rate} (${result.cache.hit} hits, ${result.cache.miss} misses)`,
  );
  progress(
    `CPU per request: server ${summary.cpu_ms_per_request.server} ms, PostgreSQL ${summary.cpu_ms_per_request.postgres} ms, load generator ${summary.cpu_ms_per_request.load_generator} ms (cores busy: ${summary.cores_busy.server} + ${summary.cores_busy.postgres} + ${summary.cores_busy.load_generator} of ${cores})`,
  );
  progress(
    `approvals ${summary.approvals}${summary.approval_queue_ran_out ? ' (a queue ran out)' : ''}; warm-up: ${result.warm_up.requests} requests, ${result.warm_up.non_2xx + result.warm_up.failed} errors; load average ${machine.load_1m_before} -> ${machine.load_1m_after}`,
  );
  for (const sample of result.error_samples) progress(`error: ${JSON.stringify(sample)}`);
  progress(
    `overall: ${summary.pass ? 'PASS' : 'FAIL'} (errors ${errors}, budget ${BUDGET.errors}; p99 ${result.overall.p99_ms} ms, budget < ${BUDGET.p99_ms} ms)`,
  );
  if (!summary.pass) process.exitCode = 1;
} finally {
  await server.stop();
  await client.end();
}
