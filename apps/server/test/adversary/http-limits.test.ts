import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bodyTooLargeMessage, HEADERS_TIMEOUT_MS, JSON_BODY_LIMIT } from '../../src/http/server-limits';
import { BASE_URL, buildTestApp, createUser, type TestApp, type TestUser } from '../helpers';
import { rawRequest, statusOf } from '../support/raw-http';

// The HTTP server itself against an outsider who holds connections open with slow headers, or
// sends headers and bodies far larger than any real client does: a real server listening on
// 127.0.0.1, spoken to over raw sockets (decision 045).

let t: TestApp;
let port: number;
let user: TestUser;
beforeAll(async () => {
  t = await buildTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
  user = await createUser(t.app, { role: 'funder', profile: 'default' });
});
afterAll(() => t?.close());

/** A request head as bytes, ending the headers, asking the server to close after answering. */
const head = (method: string, path: string, headers: Record<string, string> = {}) =>
  `${method} ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n${Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('')}\r\n`;

/** How long after the headers timeout the server may take to notice (it looks every second). */
const NOTICE_MS = 3_000;

describe('slow headers', () => {
  it(`a client trickling its headers (one line every 0.5 s) is cut off with 408 within ${HEADERS_TIMEOUT_MS / 1000} s, and one that sends nothing is closed; others are answered meanwhile`, async () => {
    const giveUpMs = HEADERS_TIMEOUT_MS + NOTICE_MS + 2_000;
    const trickler = rawRequest(port, 'GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n', {
      giveUpMs,
      trickle: { everyMs: 500, next: (n) => `X-Slow-${n}: still coming\r\n` },
    });
    const silent = rawRequest(port, '', { giveUpMs });
    // Meanwhile, other people's requests are answered as usual.
    const others: number[] = [];
    for (let i = 0; i < 5; i++) {
      await new Promise((r) => setTimeout(r, 1_000));
      const started = performance.now();
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      expect(res.status).toBe(200);
      others.push(performance.now() - started);
    }
    expect(Math.max(...others)).toBeLessThan(1_000);

    const [slow, idle] = await Promise.all([trickler, silent]);
    expect(slow.closed, `still open after ${slow.ms} ms`).toBe(true);
    expect(statusOf(slow)).toBe(408);
    expect(slow.ms).toBeGreaterThanOrEqual(HEADERS_TIMEOUT_MS - 100);
    expect(slow.ms).toBeLessThan(HEADERS_TIMEOUT_MS + NOTICE_MS);
    expect(idle.closed, `still open after ${idle.ms} ms`).toBe(true);
    expect(idle.ms).toBeLessThan(HEADERS_TIMEOUT_MS + NOTICE_MS);
  });

  it('the limits are set on the server itself', () => {
    expect(t.app.server.headersTimeout).toBe(HEADERS_TIMEOUT_MS);
    expect(t.app.server.requestTimeout).toBeGreaterThan(HEADERS_TIMEOUT_MS);
  });
});

describe('oversized headers', () => {
  it('headers over 16 KB: 431, and the connection is closed', async () => {
    const answer = await rawRequest(
      port,
      head('GET', '/api/health', { 'X-Padding': 'a'.repeat(17 * 1024) }),
      {
        giveUpMs: 5_000,
      },
    );
    expect(statusOf(answer)).toBe(431);
    expect(answer.closed).toBe(true);
  });

  it('a cookie over 16 KB on a signed-in write: 431 before anything else', async () => {
    const answer = await rawRequest(
      port,
      head('PUT', '/api/notifications/read-all', { Cookie: `${user.cookie}; pad=${'b'.repeat(17 * 1024)}` }),
      { giveUpMs: 5_000 },
    );
    expect(statusOf(answer)).toBe(431);
  });

  it('headers of 15 KB are still answered', async () => {
    const answer = await rawRequest(
      port,
      head('GET', '/api/health', { 'X-Padding': 'a'.repeat(15 * 1024) }),
      {
        giveUpMs: 5_000,
      },
    );
    expect(statusOf(answer)).toBe(200);
  });
});

describe('oversized JSON bodies', () => {
  const over = JSON.stringify({ email_alerts: 'x'.repeat(JSON_BODY_LIMIT) });
  const tooLarge = { error: bodyTooLargeMessage, code: 'PAYLOAD_TOO_LARGE' };

  it('over 1 MiB with its length declared: 413 with a message naming the limit', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/api/notifications/preferences`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', cookie: user.cookie, origin: BASE_URL },
      body: over,
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual(tooLarge);
    expect(bodyTooLargeMessage).toBe(
      'Request body is too large: the API takes JSON bodies of up to 1 MiB (64 KiB under /api/auth); send files as multipart uploads',
    );
  });

  it('over 1 MiB sent in chunks without a length: 413 with the same message', async () => {
    const chunks = [over.slice(0, 600_000), over.slice(600_000)];
    const res = await fetch(`http://127.0.0.1:${port}/api/notifications/preferences`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', cookie: user.cookie, origin: BASE_URL },
      body: new ReadableStream({
        pull(controller) {
          const next = chunks.shift();
          if (next === undefined) controller.close();
          else controller.enqueue(new TextEncoder().encode(next));
        },
      }),
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual(tooLarge);
  });

  it('a stranger sending 1 MiB is refused 401 before the body is read', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/api/notifications/preferences`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', origin: BASE_URL },
      body: over,
    });
    expect(res.status).toBe(401);
  });

  it('sign-in with a body over 64 KiB: 413 with the same message', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: BASE_URL },
      body: JSON.stringify({ email: 'someone@example.com', password: 'p'.repeat(70 * 1024) }),
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual(tooLarge);
  });

  it('just under 1 MiB is read and judged on its content (400, not 413)', async () => {
    const under = JSON.stringify({ email_alerts: 'x'.repeat(JSON_BODY_LIMIT - 100) });
    const res = await fetch(`http://127.0.0.1:${port}/api/notifications/preferences`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', cookie: user.cookie, origin: BASE_URL },
      body: under,
    });
    expect(res.status).toBe(400);
  });
});
