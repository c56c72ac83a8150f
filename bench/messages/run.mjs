#!/usr/bin/env node
// bench/messages: the time from POST of a chat message to its arrival on the other party's open
// event stream (GET /api/events), over 200 messages sent one after another.
// Budget (DESIGN.md section 11): p95 under 300 ms.
// Usage: npm run build && node bench/messages/run.mjs
// On the embedded database by default; with BENCH_DATABASE_URL=postgres://... the server runs on
// that PostgreSQL server instead, in a schema of its own that is dropped afterwards.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { signIn, startServer } from '../lib/server.mjs';

const MESSAGES = 200;
const WARM_UP = 10;
const BUDGET_P95_MS = 300;
const ARRIVAL_TIMEOUT_MS = 5000;
const DEMO_PASSWORD = 'plinth-demo-2026';
const ADMIN_PASSWORD = 'plinth-admin-2026';

const postgresUrl = process.env.BENCH_DATABASE_URL;
const schema = postgresUrl ? `bench_messages_${randomUUID().replaceAll('-', '').slice(0, 12)}` : undefined;
const server = await startServer(
  postgresUrl
    ? { DATABASE_URL: postgresUrl, DATABASE_SCHEMA: schema, AUTH_SECRET: randomUUID() + randomUUID() }
    : {},
);

/** Opens a user's event stream; calls onEvent with each live event and the time it arrived. */
async function openEventStream(baseURL, cookie, onEvent) {
  const abort = new AbortController();
  const res = await fetch(`${baseURL}/api/events`, {
    headers: { cookie, origin: baseURL, accept: 'text/event-stream' },
    signal: abort.signal,
  });
  if (res.status !== 200) throw new Error(`event stream: ${res.status}`);
  let buffer = '';
  const reading = (async () => {
    const decoder = new TextDecoder();
    try {
      for await (const chunk of res.body) {
        const arrivedAt = performance.now();
        buffer += decoder.decode(chunk, { stream: true });
        let end = buffer.indexOf('\n\n');
        while (end >= 0) {
          const data = buffer
            .slice(0, end)
            .split('\n')
            .filter((line) => line.startsWith('data: '))
            .map((line) => line.slice(6))
            .join('\n');
          buffer = buffer.slice(end + 2);
          if (data) onEvent(JSON.parse(data), arrivedAt);
          end = buffer.indexOf('\n\n');
        }
      }
    } catch (error) {
      if (!abort.signal.aborted) throw error;
    }
  })();
  return {
    async close() {
      abort.abort();
      await reading;
    },
  };
}

async function call(baseURL, cookie, method, path, body) {
  const res = await fetch(`${baseURL}${path}`, {
    method,
    headers: { cookie, origin: baseURL, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const answer = await res.json();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(answer)}`);
  return answer;
}

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

try {
  const { baseURL } = server;
  const [developer, funder, admin] = await Promise.all([
    signIn(baseURL, 'developer@plinth.local', DEMO_PASSWORD),
    signIn(baseURL, 'funder.active@plinth.local', DEMO_PASSWORD),
    signIn(baseURL, 'admin@plinth.local', ADMIN_PASSWORD),
  ]);

  // A conversation: the developer lists a project, an admin publishes it (the override skips the
  // listing payment and documents, which are not what this measures), the funder asks for access.
  const project = await call(baseURL, developer, 'POST', '/api/projects', {
    title: 'Message benchmark',
    location: '1 Bench St, Parramatta NSW 2150',
    suburb: 'Parramatta',
    loan_amount: 1_000_000,
    total_project_cost: 2_000_000,
    equity_contribution: 500_000,
  });
  await call(baseURL, admin, 'POST', `/api/admin/force-publish-project/${project.id}`, {
    reason: 'Message delivery benchmark',
  });
  const request = await call(baseURL, funder, 'POST', '/api/access-requests', {
    project_id: project.id,
    undertaking: { accepted: true, full_name: 'Benchmark Funder' },
  });

  // The developer's page holds the stream; the funder writes.
  const arrivals = new Map();
  const waiting = new Map();
  const stream = await openEventStream(baseURL, developer, (event, arrivedAt) => {
    if (event.type !== 'message') return;
    arrivals.set(event.message_id, arrivedAt);
    waiting.get(event.message_id)?.();
  });
  const arrivalOf = (messageId) =>
    new Promise((resolve, reject) => {
      if (arrivals.has(messageId)) return resolve(arrivals.get(messageId));
      const timer = setTimeout(
        () => reject(new Error(`message ${messageId} did not arrive`)),
        ARRIVAL_TIMEOUT_MS,
      );
      waiting.set(messageId, () => {
        clearTimeout(timer);
        waiting.delete(messageId);
        resolve(arrivals.get(messageId));
      });
    });

  const latencies = [];
  try {
    for (let i = 0; i < WARM_UP + MESSAGES; i++) {
      const sentAt = performance.now();
      const sent = await call(baseURL, funder, 'POST', `/api/access-requests/${request.id}/messages`, {
        message: `Benchmark message ${i + 1}: is the construction contract fixed-price?`,
      });
      const arrivedAt = await arrivalOf(sent.id);
      if (i >= WARM_UP) latencies.push(arrivedAt - sentAt);
    }
  } finally {
    await stream.close();
  }

  const sorted = [...latencies].sort((a, b) => a - b);
  const round = (ms) => +ms.toFixed(1);
  const result = {
    database: postgresUrl ? 'postgres' : 'pglite',
    messages: latencies.length,
    warm_up: WARM_UP,
    p50_ms: round(percentile(sorted, 50)),
    p95_ms: round(percentile(sorted, 95)),
    max_ms: round(sorted.at(-1)),
    mean_ms: round(latencies.reduce((a, b) => a + b, 0) / latencies.length),
    budget_p95_ms: BUDGET_P95_MS,
    within_budget: percentile(sorted, 95) < BUDGET_P95_MS,
  };
  console.info(JSON.stringify(result, null, 2));
  if (!result.within_budget) process.exitCode = 1;
} finally {
  await server.stop();
  if (postgresUrl && schema) {
    const client = new pg.Client({ connectionString: postgresUrl });
    await client.connect();
    await client.query(`drop schema if exists "${schema}" cascade`);
    await client.end();
  }
}
