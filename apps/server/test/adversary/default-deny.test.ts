import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  isPublicAuthEndpoint,
  isPublicRoute,
  publicAuthEndpoints,
  publicRoutes,
} from '../../src/http/public-routes';
import { buildTestApp, type TestApp } from '../helpers';
import { makeWebDist } from '../support/web-dist';

// An outsider with no account walks every route the server registers (inside and outside /api,
// every method, HEAD included) with made-up ids, and then every endpoint of Better Auth behind
// /api/auth/*. Only the routes on the reviewed allow-list (src/http/public-routes.ts) may answer
// anything but a refusal (decision 045).

/** What a route that is not public may answer a stranger: 'sign in', 'not yours', 'no such thing'. */
const REFUSALS = [401, 403, 404, 405];

let t: TestApp;
let web: ReturnType<typeof makeWebDist>;
let webDist: string;
beforeAll(async () => {
  web = makeWebDist();
  webDist = web.dist;
  // The dev inbox switched on, so the walk meets it too.
  t = await buildTestApp({ WEB_DIST: webDist, DEV_MAIL: 'on' });
});
afterAll(async () => {
  await t?.close();
  rmSync(web.root, { recursive: true, force: true });
});

/** A stranger's request: no cookie, no token; made-up ids in the path; an empty JSON body on writes. */
function strangerRequest(method: string, pattern: string, query = '', body: object = {}): InjectOptions {
  const url = pattern.replace(/:\w+/g, () => randomUUID()).replace(/\*$/, 'anything');
  const writes = !['GET', 'HEAD'].includes(method);
  return {
    method: method as InjectOptions['method'],
    url: query ? `${url}?${query}` : url,
    ...(writes ? { payload: body } : {}),
  };
}

describe('default deny: a stranger walks every route the server registers', () => {
  it('the walk sees every kind of route: the API, HEAD, the dev inbox, Better Auth, the web files', () => {
    const routes = t.app.registeredRoutes.map((r) => `${r.method} ${r.url}`);
    expect(routes.length).toBeGreaterThan(150);
    for (const expected of [
      'GET /dev/mail',
      'HEAD /dev/mail',
      'GET /api/auth/me',
      'POST /api/auth/*',
      'PUT /api/notifications/read-all',
      'DELETE /api/documents/:id',
      'GET /assets/app-0a1b2c3d.js',
      'GET /*',
    ]) {
      expect(routes, expected).toContain(expected);
    }
  });

  it('every route not on the allow-list refuses a stranger (401, 403, 404 or 405)', async () => {
    const answered: string[] = [];
    const seen = new Set<string>();
    for (const route of t.app.registeredRoutes) {
      const key = `${route.method} ${route.url}`;
      if (seen.has(key) || isPublicRoute(route, webDist)) continue;
      seen.add(key);
      const res = await t.app.inject(strangerRequest(route.method, route.url));
      if (!REFUSALS.includes(res.statusCode)) {
        answered.push(`${key} answered ${res.statusCode}: ${res.body.slice(0, 120)}`);
      }
    }
    expect(seen.size).toBeGreaterThan(150);
    expect(answered, 'routes that answer a stranger but are not in src/http/public-routes.ts').toEqual([]);
  });

  it('every Better Auth endpoint that is not an entry point refuses a stranger, given a plausible body', async () => {
    // Better Auth checks a body's shape before the session on some endpoints; a well-formed body
    // reaches the session check.
    const plausible: Record<string, { body?: object; query?: string }> = {
      '/change-email': { body: { newEmail: 'someone@example.com' } },
      '/change-password': { body: { newPassword: 'another-long-pw', currentPassword: 'a-long-password' } },
      '/verify-password': { body: { password: 'a-long-password' } },
      '/revoke-session': { body: { token: randomUUID() } },
      '/link-social': { body: { provider: 'google' } },
      '/unlink-account': { body: { accountId: randomUUID() } },
      '/refresh-token': { body: { accountId: randomUUID(), userId: randomUUID() } },
      '/get-access-token': { body: { accountId: randomUUID(), userId: randomUUID() } },
      '/account-info': { query: `accountId=${randomUUID()}` },
      '/delete-user/callback': { query: `token=${randomUUID()}` },
    };
    type Endpoint = { path?: string; options?: { method?: string | string[] } };
    const endpoints = Object.values(t.app.deps.auth.api as unknown as Record<string, Endpoint>).filter(
      (e): e is Required<Endpoint> => typeof e.path === 'string',
    );
    expect(endpoints.length).toBeGreaterThan(25);
    const answered: string[] = [];
    let walked = 0;
    for (const endpoint of endpoints) {
      for (const declared of [endpoint.options.method ?? 'GET'].flat()) {
        for (const method of declared === '*' ? ['GET', 'POST'] : [declared]) {
          if (isPublicAuthEndpoint(method, endpoint.path)) continue;
          walked++;
          const { body, query } = plausible[endpoint.path] ?? {};
          const res = await t.app.inject(strangerRequest(method, `/api/auth${endpoint.path}`, query, body));
          if (!REFUSALS.includes(res.statusCode)) {
            answered.push(
              `${method} /api/auth${endpoint.path} answered ${res.statusCode}: ${res.body.slice(0, 120)}`,
            );
          }
        }
      }
    }
    expect(walked).toBeGreaterThan(10);
    expect(
      answered,
      'Better Auth endpoints that answer a stranger but are not in publicAuthEndpoints',
    ).toEqual([]);
  });

  it('the allow-list names only routes that exist: every line is one the server registers or Better Auth serves', () => {
    const registered = new Set(t.app.registeredRoutes.map((r) => `${r.method} ${r.url}`));
    const stale = Object.keys(publicRoutes).flatMap((entry) => {
      const [methods, url] = entry.split(' ') as [string, string];
      return methods
        .split('|')
        .filter((method) => !registered.has(`${method} ${url}`))
        .map((m) => `${m} ${url}`);
    });
    expect(stale, 'lines of publicRoutes that name no registered route').toEqual([]);
    type Endpoint = { path?: string; options?: { method?: string | string[] } };
    const served = new Set(
      Object.values(t.app.deps.auth.api as unknown as Record<string, Endpoint>).flatMap((e) =>
        e.path ? [e.options?.method ?? 'GET'].flat().map((m) => `${m} ${e.path}`) : [],
      ),
    );
    const staleAuth = Object.keys(publicAuthEndpoints).flatMap((entry) => {
      const [methods, path] = entry.split(' ') as [string, string];
      return methods
        .split('|')
        .filter((method) => !served.has(`${method} ${path}`))
        .map((m) => `${m} ${path}`);
    });
    expect(staleAuth, 'lines of publicAuthEndpoints that name no Better Auth endpoint').toEqual([]);
  });

  it('the allow-list itself: the web files are public only from the web build, and the dev inbox never is', () => {
    const file = t.app.registeredRoutes.find(
      (r) => r.url === '/assets/app-0a1b2c3d.js' && r.method === 'GET',
    )!;
    expect(isPublicRoute(file, webDist)).toBe(true);
    expect(isPublicRoute(file, '/somewhere/else')).toBe(false);
    expect(isPublicRoute({ method: 'GET', url: '/dev/mail' }, webDist)).toBe(false);
    expect(isPublicRoute({ method: 'DELETE', url: '/api/health' }, webDist)).toBe(false);
    expect(isPublicRoute({ method: 'HEAD', url: '/api/health' }, webDist)).toBe(true);
  });
});
