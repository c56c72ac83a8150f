import { randomUUID } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertNotification } from '../../src/modules/notifications/notifications.repository';
import { BASE_URL, buildTestApp, createUser, type TestApp, type TestUser } from '../helpers';

// Another site (a page the victim opens, a sibling subdomain) makes the victim's browser send a
// write to Plinth with their session cookie. Plinth refuses it; an API client with a bearer token,
// curl and the app itself are unaffected (decision 045).

const EVIL = 'http://evil.example';

let t: TestApp;
let funder: TestUser;
let bearer: string;
beforeAll(async () => {
  t = await buildTestApp();
  funder = await createUser(t.app, { role: 'funder' });
  const { headers } = await t.app.deps.auth.api.signInEmail({
    body: { email: funder.email, password: funder.password },
    returnHeaders: true,
  });
  bearer = headers.get('set-auth-token') ?? '';
  expect(bearer).not.toBe('');
});
afterAll(() => t?.close());

const unread = async () =>
  (
    await t.database.db
      .selectFrom('notification')
      .select('id')
      .where('user_id', '=', funder.id)
      .where('read', '=', false)
      .execute()
  ).length;

/** One unread notification for the funder, so marking all read has something to change. */
async function oneUnread() {
  await insertNotification(t.database.db, {
    userId: funder.id,
    type: 'test',
    relatedId: null,
    message: `Cross-site probe ${randomUUID()}`,
  });
  expect(await unread()).toBeGreaterThan(0);
}

const readAll = (headers: Record<string, string>) =>
  t.app.inject({ method: 'PUT', url: '/api/notifications/read-all', headers });

describe('cross-site writes with the session cookie are refused', () => {
  it('PUT /api/notifications/read-all with Origin http://evil.example and the cookie: 403 CROSS_SITE_REQUEST, nothing changes', async () => {
    await oneUnread();
    const before = await unread();
    const res = await readAll({ cookie: funder.cookie, origin: EVIL });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      error: 'Cross-site requests are refused: send this request from Plinth itself (http://localhost:3000)',
      code: 'CROSS_SITE_REQUEST',
    });
    expect(await unread()).toBe(before);
  });

  it.each([
    ['Sec-Fetch-Site: cross-site, no Origin', { 'sec-fetch-site': 'cross-site' }],
    ['Sec-Fetch-Site: same-site (a sibling subdomain), no Origin', { 'sec-fetch-site': 'same-site' }],
    ['Sec-Fetch-Site: cross-site with our own Origin', { 'sec-fetch-site': 'cross-site', origin: BASE_URL }],
    ['Origin: null (a sandboxed frame)', { origin: 'null' }],
    ['Origin of a sibling subdomain', { origin: 'http://app.localhost:3000' }],
    ['Origin on another port of our host', { origin: 'http://localhost:3001' }],
    ['Origin with https instead of http', { origin: 'https://localhost:3000' }],
  ])('%s: 403', async (_, headers) => {
    await oneUnread();
    const before = await unread();
    const res = await readAll({ cookie: funder.cookie, ...headers });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('CROSS_SITE_REQUEST');
    expect(await unread()).toBe(before);
  });

  it('every unsafe route of the API refuses it, before its guard, body or idempotency key is read', async () => {
    const exempt = [
      'POST /api/payments/webhook',
      'POST /api/listing-alerts/unsubscribe',
      'POST /api/listing-alerts/confirm-criteria',
    ];
    const unsafe = t.app.registeredRoutes.filter((r) => !['GET', 'HEAD'].includes(r.method));
    expect(unsafe.length).toBeGreaterThan(60);
    const wrong: string[] = [];
    for (const route of unsafe) {
      const key = `${route.method} ${route.url}`;
      const res = await t.app.inject({
        method: route.method as InjectOptions['method'],
        url: route.url.replace(/:\w+/g, () => randomUUID()).replace(/\*$/, 'sign-out'),
        headers: { cookie: funder.cookie, origin: EVIL, 'idempotency-key': randomUUID() },
        payload: {},
      });
      const refused = res.statusCode === 403 && res.json().code === 'CROSS_SITE_REQUEST';
      // Routes whose authority is not the cookie answer on their own terms (a bad signature, a bad
      // link), never with this refusal.
      if (refused === exempt.includes(key))
        wrong.push(`${key} answered ${res.statusCode}: ${res.body.slice(0, 100)}`);
    }
    expect(wrong).toEqual([]);
  });

  it("Better Auth's writes are covered too: a cross-site sign-out with the cookie is refused and the session lives on", async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { cookie: funder.cookie, origin: EVIL, 'content-type': 'application/json' },
      payload: {},
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('CROSS_SITE_REQUEST');
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: funder.cookie } });
    expect(me.statusCode).toBe(200);
  });

  it("an identity provider's form post back to Better Auth's OAuth callback is not refused as cross-site", async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/callback/oidc',
      headers: {
        cookie: funder.cookie,
        origin: 'https://id.example',
        'sec-fetch-site': 'cross-site',
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: `state=${randomUUID()}&code=made-up`,
    });
    // Better Auth answers it (an unknown state sends the browser to its error page), not this check.
    expect(res.statusCode).not.toBe(403);
    expect(res.body).not.toContain('CROSS_SITE_REQUEST');
  });
});

describe('what is not a browser acting for someone passes', () => {
  it('a bearer token (no cookie) with a foreign Origin and Sec-Fetch-Site: cross-site: 200', async () => {
    await oneUnread();
    const res = await readAll({
      authorization: `Bearer ${bearer}`,
      origin: EVIL,
      'sec-fetch-site': 'cross-site',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await unread()).toBe(0);
  });

  it('the cookie with neither Origin nor Sec-Fetch-Site (curl, a server): 200', async () => {
    await oneUnread();
    const res = await readAll({ cookie: funder.cookie });
    expect(res.statusCode, res.body).toBe(200);
    expect(await unread()).toBe(0);
  });

  it("the web app's own write (Origin = BASE_URL, Sec-Fetch-Site: same-origin): 200", async () => {
    await oneUnread();
    const res = await readAll({ cookie: funder.cookie, origin: BASE_URL, 'sec-fetch-site': 'same-origin' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await unread()).toBe(0);
  });

  it('reads are not checked: a GET with a foreign Origin and the cookie answers as usual', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/notifications',
      headers: { cookie: funder.cookie, origin: EVIL, 'sec-fetch-site': 'cross-site' },
    });
    expect(res.statusCode, res.body).toBe(200);
  });
});
