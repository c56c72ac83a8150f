// The marketplace benchmark's measurements (run.mjs runs them): autocannon against one server per
// case, the varied case with the page cache's hit rate, reads right after a write, and reads under
// a stream of writes.
import autocannon from 'autocannon';
import { cpuMs, cpuMsBetween, cpuMsByName, ownCpuMs } from '../lib/cpu.mjs';
import { variedQueries } from './varied.mjs';

export const CONNECTIONS = 50;
export const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
export const WARM_UP_S = 2;
export const UNCACHED_READS = 40;
export const WRITES_PER_S = 10;

export const urlOf = (query) => `/api/projects${query ? `?${query}` : ''}`;

export function cannon(options) {
  return new Promise((resolve, reject) => {
    autocannon(options, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

/**
 * One measured case against one server: warm-up, then the run that counts, with the CPU time the
 * server, PostgreSQL and this process (autocannon) spent on it per request.
 */
export async function measure(baseURL, path, cookie, serverPid) {
  const options = { url: `${baseURL}${path}`, connections: CONNECTIONS, headers: { cookie } };
  await cannon({ ...options, duration: WARM_UP_S });
  const before = { server: cpuMs(serverPid), postgres: cpuMsByName('postgres'), autocannon: ownCpuMs() };
  const r = await cannon({ ...options, duration: DURATION_S });
  const perRequest = (ms) => +(ms / Math.max(1, r.requests.total)).toFixed(3);
  return {
    p50_ms: r.latency.p50,
    p99_ms: r.latency.p99,
    mean_ms: r.latency.average,
    max_ms: r.latency.max,
    req_per_s: r.requests.average,
    requests: r.requests.total,
    non_2xx: r.non2xx,
    errors: r.errors,
    timeouts: r.timeouts,
    cpu_ms_per_request: {
      server: perRequest(cpuMs(serverPid) - before.server),
      postgres: perRequest(cpuMsBetween(before.postgres, cpuMsByName('postgres'))),
      autocannon: perRequest(ownCpuMs() - before.autocannon),
    },
  };
}

/**
 * The varied case against one server: each request's address drawn from the seeded generator, and
 * the page cache's answer counted from the x-read-cache header (the bare server sends none).
 */
export async function measureVaried(baseURL, cookie, serverPid, seed) {
  const queries = variedQueries(seed);
  const cache = { hit: 0, miss: 0 };
  const options = {
    url: `${baseURL}/api/projects`,
    connections: CONNECTIONS,
    headers: { cookie },
    requests: [
      {
        method: 'GET',
        setupRequest: (request) => ({ ...request, path: urlOf(queries.next()) }),
        onResponse: (_status, _body, _context, headers) => {
          const answer = headers['x-read-cache'];
          if (answer === 'hit' || answer === 'miss') cache[answer]++;
        },
      },
    ],
  };
  await cannon({ ...options, duration: WARM_UP_S });
  cache.hit = 0;
  cache.miss = 0;
  const before = { server: cpuMs(serverPid), postgres: cpuMsByName('postgres') };
  const r = await cannon({ ...options, duration: DURATION_S });
  const perRequest = (ms) => +(ms / Math.max(1, r.requests.total)).toFixed(3);
  const answered = cache.hit + cache.miss;
  return {
    seed,
    p50_ms: r.latency.p50,
    p99_ms: r.latency.p99,
    mean_ms: r.latency.average,
    max_ms: r.latency.max,
    req_per_s: r.requests.average,
    requests: r.requests.total,
    non_2xx: r.non2xx,
    errors: r.errors,
    timeouts: r.timeouts,
    cache_hit_rate: answered ? +(cache.hit / answered).toFixed(3) : null,
    cpu_ms_per_request: {
      server: perRequest(cpuMs(serverPid) - before.server),
      postgres: perRequest(cpuMsBetween(before.postgres, cpuMsByName('postgres'))),
    },
  };
}

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A write that changes nothing but is a write all the same: the statement trigger on project tells
 * every server process, which drops its cached pages.
 */
const touchProjects = (client) => client.query('update project set visible = visible where false');

/** One case read UNCACHED_READS times, each right after a write (and the notification's arrival). */
export async function measureUncached(baseURL, path, cookie, client) {
  const times = [];
  for (let i = 0; i < UNCACHED_READS; i++) {
    await touchProjects(client);
    await sleep(25);
    const t0 = performance.now();
    const res = await fetch(`${baseURL}${path}`, { headers: { cookie } });
    await res.arrayBuffer();
    times.push(performance.now() - t0);
    if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
  }
  times.sort((a, b) => a - b);
  const round = (ms) => +ms.toFixed(1);
  return { reads: times.length, p50_ms: round(percentile(times, 50)), p99_ms: round(percentile(times, 99)) };
}

/** The default page at 50 connections while access requests are written WRITES_PER_S times a second. */
export async function measureUnderWrites(baseURL, path, cookie, client, funderId) {
  const project = (
    await client.query(
      `select id from project where payment_status = 'paid' and visible
         and not exists (select 1 from access_request a where a.project_id = project.id and a.funder_id = $1)
       limit 1`,
      [funderId],
    )
  ).rows[0].id;
  let writes = 0;
  let writing = true;
  const writer = (async () => {
    while (writing) {
      // An access request by another funder, made and withdrawn: two real writes.
      const made = await client.query(
        `insert into access_request (project_id, funder_id, status)
         select $1, id, 'pending' from "user" where role = 'funder' and id <> $2 limit 1
         on conflict do nothing returning id`,
        [project, funderId],
      );
      await client.query('delete from access_request where id = any($1)', [made.rows.map((row) => row.id)]);
      writes += 2;
      await sleep(2000 / WRITES_PER_S);
    }
  })();
  try {
    const r = await cannon({
      url: `${baseURL}${path}`,
      connections: CONNECTIONS,
      headers: { cookie },
      duration: DURATION_S,
    });
    return {
      writes_per_s: +(writes / DURATION_S).toFixed(1),
      p50_ms: r.latency.p50,
      p99_ms: r.latency.p99,
      req_per_s: r.requests.average,
      non_2xx: r.non2xx,
    };
  } finally {
    writing = false;
    await writer;
  }
}
