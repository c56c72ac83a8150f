import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, BASE_URL, buildTestApp, cookieFrom, createUser, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  // The dev inbox on, as `npm start` runs it: the outbox test reads it as an admin.
  t = await buildTestApp({ DEV_MAIL: 'on' });
});
afterAll(() => t.close());

const signUp = (body: Record<string, unknown>, ip = '10.0.0.1') =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    headers: { origin: BASE_URL },
    remoteAddress: ip,
    payload: body,
  });

const signIn = (email: string, password: string, ip = '10.0.0.2') =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: { origin: BASE_URL },
    remoteAddress: ip,
    payload: { email, password },
  });

describe('sign-up', () => {
  it('sign-up: creates a user without a role, sets an HttpOnly SameSite=Lax session cookie and queues a verification e-mail', async () => {
    const res = await signUp({ name: 'Sam Sign-up', email: 'sam@example.com', password: 'long-enough-pw' });
    expect(res.statusCode).toBe(200);
    const setCookie = [res.headers['set-cookie']].flat().join('\n');
    expect(setCookie).toMatch(/session_token=/);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).not.toMatch(/Secure/); // BASE_URL is http in tests

    const me = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { cookie: cookieFrom(res.headers['set-cookie']) },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      email: 'sam@example.com',
      name: 'Sam Sign-up',
      role: null,
      approved: false,
      profile_completed: false,
      subscription_status: 'none',
    });

    const mail = await t.database.db
      .selectFrom('outbox')
      .select('payload')
      .where('kind', '=', 'email')
      .execute();
    const verification = mail
      .map((m) => m.payload as { to: string; subject: string; text: string })
      .find((m) => m.to === 'sam@example.com');
    expect(verification?.subject).toBe('Confirm your e-mail for Plinth');
    expect(verification?.text).toContain('/api/auth/verify-email?token=');
  });

  it('sign-up: a role sent in the body is ignored — nobody makes themselves an admin', async () => {
    const res = await signUp({
      name: 'Mallory',
      email: 'mallory@example.com',
      password: 'long-enough-pw',
      role: 'admin',
      approved: true,
    });
    // Better Auth refuses fields that are not inputs; either way no admin comes out of it.
    const user = await t.database.db
      .selectFrom('user')
      .select(['role', 'approved'])
      .where('email', '=', 'mallory@example.com')
      .executeTakeFirst();
    expect(res.statusCode === 400 || user?.role === null).toBe(true);
    if (user) expect(user).toEqual({ role: null, approved: false });
  });

  it('sign-up: a second account with the same e-mail is refused', async () => {
    await signUp({ name: 'Dup', email: 'dup@example.com', password: 'long-enough-pw' }, '10.0.1.1');
    const res = await signUp(
      { name: 'Dup', email: 'dup@example.com', password: 'long-enough-pw' },
      '10.0.1.2',
    );
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
  });

  it('sign-up: a password under 8 characters is refused with 400', async () => {
    const res = await signUp({ name: 'Short', email: 'short@example.com', password: 'short' }, '10.0.2.1');
    expect(res.statusCode).toBe(400);
  });
});

describe('sign-in and sign-out', () => {
  it('sign-in: the right password gives a session that /api/auth/me accepts; sign-out ends it', async () => {
    const user = await createUser(t.app, { role: 'borrower', profile: 'default' });
    const res = await signIn(user.email, user.password, '10.0.3.1');
    expect(res.statusCode).toBe(200);
    const cookie = cookieFrom(res.headers['set-cookie']);
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
    expect(me.json()).toMatchObject({ id: user.id, role: 'borrower', profile_completed: true });

    // Sign-out with an empty JSON body must not trip Fastify's empty-body error.
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { cookie, origin: BASE_URL, 'content-type': 'application/json' },
      payload: '',
    });
    expect(out.statusCode).toBe(200);
    const after = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
    expect(after.statusCode).toBe(401);
  });

  it('sign-in: a wrong password is refused with 401', async () => {
    const user = await createUser(t.app);
    const res = await signIn(user.email, 'not-the-password', '10.0.4.1');
    expect(res.statusCode).toBe(401);
  });

  it('sign-in: repeated attempts from one address are rate limited with 429', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await signIn('nobody@example.com', 'whatever-pw', '10.9.9.9')).statusCode);
    expect(statuses).toContain(429);
  });

  it('me: without a session answers 401 with the error shape', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/me' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: 'Please sign in to continue', code: 'UNAUTHENTICATED' });
  });

  it('bearer: an API client can use the session token as a bearer token', async () => {
    const user = await createUser(t.app, { role: 'funder', profile: 'default' });
    const token = decodeURIComponent(user.cookie.split('=')[1]!.split(';')[0]!).split('.')[0];
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().id).toBe(user.id);
  });
});

describe('password reset', () => {
  it('request-password-reset: queues an e-mail with a reset link for a known address', async () => {
    const user = await createUser(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      headers: { origin: BASE_URL },
      remoteAddress: '10.0.5.1',
      payload: { email: user.email, redirectTo: '/reset-password' },
    });
    expect(res.statusCode).toBe(200);
    const mail = await t.database.db
      .selectFrom('outbox')
      .select('payload')
      .where('kind', '=', 'email')
      .execute();
    const reset = mail
      .map((m) => m.payload as { to: string; subject: string; text: string })
      .find((m) => m.to === user.email);
    expect(reset?.subject).toBe('Reset your Plinth password');
    expect(reset?.text).toMatch(/reset-password/);
  });

  it('outbox: the worker marks queued e-mails as delivered (dev inbox) and /dev/mail shows them to an admin only', async () => {
    const handled = await t.app.outbox.drainOnce();
    expect(handled).toBeGreaterThan(0);
    const pending = await t.database.db
      .selectFrom('outbox')
      .select('id')
      .where('status', '=', 'pending')
      .execute();
    expect(pending).toHaveLength(0);
    const admin = await createUser(t.app, { role: 'admin' });
    const funder = await createUser(t.app, { role: 'funder' });
    expect((await as(t.app, null, { method: 'GET', url: '/dev/mail' })).statusCode).toBe(401);
    expect((await as(t.app, funder, { method: 'GET', url: '/dev/mail' })).statusCode).toBe(403);
    const page = await as(t.app, admin, { method: 'GET', url: '/dev/mail' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.body).toContain('Reset your Plinth password');
  });
});
