import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import http from 'node:http';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import type { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { dropSchemaExclusively } from '../../src/db/migrate';
import { cookieFrom } from '../helpers';
import { serverBuild } from './server-build';

/**
 * The real server (`apps/server/src/main.ts`, built as `npm run build` builds it: server-build.ts) as a child process on a
 * port of its own: started, killed with SIGKILL mid-request, and started again on the same data, to
 * see what a crash leaves behind (issue 12 item 6).
 */

const root = resolve(fileURLToPath(new URL('../../../..', import.meta.url)));

/** One line of the server's JSON log (pino), or the raw text of a line that was not JSON. */
export type LogLine = Record<string, unknown> & { msg?: string };

export interface ServerProcess {
  readonly baseUrl: string;
  readonly child: ChildProcess;
  /** Milliseconds from spawn to "Plinth is running". */
  readonly startMs: number;
  /** Every log line so far. */
  readonly log: LogLine[];
  /** Resolves with the first log line (past or future) the predicate accepts. */
  waitForLog(predicate: (line: LogLine) => boolean, timeoutMs?: number): Promise<LogLine>;
  /** SIGKILL, no clean-up of any kind; resolves once the process is gone. */
  kill(): Promise<void>;
  /** SIGTERM, the normal shutdown; resolves with the exit code. */
  stop(): Promise<number | null>;
}

/** A port nothing listens on now. */
export async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  await once(server, 'close');
  return port;
}

/**
 * Starts the server with `env` (DATA_DIR, and DATABASE_URL, DATABASE_SCHEMA and AUTH_SECRET for
 * PostgreSQL) on `port`, and waits until it listens. A server that exits first fails with its output.
 */
export async function startServer(
  port: number,
  env: Record<string, string>,
  options: { timeoutMs?: number } = {},
): Promise<ServerProcess> {
  const baseUrl = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const child = spawn(process.execPath, [join(serverBuild(), 'main.js')], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      BASE_URL: baseUrl,
      LOG_LEVEL: 'info',
      AUTH_RATE_LIMIT: 'off',
      WEB_DIST: '/nonexistent-web-dist',
      ...env,
    },
  });
  const log: LogLine[] = [];
  const waiters: { predicate: (line: LogLine) => boolean; resolve: (line: LogLine) => void }[] = [];
  let stderr = '';
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) =>
    child.once('exit', (code, signal) => done({ code, signal })),
  );
  let pending = '';
  child.stdout!.setEncoding('utf8');
  child.stdout!.on('data', (text: string) => {
    pending += text;
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const raw of lines) {
      if (!raw.trim()) continue;
      let line: LogLine;
      try {
        line = raw.startsWith('{') ? (JSON.parse(raw) as LogLine) : { msg: raw };
      } catch {
        line = { msg: raw };
      }
      log.push(line);
      for (const waiter of [...waiters]) {
        if (waiter.predicate(line)) {
          waiters.splice(waiters.indexOf(waiter), 1);
          waiter.resolve(line);
        }
      }
    }
  });
  child.stderr!.setEncoding('utf8');
  child.stderr!.on('data', (text: string) => {
    stderr += text;
  });

  const waitForLog = (predicate: (line: LogLine) => boolean, timeoutMs = 60_000) => {
    const seen = log.find(predicate);
    if (seen) return Promise.resolve(seen);
    return new Promise<LogLine>((done, fail) => {
      const timer = setTimeout(() => {
        waiters.splice(waiters.indexOf(waiter), 1);
        fail(new Error(`no such log line within ${timeoutMs} ms; stderr: ${stderr}`));
      }, timeoutMs);
      const waiter = {
        predicate,
        resolve: (line: LogLine) => {
          clearTimeout(timer);
          done(line);
        },
      };
      waiters.push(waiter);
    });
  };

  const ready = waitForLog((line) => line.msg?.includes('Plinth is running at') ?? false, options.timeoutMs);
  const outcome = await Promise.race([ready.then(() => 'ready' as const), exited]);
  if (outcome !== 'ready') {
    throw new Error(
      `the server exited before it listened (code ${outcome.code}, signal ${outcome.signal}):\n${stderr}`,
    );
  }
  const startMs = Math.round(performance.now() - started);

  return {
    baseUrl,
    child,
    startMs,
    log,
    waitForLog,
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      const { code } = await exited;
      if (code !== 0) throw new Error(`the server did not stop cleanly (code ${code}):\n${stderr}`);
      return code;
    },
  };
}

export interface HttpAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  json<T = Record<string, unknown>>(): T;
}

/**
 * One HTTP request with node:http (no retries, no keep-alive), so a killed server shows up as a
 * failed request. `body` may be a stream, written as it is read.
 */
export function request(
  baseUrl: string,
  options: {
    method: string;
    path: string;
    headers?: Record<string, string>;
    cookie?: string;
    body?: string | Buffer | Readable;
  },
): Promise<HttpAnswer> {
  return new Promise((done, fail) => {
    const req = http.request(`${baseUrl}${options.path}`, {
      method: options.method,
      agent: false,
      headers: {
        origin: baseUrl,
        ...(options.cookie ? { cookie: options.cookie } : {}),
        ...(typeof options.body === 'string' || Buffer.isBuffer(options.body)
          ? { 'content-length': String(Buffer.byteLength(options.body)) }
          : {}),
        ...options.headers,
      },
    });
    req.on('error', fail);
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', fail);
      res.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        done({
          status: res.statusCode ?? 0,
          headers: res.headers,
          body,
          json: <T>() => JSON.parse(body) as T,
        });
      });
    });
    const body = options.body;
    if (body === undefined) req.end();
    else if (typeof body === 'string' || Buffer.isBuffer(body)) req.end(body);
    else {
      body.on('error', (error) => req.destroy(error));
      body.pipe(req);
    }
  });
}

/** Signs in through Better Auth's e-mail endpoint and returns the session cookie. */
export async function signIn(baseUrl: string, email: string, password: string): Promise<string> {
  const res = await request(baseUrl, {
    method: 'POST',
    path: '/api/auth/sign-in/email',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${res.body}`);
  return cookieFrom(res.headers['set-cookie']);
}

/** A small seeded generator (mulberry32): kill points that differ per round but not per run. */
export function seeded(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** A request whose server may die under it: the answer, or the error it ended with. */
export const settle = (answer: Promise<HttpAnswer>) =>
  answer.then(
    (res) => ({ res, error: null }),
    (error: Error) => ({ res: null, error }),
  );

/**
 * PostgreSQL only: a connection of the test's own holds an advisory lock (`lockCall`, e.g.
 * `pg_advisory_lock(1)`) the server's transaction asks for midway, so the server can be killed while
 * that transaction has written rows it has not committed. `waiting` resolves once a connection
 * named `applicationName` waits for an advisory lock inside a transaction that has written
 * something (it has a transaction id).
 */
export async function holdLock(url: string, applicationName: string, lockCall: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(`select ${lockCall}`);
  return {
    async waiting(timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const { rows } = await client.query<{ n: number }>(
          `select count(*)::int as n from pg_stat_activity
           where application_name = $1 and wait_event_type = 'Lock' and wait_event = 'advisory'
             and backend_xid is not null`,
          [applicationName],
        );
        if (rows[0]!.n > 0) return;
        if (Date.now() > deadline) throw new Error(`nothing waited for ${lockCall} within ${timeoutMs} ms`);
        await sleep(10);
      }
    },
    async release() {
      await client.query('select pg_advisory_unlock_all()');
      await client.end();
    },
  };
}

export async function dropSchema(url: string, schema: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await dropSchemaExclusively(client, schema);
  await client.end();
}
