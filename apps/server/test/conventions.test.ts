import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, buildTestApp, createUser, type TestApp, type TestUser } from './helpers';

let t: TestApp;
let user: TestUser;
beforeAll(async () => {
  t = await buildTestApp();
  user = await createUser(t.app, { role: 'borrower' });
});
afterAll(() => t.close());

describe('API conventions', () => {
  it('malformed JSON answers 400 with the error shape, not 500', async () => {
    const res = await as(t.app, user, {
      method: 'POST',
      url: '/api/auth/complete-profile',
      headers: { 'content-type': 'application/json' },
      payload: '{"company_name": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'BAD_REQUEST' });
    expect(typeof res.json().error).toBe('string');
  });

  it('wrong types answer 400 VALIDATION_FAILED naming the field', async () => {
    const res = await as(t.app, user, {
      method: 'POST',
      url: '/api/auth/complete-profile',
      payload: { company_name: 42, phone: ['0412345678'] },
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.details.map((d: { field: string }) => d.field)).toEqual(
      expect.arrayContaining(['company_name', 'phone']),
    );
  });

  it('unknown fields answer 400', async () => {
    const res = await as(t.app, user, {
      method: 'POST',
      url: '/api/auth/complete-profile',
      payload: { company_name: 'X', approved: true },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_FAILED');
  });

  it('a body over the 1 MiB limit answers 413', async () => {
    const res = await as(t.app, user, {
      method: 'POST',
      url: '/api/auth/complete-profile',
      payload: { bio: 'x'.repeat(1024 * 1024 + 10) },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('an unsupported content type answers 415', async () => {
    const res = await as(t.app, user, {
      method: 'POST',
      url: '/api/auth/set-role',
      headers: { 'content-type': 'text/xml' },
      payload: '<role>borrower</role>',
    });
    expect(res.statusCode).toBe(415);
  });

  it('an unknown API route, or a known path with a method it lacks, answers 404 in the error shape', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'Route GET /api/nothing-here not found', code: 'NOT_FOUND' });
    const method = await as(t.app, user, { method: 'DELETE', url: '/api/pricing' });
    expect(method.statusCode).toBe(404);
    expect(method.json()).toEqual({ error: 'Route DELETE /api/pricing not found', code: 'NOT_FOUND' });
  });

  it("Better Auth's refusals answer the same shape: its message is the error, its code kept", async () => {
    const wrong = await as(t.app, null, {
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: 'nobody@example.test', password: 'not-the-password' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.headers['content-type']).toMatch(/^application\/json/);
    expect(wrong.json()).toEqual({ error: 'Invalid email or password', code: 'INVALID_EMAIL_OR_PASSWORD' });
    const blank = await as(t.app, null, {
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { name: 'No Password', email: 'no-password@example.test', password: 'short' },
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toEqual({ error: 'Password too short', code: 'PASSWORD_TOO_SHORT' });
    // A cross-site write is refused by Better Auth's origin check, in the same shape.
    const crossSite = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: 'https://evil.example', cookie: user.cookie },
      payload: { email: 'nobody@example.test', password: 'not-the-password' },
    });
    expect(crossSite.statusCode).toBe(403);
    expect(Object.keys(crossSite.json()).sort()).toEqual(['code', 'error']);
  });

  it('health reports the database and the driver', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', database: 'up' });
    expect(['pglite', 'postgres']).toContain(res.json().driver);
  });

  it('every answer carries a request id and security headers with a real CSP', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    // Worked out once, the whole set helmet sets, on answers and refusals alike.
    for (const url of ['/api/health', '/api/nothing-here', '/api/projects']) {
      const answer = await t.app.inject({ method: 'GET', url });
      expect(answer.headers).toMatchObject({
        'x-frame-options': 'SAMEORIGIN',
        'referrer-policy': 'no-referrer',
        'cross-origin-opener-policy': 'same-origin',
        'cross-origin-resource-policy': 'same-origin',
        'x-dns-prefetch-control': 'off',
        'origin-agent-cluster': '?1',
        'x-download-options': 'noopen',
        'x-permitted-cross-domain-policies': 'none',
        'x-xss-protection': '0',
        'content-security-policy': res.headers['content-security-policy'],
      });
    }
  });

  it('OpenAPI documents the routes at /api/docs', async () => {
    const spec = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(spec.statusCode).toBe(200);
    const paths = Object.keys(spec.json().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/auth/me',
        '/api/auth/set-role',
        '/api/users/{id}/profile',
        '/api/health',
      ]),
    );
    const ui = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
  });
});
