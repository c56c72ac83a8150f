#!/usr/bin/env node
// bench/load/routes.mjs: statements and server CPU per request, route by route, for one build or two
// side by side (issue 31 item 2). bench:load's mix measures everything at once, under contention;
// this sends each of its actions alone, one request at a time, so what one request of that action
// costs can be read apart from queueing on a busy machine:
//   - server CPU per request (the process's utime+stime from /proc, minus its idle rate);
//   - PostgreSQL statements per request (pg_stat_statements calls, minus the idle rate of the
//     background work: job polling, LISTEN pings) and the statements themselves, per request;
//   - PostgreSQL CPU per request (the instance's processes).
// It reads the schemas bench:load leaves in place (BENCH_SCHEMA, default bench_load, and
// <schema>_compare for --compare): run bench:load once first, on a database with pg_stat_statements.
// Usage: node bench/load/routes.mjs [--this <dir>] [--compare <dir> [--compare-schema s]] [--requests n] [--rounds n]
//        [--only action,action] [--cpu-prof <dir>]
// Rounds alternate the builds (A B B A …). Results: a table on stderr, JSON on stdout and in
// bench/results/routes.json.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { cpuMs } from '../lib/cpu.mjs';
import { hasStatementStats, instanceCpu, postmasterPid, resetStatementStats } from '../lib/postgres-cpu.mjs';
import { root, signIn, startServer } from '../lib/server.mjs';
import { variedQueries } from '../marketplace/varied.mjs';
import { smallPdf, uploadBody } from './actors.mjs';
import { PASSWORD } from './people.mjs';

const { values: flags } = parseArgs({
  options: {
    this: { type: 'string' },
    compare: { type: 'string' },
    // The compare build's schema (default <schema>_compare, bench:load's): two builds with the same
    // migrations may share one. Never point an older build at a schema a newer one migrated.
    'compare-schema': { type: 'string' },
    requests: { type: 'string', default: '200' },
    rounds: { type: 'string', default: '1' },
    only: { type: 'string' },
    'cpu-prof': { type: 'string' },
    idle: { type: 'string', default: '4' },
    // Requests of an action in flight at once (default 1): more keeps a profile's samples busy.
    concurrency: { type: 'string', default: '1' },
    // What the client accepts: fetch's own (gzip, deflate) unless named ('identity', 'br', ...).
    'accept-encoding': { type: 'string' },
  },
});
const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const SCHEMA = process.env.BENCH_SCHEMA ?? 'bench_load';
const REQUESTS = Number(flags.requests);
const ROUNDS = Number(flags.rounds);
const IDLE_S = Number(flags.idle);
const progress = (line) => process.stderr.write(`[bench:routes] ${line}\n`);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const load1 = () => +loadavg()[0].toFixed(2);

const commitOf = (dir) => {
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
for (const build of builds) {
  build.mainJs = join(build.dir, 'apps/server/dist/main.js');
  if (!existsSync(build.mainJs)) throw new Error(`${build.mainJs} is not built`);
  build.commit = commitOf(build.dir);
}

const client = new pg.Client({ connectionString: DATABASE_URL });
await client.connect();
if (!(await hasStatementStats(client))) throw new Error('this database has no pg_stat_statements');
const postmaster = await postmasterPid(client);

/** Statement counts by query text since the last reset, in this database. */
async function statementCounts() {
  const { rows } = await client.query(
    `select calls::int, total_exec_time::float as ms, regexp_replace(query, '\\s+', ' ', 'g') as query
     from pg_stat_statements s join pg_database d on d.oid = s.dbid
     where d.datname = current_database() and query not like '%pg_stat_statements%'`,
  );
  return rows;
}

/** The people of a bench:load schema: one of each kind, and what their actions need. */
async function peopleOf(schema) {
  const one = async (text, params = []) => (await client.query(text, params)).rows;
  await client.query(`set search_path to "${schema}"`);
  const loadAccount = `join account a on a.user_id = u.id and a.id = md5(u.id || 'load')`;
  const [funder] = await one(
    `select u.id, u.email from "user" u ${loadAccount} where u.role = 'funder' order by u.email limit 1`,
  );
  const [developer] = await one(
    `select u.email, r.id as conversation, d.id as draft from "user" u ${loadAccount}
     join project p on p.borrower_id = u.id and p.visible
     join access_request r on r.project_id = p.id and r.status = 'approved' and r.initial_message like 'Hi, we would like to see the full file of %'
     join project d on d.borrower_id = u.id and d.title like '% (stage 2)'
     where u.role = 'borrower' order by u.email limit 1`,
  );
  const [admin] = await one(
    `select u.email from "user" u ${loadAccount} where u.role = 'admin' order by u.email limit 1`,
  );
  await client.query('set search_path to public');
  if (!funder || !developer || !admin)
    throw new Error(`${schema} lacks bench:load's people: run bench:load first`);
  return { funder, developer, admin };
}

/** Projects this schema's funder may still ask about, and projects waiting for approval. */
async function freshIds(schema, funderId, n) {
  await client.query(`set search_path to "${schema}"`);
  const { rows: ask } = await client.query(
    `select p.id from project p where p.payment_status = 'paid' and p.visible and p.funded_at is null
     and not exists (select 1 from access_request r where r.project_id = p.id and r.funder_id = $1)
     order by p.id limit $2`,
    [funderId, n],
  );
  const { rows: pending } = await client.query(
    `select id from project where payment_status = 'payment_pending' and submission_status = 'submitted' order by id limit $1`,
    [n],
  );
  await client.query('set search_path to public');
  return { ask: ask.map((r) => r.id), pending: pending.map((r) => r.id) };
}

const pdf = smallPdf(300 * 1024);

/** The actions of bench/load/actors.mjs, each a function making its i-th request. */
function actionsFor(baseURL, people, ids, uploads, bytes) {
  const call = async (person, method, path, { json, body, contentType } = {}) => {
    const headers = { cookie: person.cookie, origin: baseURL };
    if (flags['accept-encoding']) headers['accept-encoding'] = flags['accept-encoding'];
    let payload = body;
    if (json !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(json);
    } else if (contentType) headers['content-type'] = contentType;
    const res = await fetch(`${baseURL}${path}`, { method, headers, body: payload });
    const text = await res.text();
    bytes.push(Number(res.headers.get('content-length') ?? text.length));
    return { status: res.status, text, cache: res.headers.get('x-read-cache') };
  };
  const queries = variedQueries(7);
  let previewIds = [];
  let undertaking = true;
  const { funder, developer, admin } = people;
  return {
    funder_browse: async () => {
      const r = await call(funder, 'GET', `/api/projects?${queries.next()}`);
      if (r.status === 200) {
        const items = JSON.parse(r.text).items;
        if (items.length) previewIds = items.map((i) => i.id);
      }
      return r;
    },
    funder_preview: async (i) => {
      if (previewIds.length === 0) {
        const r = await call(funder, 'GET', '/api/projects');
        previewIds = JSON.parse(r.text).items.map((x) => x.id);
      }
      return call(funder, 'GET', `/api/projects/${previewIds[i % previewIds.length]}`);
    },
    funder_request_access: async (i) => {
      const ask = () =>
        call(funder, 'POST', '/api/access-requests', {
          json: {
            project_id: ids.ask[i],
            initial_message: 'Hello, we fund projects like this one and would like to review the full file.',
            // An older build (3baebec) does not take the undertaking yet: it is dropped after its 400.
            ...(undertaking ? { undertaking: { accepted: true, full_name: 'Load Test Funder' } } : {}),
          },
        });
      const r = await ask();
      if (r.status !== 400 || !undertaking || !r.text.includes('undertaking')) return r;
      undertaking = false;
      return ask();
    },
    developer_message: () =>
      call(developer, 'POST', `/api/access-requests/${developer.conversation}/messages`, {
        json: { message: 'We have 14 of 22 units pre-sold, deposits held in trust.' },
      }),
    developer_read_thread: () =>
      call(developer, 'GET', `/api/access-requests/${developer.conversation}/messages`),
    developer_upload: (i) =>
      call(developer, 'POST', `/api/projects/${developer.draft}/documents`, uploads[i % uploads.length]),
    admin_list_pending: () => call(admin, 'GET', '/api/admin/projects?status=pending_review&limit=20'),
    admin_approve: (i) => call(admin, 'POST', `/api/admin/approve-project/${ids.pending[i]}`, { json: {} }),
  };
}

// Writes are fewer: each one uses up a listing or a queued project of the schema.
const WRITES = {
  funder_request_access: 0.25,
  admin_approve: 0.25,
  developer_upload: 0.1,
  developer_message: 0.5,
};

async function measureBuild(build, round) {
  const prof = flags['cpu-prof']
    ? join(resolve(flags['cpu-prof']), `${build.name}-${round}.cpuprofile`)
    : null;
  if (prof) mkdirSync(resolve(flags['cpu-prof']), { recursive: true });
  const server = await startServer(
    {
      DATABASE_URL,
      DATABASE_SCHEMA: build.schema,
      AUTH_SECRET: 'bench-load-auth-secret-0123456789abcdef-0123',
      LOG_LEVEL: 'warn',
      AUTH_RATE_LIMIT: 'off',
      ...(prof ? { BENCH_PROFILE_FILE: prof } : {}),
    },
    {
      seedDemo: false,
      mainJs: build.mainJs,
      cwd: build.dir,
      healthTimeoutS: 180,
      ...(prof ? { nodeArgs: `--import=${join(root, 'bench/lib/profile-window.mjs')}` } : {}),
    },
  );
  try {
    const people = await peopleOf(build.schema);
    for (const person of Object.values(people))
      person.cookie = await signIn(server.baseURL, person.email, PASSWORD);
    const ids = await freshIds(build.schema, people.funder.id, REQUESTS);
    const required = await fetch(`${server.baseURL}/api/required-documents`, {
      headers: { cookie: people.developer.cookie },
    });
    const uploads = (await required.json()).required_documents.map((type) => uploadBody(pdf, type));
    const bytes = [];
    const actions = actionsFor(server.baseURL, people, ids, uploads, bytes);
    // Warm up every route (JIT, caches that any process fills once), then the idle rates.
    for (const [name, act] of Object.entries(actions)) {
      if (name in WRITES) continue;
      for (let i = 0; i < 20; i++) await act(i);
    }
    await sleep(1000);
    const pgCpu = instanceCpu(postmaster);
    await resetStatementStats(client);
    let before = { server: cpuMs(server.pid), pg: pgCpu.sample(), at: performance.now() };
    await sleep(IDLE_S * 1000);
    const idleStatements = (await statementCounts()).reduce((n, s) => n + s.calls, 0);
    const idleSeconds = (performance.now() - before.at) / 1000;
    const idle = {
      server_ms_per_s: (cpuMs(server.pid) - before.server) / idleSeconds,
      pg_ms_per_s: (pgCpu.sample() - before.pg) / idleSeconds,
      statements_per_s: idleStatements / idleSeconds,
    };
    const results = {};
    const only = flags.only?.split(',');
    if (prof) process.kill(server.pid, 'SIGUSR2');
    for (const [name, act] of Object.entries(actions)) {
      if (only && !only.includes(name)) continue;
      const n = Math.max(1, Math.floor(REQUESTS * (WRITES[name] ?? 1)));
      await resetStatementStats(client);
      before = { server: cpuMs(server.pid), pg: pgCpu.sample(), at: performance.now() };
      const statuses = {};
      let hits = 0;
      let firstError;
      bytes.length = 0;
      let next = 0;
      const worker = async () => {
        while (next < n) {
          const r = await act(next++ + 20);
          statuses[r.status] = (statuses[r.status] ?? 0) + 1;
          if (r.status >= 400 && !firstError) firstError = r.text.slice(0, 300);
          if (r.cache === 'hit') hits++;
        }
      };
      await Promise.all(Array.from({ length: Number(flags.concurrency) }, worker));
      const seconds = (performance.now() - before.at) / 1000;
      const serverMs = cpuMs(server.pid) - before.server - idle.server_ms_per_s * seconds;
      const pgMs = pgCpu.sample() - before.pg - idle.pg_ms_per_s * seconds;
      const counts = await statementCounts();
      const calls = counts.reduce((s, c) => s + c.calls, 0);
      results[name] = {
        requests: n,
        statuses,
        cache_hits: hits,
        first_error: firstError,
        ms_per_request: +((seconds * 1000) / n).toFixed(2),
        bytes_per_answer: Math.round(bytes.reduce((a, b) => a + b, 0) / Math.max(1, bytes.length)),
        server_cpu_ms: +(serverMs / n).toFixed(3),
        postgres_cpu_ms: +(pgMs / n).toFixed(3),
        statements: +((calls - idle.statements_per_s * seconds) / n).toFixed(2),
        by_statement: counts
          .map((c) => ({
            per_request: +(c.calls / n).toFixed(2),
            ms: +(c.ms / n).toFixed(3),
            query: c.query.slice(0, 160),
          }))
          .filter((c) => c.per_request >= 0.05)
          .sort((a, b) => b.per_request - a.per_request),
      };
    }
    if (prof) {
      process.kill(server.pid, 'SIGUSR2');
      for (let i = 0; !existsSync(prof) && i < 100; i++) await sleep(100);
    }
    return { build: build.name, commit: build.commit, round, load_1m: load1(), idle, results };
  } finally {
    await server.stop();
  }
}

const runs = [];
function writeResults() {
  const summary = { benchmark: 'routes', date: new Date().toISOString(), requests: REQUESTS, runs };
  mkdirSync(join(root, 'bench/results'), { recursive: true });
  writeFileSync(join(root, 'bench/results/routes.json'), `${JSON.stringify(summary, null, 2)}\n`);
  return summary;
}
try {
  for (let round = 1; round <= ROUNDS; round++) {
    const order = round % 2 === 1 ? builds : [...builds].reverse();
    for (const build of order) {
      progress(`${build.name} (${build.commit}) round ${round}, load ${load1()}`);
      const run = await measureBuild(build, round);
      runs.push(run);
      // Kept after every run: a later build that fails to start leaves the earlier figures.
      writeResults();
      progress(
        `idle: server ${run.idle.server_ms_per_s.toFixed(1)} ms/s, PostgreSQL ${run.idle.pg_ms_per_s.toFixed(1)} ms/s, ${run.idle.statements_per_s.toFixed(1)} statements/s; load ${run.load_1m}`,
      );
      progress('action                  req  server ms  pg ms  statements  wall ms    bytes  statuses');
      for (const [name, r] of Object.entries(run.results))
        progress(
          `${name.padEnd(22)} ${String(r.requests).padStart(4)} ${String(r.server_cpu_ms).padStart(10)} ${String(r.postgres_cpu_ms).padStart(6)} ${String(r.statements).padStart(11)} ${String(r.ms_per_request).padStart(8)} ${String(r.bytes_per_answer).padStart(8)}  ${JSON.stringify(r.statuses)}${r.cache_hits ? ` hits ${r.cache_hits}` : ''}${r.first_error ? ` ${r.first_error}` : ''}`,
        );
    }
  }
} finally {
  await client.end();
}
console.info(JSON.stringify(writeResults(), null, 2));
