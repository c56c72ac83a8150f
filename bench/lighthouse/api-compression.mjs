#!/usr/bin/env node
// The CPU a compressed JSON answer costs (issue 36 item 4 beside issue 31's CPU per request): the
// developer's list of projects (GET /api/projects as the demo developer: 5 KB of JSON on the demo
// data; the funder's marketplace there is under the 1 KB threshold) under
// autocannon for 10 s with 10 connections, asking for br, gzip or nothing; the server's CPU per
// request (from /proc), requests per second, p99 and bytes per answer.
// Usage: npm run build && node bench/lighthouse/api-compression.mjs [--main <other build's dist/main.js>]
import { execFileSync } from 'node:child_process';
import autocannon from 'autocannon';
import { cpuMs } from '../lib/cpu.mjs';
import { signIn, startServer } from '../lib/server.mjs';

const at = process.argv.indexOf('--main');
const mainJs = at === -1 ? undefined : process.argv[at + 1];
const path = '/api/projects';
const server = await startServer({}, mainJs ? { mainJs } : {});
try {
  const cookie = await signIn(server.baseURL, 'developer@plinth.local', 'plinth-demo-2026');
  const results = {};
  for (const encoding of ['identity', 'gzip', 'br']) {
    const headers = { cookie, 'accept-encoding': encoding };
    const probe = await fetch(`${server.baseURL}${path}`, { headers });
    const sent = (await probe.arrayBuffer()).byteLength; // fetch decodes: the JSON's own size
    // Warm up (JIT, read caches), then measure.
    await autocannon({ url: `${server.baseURL}${path}`, headers, connections: 10, duration: 3 });
    const before = cpuMs(server.pid);
    const run = await autocannon({ url: `${server.baseURL}${path}`, headers, connections: 10, duration: 10 });
    const cpu = cpuMs(server.pid) - before;
    results[encoding] = {
      content_encoding: probe.headers.get('content-encoding') ?? 'none',
      json_bytes: sent,
      bytes_per_answer: Math.round(run.throughput.total / run.requests.total),
      requests_per_s: Math.round(run.requests.average),
      p99_ms: run.latency.p99,
      server_cpu_ms_per_request: Number((cpu / run.requests.total).toFixed(3)),
      errors: run.errors + run.non2xx,
    };
  }
  const load = execFileSync('uptime', { encoding: 'utf8' }).trim();
  console.info(JSON.stringify({ path, build: mainJs ?? 'apps/server/dist', load, results }, null, 2));
} finally {
  await server.stop();
}
