import { readFileSync } from 'node:fs';
import { errorResponse } from '@plinth/domain/api-errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicPages } from '../src/http/crawlers';
import { BASE_URL, buildTestApp, type TestApp } from './helpers';
import { makeWebDist } from './support/web-dist';

// Issue 36 items 3 and 4 (decision 064): /robots.txt and /sitemap.xml answer text and XML, not the
// web app's HTML, even with the app's catch-all in place; unknown routes and malformed URLs answer
// in the one error shape.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ WEB_DIST: makeWebDist().dist });
});
afterAll(() => t.close());

describe('GET /robots.txt', () => {
  it('is text: the public pages allowed, the API and the rest of the app disallowed, the sitemap named', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = res.body.split('\n');
    expect(lines).toContain('User-agent: *');
    expect(lines).toContain('Allow: /$');
    expect(lines).toContain('Allow: /privacy$');
    expect(lines).toContain('Disallow: /api/');
    expect(lines).toContain('Disallow: /');
    expect(lines).toContain(`Sitemap: ${BASE_URL}/sitemap.xml`);
    expect(res.body).not.toContain('<html');
  });

  it('a HEAD answers its headers', async () => {
    const res = await t.app.inject({ method: 'HEAD', url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.body).toBe('');
  });
});

describe('GET /sitemap.xml', () => {
  it('is XML listing each public page as an absolute URL', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.body.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expect(res.body).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const locs = [...res.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual([
      `${BASE_URL}/`,
      `${BASE_URL}/privacy`,
      `${BASE_URL}/terms`,
      `${BASE_URL}/cookies`,
      `${BASE_URL}/register`,
      `${BASE_URL}/login`,
    ]);
  });

  it('names only pages the web app has: each is a route of its router', () => {
    const router = readFileSync(new URL('../../web/src/app/router.tsx', import.meta.url), 'utf8');
    for (const path of publicPages) expect(router).toContain(`path: '${path}'`);
  });
});

describe('unknown routes and malformed URLs', () => {
  it('DELETE /api/pricing (a route that exists for GET only) is 404 in the one error shape', async () => {
    const res = await t.app.inject({ method: 'DELETE', url: '/api/pricing', headers: { origin: BASE_URL } });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(errorResponse.strict().parse(res.json())).toEqual({
      error: 'Route DELETE /api/pricing not found',
      code: 'NOT_FOUND',
    });
  });

  it('an unknown path under /api is 404 in the same shape for any method, never the app’s HTML', async () => {
    for (const method of ['GET', 'POST', 'PATCH', 'OPTIONS'] as const) {
      const res = await t.app.inject({
        method,
        url: '/api/no-such-thing?x=1',
        headers: { origin: BASE_URL },
      });
      expect(res.statusCode).toBe(404);
      expect(errorResponse.strict().parse(res.json())).toEqual({
        error: `Route ${method} /api/no-such-thing not found`,
        code: 'NOT_FOUND',
      });
    }
  });

  it('a malformed percent-encoding is 400 BAD_REQUEST in the one shape, not Fastify’s', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/projects/%zz' });
    expect(res.statusCode).toBe(400);
    const body = errorResponse.strict().parse(res.json());
    expect(body).toEqual({
      error: 'Malformed URL: /api/projects/%zz is not valid percent-encoding',
      code: 'BAD_REQUEST',
    });
  });
});
