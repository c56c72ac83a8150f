#!/usr/bin/env node
// node scripts/cluster.mjs: two API processes on one PostgreSQL schema and one object store (an
// s3rver started here), behind HAProxy from Debian's package, run in the foreground with a config
// generated into a temporary folder. Ctrl-C (or SIGTERM) stops everything and drops the schema.
// The cluster test (apps/server/test/cluster/) drives the same functions: startCluster, and the
// handle it returns (kill an instance, read HAProxy's view of the servers, stop).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import S3rver from 's3rver';
import { ensureBuild, ensureDependencies, ensureHaproxy, root, step } from './lib.mjs';

const BUCKET = 'plinth-cluster';
const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/test';

/** A port nobody listens on right now (the kernel's choice). */
export async function freePort() {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
  server.close();
  await once(server, 'close');
  return port;
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** HAProxy's configuration: round-robin, health checks every 500 ms, retries on the other server. */
export function haproxyConfig({ port, statsPort, servers }) {
  return `global
  maxconn 4096
  log stdout format raw local0 info

defaults
  mode http
  log global
  option httplog
  option dontlog-normal
  option forwardfor
  # A new connection to the server for every request: after an instance dies, no request is sent
  # down one of its stale kept-alive connections (a refused connect is retried on the other server).
  option http-server-close
  # Live events are small writes that must not wait for more data (up to 200 ms otherwise).
  option http-no-delay
  timeout connect 1s
  timeout client 60s
  timeout server 60s
  timeout http-request 10s
  # GET /api/events is a long-lived stream once the response starts.
  timeout tunnel 1h
  # A request whose connection to a server fails is sent again, to the other server.
  retries 3
  option redispatch 1
  retry-on conn-failure empty-response response-timeout

frontend plinth
  bind 127.0.0.1:${port}
  default_backend api

backend api
  balance roundrobin
  option httpchk GET /api/health
  http-check expect status 200
  # Only reads, and writes with an Idempotency-Key (which the server answers once: decision 037),
  # are re-sent after the server took the request and died; another write could have committed.
  http-request disable-l7-retry if !METH_GET !{ req.hdr(idempotency-key) -m found }
  # Which instance answered: lets the cluster test show that no session is tied to one instance.
  http-response set-header x-served-by %[srv_name]
  default-server check inter 500 fastinter 250 downinter 1s fall 2 rise 2
${servers.map((s) => `  server ${s.name} 127.0.0.1:${s.port}`).join('\n')}

frontend stats
  bind 127.0.0.1:${statsPort}
  stats enable
  stats uri /
  stats refresh 1s
`;
}

/** Keeps the last lines a process wrote, and echoes them with a prefix when asked to. */
function capture(child, name, { echo, lines }) {
  for (const stream of [child.stdout, child.stderr]) {
    let partial = '';
    stream?.setEncoding('utf8');
    stream?.on('data', (text) => {
      const parts = (partial + text).split('\n');
      partial = parts.pop() ?? '';
      for (const line of parts) {
        lines.push(`[${name}] ${line}`);
        if (lines.length > 400) lines.shift();
        if (echo) process.stdout.write(`[${name}] ${line}\n`);
      }
    });
  }
}

async function waitForHealth(url, child, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(
        `${url}: the server exited before it was healthy (${child.exitCode ?? child.signalCode})`,
      );
    }
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  throw new Error(`${url}: not healthy within ${timeoutMs} ms`);
}

async function stopProcess(child, signal = 'SIGTERM', graceMs = 10_000) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill(signal);
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}

/** HAProxy's CSV statistics: one row per proxy and server. */
export async function haproxyStats(statsUrl) {
  const res = await fetch(`${statsUrl}/;csv`);
  const [header, ...rows] = (await res.text()).trim().split('\n');
  const names = (header ?? '').replace(/^# /, '').split(',');
  return rows.map((row) => Object.fromEntries(row.split(',').map((value, i) => [names[i], value])));
}

/**
 * Starts s3rver, the instances (the first migrates the schema before the others start) and HAProxy.
 * Options: port (HAProxy's; 0 for a free one), instancePorts, databaseUrl, schema, env (added to
 * every instance's environment), instanceEnv (by instance name: 'a', 'b'), build (ensureBuild first), seedDemo, echo (print the processes'
 * output with a prefix), dropSchema (on stop).
 */
export async function startCluster(options = {}) {
  const haproxy = options.haproxy ?? ensureHaproxy();
  if (options.build ?? true) ensureBuild();
  const port = options.port || (await freePort());
  const statsPort = options.statsPort || (await freePort());
  const instancePorts = options.instancePorts ?? [await freePort(), await freePort()];
  const databaseUrl = options.databaseUrl ?? DEFAULT_DATABASE_URL;
  const schema = options.schema ?? `cluster_${randomBytes(6).toString('hex')}`;
  const url = `http://127.0.0.1:${port}`;
  const baseUrl = options.baseUrl ?? url;
  const echo = options.echo ?? false;
  const lines = [];
  const dir = mkdtempSync(join(tmpdir(), 'plinth-cluster-'));
  const stops = [];

  const cluster = {
    url,
    statsUrl: `http://127.0.0.1:${statsPort}`,
    databaseUrl,
    schema,
    /** The last lines every process wrote, prefixed with its name. */
    logs: lines,
    /** @type {{ name: string, port: number, url: string, process: import('node:child_process').ChildProcess }[]} */
    instances: [],
    s3: /** @type {{ endpoint: string, bucket: string }} */ ({ endpoint: '', bucket: BUCKET }),
    /** HAProxy's status of each server ('UP', 'DOWN', 'UP 1/2', …), by name. */
    async serverStatus() {
      const rows = await haproxyStats(cluster.statsUrl);
      return Object.fromEntries(
        rows.filter((r) => r.pxname === 'api' && r.svname !== 'BACKEND').map((r) => [r.svname, r.status]),
      );
    },
    /** Sends a signal to one instance (SIGKILL: gone at once, nothing cleaned up). */
    kill(name, signal = 'SIGKILL') {
      const instance = cluster.instances.find((i) => i.name === name);
      if (!instance) throw new Error(`no instance ${name}`);
      instance.process.kill(signal);
    },
    /** Starts a killed instance again, as it was, and waits until HAProxy sends it requests (nothing if it runs). */
    async restart(name) {
      const instance = cluster.instances.find((i) => i.name === name);
      if (!instance) throw new Error(`no instance ${name}`);
      const running = instance.process.exitCode === null && instance.process.signalCode === null;
      if (running && !instance.process.killed) return;
      if (running) await new Promise((resolve) => instance.process.once('exit', resolve));
      instance.process = instance.spawn();
      await waitForHealth(instance.url, instance.process);
      const deadline = Date.now() + 15_000;
      for (;;) {
        if ((await cluster.serverStatus())[name] === 'UP') return;
        if (Date.now() > deadline) throw new Error(`haproxy: ${name} not UP again`);
        await sleep(50);
      }
    },
    async stop() {
      for (const stop of stops.reverse()) {
        try {
          await stop();
        } catch (error) {
          console.error(`cluster: stopping: ${error.message}`);
        }
      }
      stops.length = 0;
    },
  };

  try {
    const s3Dir = join(dir, 's3');
    mkdirSync(s3Dir);
    const s3 = new S3rver({
      address: '127.0.0.1',
      port: options.s3Port ?? 0,
      directory: s3Dir,
      silent: true,
      configureBuckets: [{ name: BUCKET, configs: [] }],
    });
    const { port: s3Port } = await s3.run();
    cluster.s3.endpoint = `http://127.0.0.1:${s3Port}`;
    stops.push(async () => {
      await s3.close();
      rmSync(dir, { recursive: true, force: true });
    });
    if (options.dropSchema ?? true) {
      stops.push(async () => {
        const client = new pg.Client({ connectionString: databaseUrl });
        await client.connect();
        try {
          await client.query(`drop schema if exists "${schema}" cascade`);
          // The job queue's tables (pg-boss) live in a schema of their own beside it.
          await client.query(`drop schema if exists "${schema}_jobs" cascade`);
        } finally {
          await client.end();
        }
      });
    }

    const authSecret = process.env.AUTH_SECRET ?? randomBytes(32).toString('base64url');
    const names = instancePorts.map((_, i) => String.fromCharCode(97 + i));
    for (const [i, instancePort] of instancePorts.entries()) {
      const name = names[i];
      const dataDir = join(dir, `data-${name}`);
      mkdirSync(dataDir);
      const env = {
        ...process.env,
        NODE_ENV: 'production',
        PORT: String(instancePort),
        HOST: '127.0.0.1',
        BASE_URL: baseUrl,
        DATA_DIR: dataDir,
        DATABASE_URL: databaseUrl,
        DATABASE_SCHEMA: schema,
        AUTH_SECRET: authSecret,
        S3_ENDPOINT: cluster.s3.endpoint,
        S3_BUCKET: BUCKET,
        // s3rver's own account: it checks request signatures against it.
        S3_ACCESS_KEY_ID: 'S3RVER',
        S3_SECRET_ACCESS_KEY: 'S3RVER',
        LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
        ...options.env,
        ...options.instanceEnv?.[name],
      };
      const args = ['--enable-source-maps', join(root, 'apps/server/dist/main.js')];
      if (options.seedDemo && i === 0) args.push('--seed-demo');
      const spawnServer = () => {
        const child = spawn(process.execPath, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
        capture(child, name, { echo, lines });
        return child;
      };
      const instance = {
        name,
        port: instancePort,
        url: `http://127.0.0.1:${instancePort}`,
        process: spawnServer(),
        spawn: spawnServer,
      };
      cluster.instances.push(instance);
      // The instance's process as it is when the cluster stops (restart replaces it).
      stops.push(() => stopProcess(instance.process));
      // The first instance migrates the schema; the others start on a migrated one.
      await waitForHealth(instance.url, instance.process);
    }

    const config = join(dir, 'haproxy.cfg');
    writeFileSync(
      config,
      haproxyConfig({
        port,
        statsPort,
        servers: cluster.instances.map((i) => ({ name: i.name, port: i.port })),
      }),
    );
    const balancer = spawn(haproxy, ['-db', '-f', config], { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
    capture(balancer, 'haproxy', { echo, lines });
    // Stopped first (stops run in reverse): no request reaches an instance that is shutting down.
    stops.push(() => stopProcess(balancer, 'SIGTERM', 3000));
    const deadline = Date.now() + 15_000;
    for (;;) {
      if (balancer.exitCode !== null) throw new Error(`haproxy exited: ${lines.slice(-10).join('\n')}`);
      const status = await cluster.serverStatus().catch(() => ({}));
      if (names.every((n) => status[n] === 'UP')) break;
      if (Date.now() > deadline) throw new Error(`haproxy: servers not UP: ${JSON.stringify(status)}`);
      await sleep(100);
    }
    return cluster;
  } catch (error) {
    await cluster.stop();
    if (!echo && lines.length) error.message += `\n${lines.slice(-30).join('\n')}`;
    throw error;
  }
}

async function main() {
  ensureDependencies();
  const cluster = await startCluster({
    port: Number(process.env.CLUSTER_PORT ?? 3000),
    instancePorts: [3101, 3102],
    databaseUrl: process.env.DATABASE_URL ?? DEFAULT_DATABASE_URL,
    schema: process.env.DATABASE_SCHEMA,
    seedDemo: true,
    echo: true,
    // A schema named by DATABASE_SCHEMA is kept; a fresh one made for this run is dropped.
    dropSchema: !process.env.DATABASE_SCHEMA,
    ...(process.env.CLUSTER_BASE_URL ? { baseUrl: process.env.CLUSTER_BASE_URL } : {}),
  });
  step('Cluster running');
  process.stdout.write(
    [
      `  balancer (HAProxy)  ${cluster.url}   statistics ${cluster.statsUrl}`,
      ...cluster.instances.map((i) => `  instance ${i.name}          ${i.url}`),
      `  object store        ${cluster.s3.endpoint} (s3rver, bucket ${cluster.s3.bucket})`,
      `  database            ${cluster.databaseUrl.replace(/\/\/[^@/]*@/, '//…@')} schema ${cluster.schema}`,
      '  Ctrl-C stops everything.',
      '',
    ].join('\n'),
  );
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await cluster.stop();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  for (const instance of cluster.instances) {
    instance.process.on('exit', (code, signal) => {
      if (!stopping)
        console.warn(`instance ${instance.name} exited (${code ?? signal}); the other serves on`);
    });
  }
}

if (resolve(process.argv[1] ?? '') === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    console.error(`\n✖ ${error.message}`);
    process.exit(1);
  });
}
