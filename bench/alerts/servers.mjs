// bench/alerts: the servers, requests and polls run.mjs measures with (split from it for size).
import { execFileSync } from 'node:child_process';
import { loadavg } from 'node:os';
import pg from 'pg';
import { startServer } from '../lib/server.mjs';
import { load } from '../marketplace/seed.mjs';
import { insertCriteria } from './criteria.mjs';

export const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
export const FAN_OUT_TIMEOUT_S = 60;
export const ADMIN = { name: 'Ada Bench', email: 'bench.admin@plinth.local', password: 'plinth-bench-2026' };
export const AUTH_SECRET = 'bench-alerts-auth-secret-0123456789abcdef';
export const jobSchemaOf = (schema) => `${schema}_jobs`;

export const progress = (line) => process.stderr.write(`[bench:alerts] ${line}\n`);
export const round = (x, digits = 1) => (x === null || x === undefined ? null : +x.toFixed(digits));
export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
export const uptime = () => {
  try {
    return execFileSync('uptime', { encoding: 'utf8' }).trim();
  } catch {
    return `load average: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(', ')}`;
  }
};

/** Nearest-rank percentile of a list of numbers. */
export function percentile(values, p) {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}
export const summary = (values) => ({
  n: values.length,
  p50: round(percentile(values, 50)),
  p95: round(percentile(values, 95)),
  max: round(values.length ? Math.max(...values) : null),
  mean: round(values.length ? values.reduce((a, b) => a + b, 0) / values.length : null),
});

/** Starts a built server (`mainJs`, run in `cwd`) on `schema` of the benchmark's PostgreSQL. */
export const startBuilt = (mainJs, schema, cwd) =>
  startServer({ DATABASE_URL, DATABASE_SCHEMA: schema, AUTH_SECRET }, { seedDemo: false, mainJs, cwd });

export async function signUpAdmin(baseURL) {
  const res = await fetch(`${baseURL}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseURL },
    body: JSON.stringify(ADMIN),
  });
  if (!res.ok) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
  return (await res.json()).user.id;
}

/** A schema migrated by `mainJs`'s server and loaded with the benchmark's rows. */
export async function prepareSchema(admin, name, mainJs, cwd, data, criteria) {
  const started = performance.now();
  await admin.query(`drop schema if exists "${name}" cascade`);
  await admin.query(`drop schema if exists "${jobSchemaOf(name)}" cascade`);
  let adminId;
  {
    const server = await startBuilt(mainJs, name, cwd);
    try {
      adminId = await signUpAdmin(server.baseURL);
    } finally {
      await server.stop();
    }
  }
  const client = new pg.Client({ connectionString: DATABASE_URL });
  await client.connect();
  try {
    await load(client, name, data, (line) => progress(`  ${name}: ${line}`));
    await client.query(
      `update "user" set role = 'admin', approved = true, email_verified = true where id = $1`,
      [adminId],
    );
    const { withAlerts } = await insertCriteria(client, criteria);
    await client.query(`vacuum (analyze) "${name}".funder_criteria`);
    progress(
      `${name}: seeded in ${round((performance.now() - started) / 1000)} s (criteria ${withAlerts ? 'with' : 'without'} alert settings)`,
    );
    return { withAlerts };
  } finally {
    await client.end();
  }
}

export async function approve(server, projectId) {
  const started = performance.now();
  const res = await fetch(`${server.baseURL}/api/admin/approve-project/${projectId}`, {
    method: 'POST',
    headers: { cookie: server.cookie, origin: server.baseURL, 'content-type': 'application/json' },
    body: '{}',
  });
  const text = await res.text();
  const ms = performance.now() - started;
  if (res.status !== 200) throw new Error(`approve ${projectId}: ${res.status} ${text}`);
  return ms;
}

/** Polls today's schema until the listing's alerts exist, then until its instant e-mails are queued. */
export async function waitForFanOut(db, projectId, expected, respondedAt) {
  let notificationsMs = null;
  for (;;) {
    const { rows } = await db.query(
      `select count(*)::int as alerts,
         count(*) filter (where email = 'instant' and emailed_at is not null)::int as emailed
       from listing_alert where project_id = $1`,
      [projectId],
    );
    const elapsed = performance.now() - respondedAt;
    if (notificationsMs === null && rows[0].alerts >= expected.matched) notificationsMs = elapsed;
    if (notificationsMs !== null && rows[0].emailed >= expected.instant)
      return { notificationsMs, emailsMs: elapsed };
    if (elapsed > FAN_OUT_TIMEOUT_S * 1000)
      throw new Error(
        `fan-out of ${projectId}: ${rows[0].alerts} of ${expected.matched} alerts, ${rows[0].emailed} of ${expected.instant} e-mails after ${FAN_OUT_TIMEOUT_S} s`,
      );
    await sleep(notificationsMs === null ? 25 : 50);
  }
}
