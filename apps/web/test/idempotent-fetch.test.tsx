import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError, api } from '../src/lib/api-client';
import { RETRY_DELAYS_MS, retryDelayMs } from '../src/lib/idempotent-fetch';
import { resolveRelativeFetch, startScriptedApiServer } from './scripted-api-server';

// Issue 20 item 2: every mutation the web app sends carries one Idempotency-Key per user action and
// is retried with that same key when the answer is lost, against a real HTTP server that drops
// connections and answers 5xx by script.

let server: Awaited<ReturnType<typeof startScriptedApiServer>>;

beforeAll(async () => {
  server = await startScriptedApiServer();
  vi.stubGlobal('fetch', resolveRelativeFetch(server.origin));
});
afterAll(async () => {
  vi.unstubAllGlobals();
  await server.close();
});

const keysSent = () => server.received.map((r) => r.key);

/** The one key every attempt carried (fails if an attempt had none or another one). */
function theOneKey() {
  const [key] = keysSent();
  expect(key).toMatch(/^[0-9a-f-]{32,36}$/);
  expect(keysSent()).toEqual(server.received.map(() => key));
  return key;
}

describe('api(): a mutation whose answer is lost', () => {
  it('connection dropped after the server read the POST: sent again with the same key, resolves to the answer', async () => {
    server.script('drop', { status: 201, body: { id: 'q1' } });
    await expect(api('/deals/d1/proposal', { method: 'POST', body: { amount: 5 } })).resolves.toEqual({
      id: 'q1',
    });
    expect(server.received).toHaveLength(2);
    expect(server.received.map((r) => [r.method, r.url, r.body])).toEqual([
      ['POST', '/api/deals/d1/proposal', '{"amount":5}'],
      ['POST', '/api/deals/d1/proposal', '{"amount":5}'],
    ]);
    theOneKey();
  });

  it.each([502, 503, 504])('%i: asked again with the same key, the next answer kept', async (status) => {
    server.script({ status, body: { error: 'Bad gateway' } }, { status: 200, body: { ok: true } });
    await expect(api('/messages', { method: 'POST', body: { text: 'hi' } })).resolves.toEqual({ ok: true });
    expect(server.received).toHaveLength(2);
    theOneKey();
  });

  it('409 IDEMPOTENCY_KEY_IN_USE (the first attempt still running): asked again with the same key', async () => {
    server.script(
      {
        status: 409,
        body: { error: 'A request with this key is still running', code: 'IDEMPOTENCY_KEY_IN_USE' },
      },
      { status: 200, body: { status: 'approved' } },
    );
    await expect(api('/access-requests/a1/approve', { method: 'PUT' })).resolves.toEqual({
      status: 'approved',
    });
    expect(server.received).toHaveLength(2);
    theOneKey();
  });

  it.each(['PUT', 'PATCH', 'DELETE'])('%s carries a key and is retried with it too', async (method) => {
    server.script({ status: 503 }, { status: 204 });
    await api('/admin/projects/p1', { method });
    expect(server.received.map((r) => r.method)).toEqual([method, method]);
    theOneKey();
  });
});

describe('api(): one key per user action', () => {
  it('two calls (a double-click that got through) send two different keys', async () => {
    server.script({ status: 200 }, { status: 200 });
    await api('/deals/d1/comments', { method: 'POST', body: { text: 'a' } });
    await api('/deals/d1/comments', { method: 'POST', body: { text: 'a' } });
    const [first, second] = keysSent();
    expect(first).toBeTruthy();
    expect(second).toBeTruthy();
    expect(first).not.toBe(second);
  });

  it('each of two actions retried keeps its own key on all its attempts', async () => {
    server.script('drop', { status: 200 });
    await api('/projects/p1/access-requests', { method: 'POST', body: {} });
    const firstAction = theOneKey();
    server.script({ status: 503 }, { status: 200 });
    await api('/projects/p1/access-requests', { method: 'POST', body: {} });
    const secondAction = theOneKey();
    expect(secondAction).not.toBe(firstAction);
  });
});

describe('api(): answers that stand', () => {
  it.each([
    [400, { error: 'Amount is required' }, undefined],
    [409, { error: 'Already approved', code: 'CONFLICT' }, 'CONFLICT'],
    [
      422,
      { error: 'This key was used for another request', code: 'IDEMPOTENCY_KEY_REUSED' },
      'IDEMPOTENCY_KEY_REUSED',
    ],
    [500, { error: 'Internal error' }, undefined],
  ])('%i: sent once, thrown as ApiError with its code', async (status, body, code) => {
    server.script({ status, body });
    const failure = await api('/deals/d1/complete', { method: 'POST' }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status, message: body.error, code });
    expect(server.received).toHaveLength(1);
    expect(server.received[0]?.key).toBeTruthy();
  });

  it('a GET goes out once, without a key, even when answered 503', async () => {
    server.script({ status: 503, body: { error: 'Unavailable' } });
    await expect(api('/deals/d1')).rejects.toMatchObject({ status: 503 });
    expect(server.received).toHaveLength(1);
    expect(server.received[0]).toMatchObject({ method: 'GET', key: undefined });
  });
});

describe('the backoff', () => {
  it('waits 300 ms, 900 ms and 2.7 s, each ±20 %, and nothing after the third retry', () => {
    expect(RETRY_DELAYS_MS).toEqual([300, 900, 2700]);
    expect([0, 1, 2].map((retry) => retryDelayMs(retry, 0))).toEqual([240, 720, 2160]);
    expect([0, 1, 2].map((retry) => Math.round(retryDelayMs(retry, 1)))).toEqual([360, 1080, 3240]);
  });

  it('a server that never answers: four attempts with one key, then the network failure, within the bounded waits', async () => {
    server.script('drop', 'drop', 'drop', 'drop', { status: 200 });
    const started = performance.now();
    await expect(api('/subscriptions/confirm', { method: 'POST', body: {} })).rejects.toBeInstanceOf(
      TypeError,
    );
    const elapsed = performance.now() - started;
    expect(server.received).toHaveLength(4);
    theOneKey();
    // 240 + 720 + 2160 ms at the least, 360 + 1080 + 3240 ms at the most, plus the round trips.
    expect(elapsed).toBeGreaterThanOrEqual(3120);
    expect(elapsed).toBeLessThan(4680 + 1500);
  }, 15_000);
});
