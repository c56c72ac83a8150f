#!/usr/bin/env node
// bench/memory/cpu-ab.mjs: what a Node option for memory at rest costs per request (decision 075).
// Starts the built server on the demo data once per variant and round (A B B A …), signs the active
// funder in, and sends the same requests to each: the server's CPU time per request (utime+stime
// from /proc) and its RSS afterwards. CPU per request is the figure that survives a shared machine
// best; latencies are printed but not compared.
// Usage: node bench/memory/cpu-ab.mjs --a '<node options>' --b '<node options>' [--rounds 2]
//   [--requests 400] [--connections 4] [--paths /api/projects,/api/dashboard/funder,/api/docs/json]
//   [--this <dir>]: a built checkout other than this one (bench/lib/build-commit.mjs makes one)
//   [--a-env 'K=V K=V'] [--b-env 'K=V …']: environment of a variant over npm start's allocator
//   settings (what an allocator threshold costs, decision 084)
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { serverAllocatorEnv } from '../../scripts/start-options.mjs';
import { cpuMs } from '../lib/cpu.mjs';
import { root, rssMiB, signIn, startServer } from '../lib/server.mjs';

const { values: flags } = parseArgs({
  options: {
    a: { type: 'string', default: '--enable-source-maps' },
    b: { type: 'string', default: '--enable-source-maps --v8-pool-size=1' },
    rounds: { type: 'string', default: '2' },
    requests: { type: 'string', default: '400' },
    connections: { type: 'string', default: '4' },
    paths: { type: 'string', default: '/api/projects,/api/dashboard/funder,/api/docs/json' },
    this: { type: 'string' },
    'a-env': { type: 'string', default: '' },
    'b-env': { type: 'string', default: '' },
  },
});
const envOf = (text) =>
  Object.fromEntries(
    text
      .split(' ')
      .filter(Boolean)
      .map((kv) => kv.split('=')),
  );
const paths = flags.paths.split(',');
const dir = flags.this ? resolve(flags.this) : root;
const variants = { A: flags.a, B: flags.b };
const variantEnv = { A: envOf(flags['a-env']), B: envOf(flags['b-env']) };
const progress = (line) => process.stderr.write(`[cpu-ab] ${line}\n`);
const results = [];

async function measure(name) {
  const server = await startServer(
    { ...serverAllocatorEnv, ...variantEnv[name], DEV_MAIL: 'on' },
    {
      nodeArgs: variants[name],
      healthTimeoutS: 900,
      cwd: dir,
      mainJs: join(dir, 'apps/server/dist/main.js'),
    },
  );
  try {
    const cookie = await signIn(server.baseURL, 'funder.active@plinth.local', 'plinth-demo-2026');
    // Warm-up: every path a few times per connection, so compilation is not counted against either.
    for (const path of paths)
      await autocannon({ url: `${server.baseURL}${path}`, headers: { cookie }, amount: 40, connections: 4 });
    for (const path of paths) {
      const before = cpuMs(server.pid);
      const run = await autocannon({
        url: `${server.baseURL}${path}`,
        headers: { cookie },
        amount: Number(flags.requests),
        connections: Number(flags.connections),
      });
      const cpu = cpuMs(server.pid) - before;
      const ok = run['2xx'];
      const row = {
        variant: name,
        path,
        requests: ok,
        non2xx: run.non2xx,
        cpu_ms_per_request: +(cpu / ok).toFixed(3),
        p99_ms: run.latency.p99,
        load: +loadavg()[0].toFixed(1),
      };
      results.push(row);
      progress(JSON.stringify(row));
    }
    results.push({ variant: name, rss_mib_after: +rssMiB(server.pid).toFixed(1) });
  } finally {
    await server.stop();
  }
}

for (let round = 1; round <= Number(flags.rounds); round++)
  for (const name of round % 2 === 1 ? ['A', 'B'] : ['B', 'A']) await measure(name);

const summary = {};
for (const name of Object.keys(variants))
  for (const path of paths) {
    const rows = results.filter((r) => r.variant === name && r.path === path);
    summary[`${name} ${path}`] = rows.map((r) => r.cpu_ms_per_request);
  }
console.info(JSON.stringify({ variants, variantEnv, summary, results }, null, 2));
for (const [key, values] of Object.entries(summary))
  progress(`${key}: ${values.join(' / ')} ms CPU per request`);
