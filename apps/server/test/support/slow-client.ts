import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { BASE_URL, buildTestApp, createUser, type TestApp, type TestUser } from '../helpers';
import { createDealRoom, type DealRoom } from './deal-room';

/**
 * A client on a slow link, against a really listening server (issue 29 finding 2): a request whose
 * body arrives a piece at a time, and other people's requests timed while it does.
 */

/** Listens on a free port of 127.0.0.1; the port. `t.close()` closes the server. */
export async function listen(app: FastifyInstance): Promise<number> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  return (app.server.address() as AddressInfo).port;
}

/** How many requests could each hold a database connection at once: PGlite has one, PostgreSQL a pool. */
export const connectionsOf = (t: TestApp) => t.database.pool?.options.max ?? 1;

export interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface Trickle {
  /** Resolves once the head and the first piece of the body are on the wire. */
  started: Promise<void>;
  /** The server's answer, once the whole body was sent. */
  answer: Promise<Answer>;
  /** Ends the request at once (cleanup). */
  destroy(): void;
}

/**
 * A POST whose `body` (with a Content-Length) goes out in `pieces` pieces, one every `everyMs`; the
 * last piece waits for `holdLast` too, so the body is not complete before the test has measured
 * what it wanted to measure while the body was arriving.
 */
export function trickle(options: {
  port: number;
  path: string;
  headers: Record<string, string>;
  body: Buffer;
  pieces: number;
  everyMs: number;
  holdLast: Promise<unknown>;
}): Trickle {
  const { body, pieces } = options;
  const request = httpRequest({
    host: '127.0.0.1',
    port: options.port,
    method: 'POST',
    path: options.path,
    agent: false,
    headers: { origin: BASE_URL, ...options.headers, 'content-length': String(body.length) },
  });
  const answer = new Promise<Answer>((resolve, reject) => {
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(chunks).toString('utf8'),
        }),
      );
      response.on('error', reject);
    });
    request.on('error', reject);
  });
  // An answer before the body is complete is what the test reports, not an unhandled rejection.
  answer.catch(() => {});
  const write = (piece: Buffer) =>
    new Promise<void>((resolve, reject) =>
      request.write(piece, (error) => (error ? reject(error) : resolve())),
    );
  const size = Math.ceil(body.length / pieces);
  const pieceAt = (i: number) => body.subarray(i * size, Math.min(body.length, (i + 1) * size));
  const started = write(pieceAt(0));
  void (async () => {
    await started;
    for (let i = 1; i < pieces; i++) {
      await delay(options.everyMs);
      if (i === pieces - 1) await options.holdLast;
      if (request.destroyed) return;
      await write(pieceAt(i));
    }
    request.end();
  })().catch((error: unknown) => request.destroy(error as Error));
  return { started, answer, destroy: () => request.destroy() };
}

export interface Timed {
  label: string;
  ms: number;
  /** How long it may take when it waits for nothing (TimedRequest.budgetMs). */
  budgetMs: number;
  status: number | string;
}

/** When a timed request is given up: past every budget, and well short of a 10-s trickle. */
const TIMEOUT_MS = 5000;

/** The requests that failed, or took their budget or longer. */
export const lateOrFailed = (timings: Timed[]) =>
  timings.filter((r) => r.status !== 200 || r.ms >= r.budgetMs);

/**
 * `count` requests, the i-th started `i * everyMs` after the first whether or not the ones before
 * it have answered; each is given up after 5 s. Resolves to how long each took.
 */
export async function timedRequests(options: {
  port: number;
  count: number;
  everyMs: number;
  make: (i: number) => TimedRequest;
}): Promise<Timed[]> {
  const runs: Promise<Timed>[] = [];
  for (let i = 0; i < options.count; i++) {
    if (i > 0) await delay(options.everyMs);
    const { label, path, init, budgetMs } = options.make(i);
    const start = performance.now();
    const took = () => Math.round(performance.now() - start);
    runs.push(
      fetch(`http://127.0.0.1:${options.port}${path}`, {
        ...init,
        signal: AbortSignal.timeout(TIMEOUT_MS),
      }).then(
        async (response) => {
          await response.arrayBuffer();
          return { label, ms: took(), budgetMs, status: response.status };
        },
        (error: Error) => ({ label, ms: took(), budgetMs, status: error.name }),
      ),
    );
  }
  return Promise.all(runs);
}

export interface TimedRequest {
  label: string;
  path: string;
  init?: RequestInit;
  /**
   * The longest it may take while waiting for nothing, on a loaded 2-core test machine: 1 s, the
   * issue's figure; a sign-in 3 s, as its password hash (scrypt, made slow on purpose) alone took up
   * to 1.5 s there while other test files ran. A request that waits for a trickling body waits for
   * all of it (over 10 s), and is given up after timedRequests' timeout.
   */
  budgetMs: number;
}

/** Health, a sign-in and a read of the bell, in turn, for `people` in turn. */
export function otherPeoplesRequest(people: TestUser[], i: number): TimedRequest {
  const person = people[i % people.length]!;
  switch (i % 3) {
    case 0:
      return { label: 'GET /api/health', path: '/api/health', budgetMs: 1000 };
    case 1:
      return {
        label: 'POST /api/auth/sign-in/email',
        path: '/api/auth/sign-in/email',
        budgetMs: 3000,
        init: {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: BASE_URL },
          body: JSON.stringify({ email: person.email, password: person.password }),
        },
      };
    default:
      return {
        label: 'GET /api/notifications',
        path: '/api/notifications',
        init: { headers: { cookie: person.cookie } },
        budgetMs: 1000,
      };
  }
}

/** Each kind of `otherPeoplesRequest` once, answered 200, before any is timed (code loads on first use). */
export async function warmUp(port: number, people: TestUser[]) {
  for (let i = 0; i < 3; i++) {
    const { label, path, init } = otherPeoplesRequest(people, i);
    const response = await fetch(`http://127.0.0.1:${port}${path}`, init);
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`${label} answered ${response.status} before the test`);
  }
}

/** Resolves once `condition` holds, checked every 20 ms; fails after `timeoutMs`. */
export async function until(condition: () => boolean, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms: ${what}`);
    await delay(20);
  }
}

/** What a slow-client test works on: its listening app, a deal room, and four other people. */
export interface SlowClientWorld {
  t: TestApp;
  port: number;
  room: DealRoom;
  people: TestUser[];
}

/**
 * A listening app with a deal room and four borrowers, each signed in once before anything is timed
 * (the first sign-in compiles the password hashing, over 1 s). The test signs people in over HTTP,
 * so Better Auth's limit on sign-ins is off: it is not what these tests measure.
 */
export async function startSlowClientWorld(): Promise<SlowClientWorld> {
  const t = await buildTestApp({ AUTH_RATE_LIMIT: 'off' });
  const room = await createDealRoom(t);
  const people = await Promise.all(
    ['Olive', 'Oscar', 'Opal', 'Otto'].map((name) => createUser(t.app, { role: 'borrower', name })),
  );
  const port = await listen(t.app);
  await warmUp(port, people);
  return { t, port, room, people };
}

/** Ends every trickle still open, then the app. */
export async function stopSlowClientWorld(t: TestApp | undefined, trickles: Trickle[]) {
  for (const slow of trickles) slow.destroy();
  await t?.close();
}
