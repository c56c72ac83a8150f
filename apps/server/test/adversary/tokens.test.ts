import { randomUUID } from 'node:crypto';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE_URL, buildTestApp, cookieFrom, createUser, type TestApp, type TestUser } from '../helpers';

// Issue 29 finding 1 as the attacker made it: ask for the admin's password reset, then look for
// the link anywhere a stranger can read; and the wider rule behind it: reset and verification
// tokens are readable by nobody but the person they were sent to (decision 045).

/** The tokens in the e-mails queued to `email`: reset links and verification links. */
async function tokensMailedTo(app: FastifyInstance, email: string): Promise<string[]> {
  const rows = await app.deps.db.selectFrom('outbox').select('payload').where('kind', '=', 'email').execute();
  const tokens: string[] = [];
  for (const { payload } of rows) {
    const mail = (typeof payload === 'string' ? JSON.parse(payload) : payload) as {
      to: string;
      text: string;
    };
    if (mail.to !== email) continue;
    for (const match of mail.text.matchAll(/\/reset-password\/([\w-]+)|verify-email\?token=([\w.-]+)/g)) {
      tokens.push((match[1] ?? match[2])!);
    }
  }
  return tokens;
}

let addresses = 0;
/** A stranger's POST, each from an address of its own (an attacker has many; no rate limit trips). */
const anonymousPost = (app: FastifyInstance, url: string, payload: object) =>
  app.inject({
    method: 'POST',
    url,
    headers: { origin: BASE_URL },
    remoteAddress: `203.0.113.${++addresses}`,
    payload,
  });

/** GET routes a signed-in caller cannot walk with app.inject: the live event stream never ends. */
const STREAMS = new Set(['/api/events']);

/**
 * Every GET route the server registers, called as `caller` (null: a stranger) with each path
 * parameter set to each of `ids`; the status, headers and body of every answer, as one text each.
 */
async function everyAnswer(app: FastifyInstance, caller: TestUser | null, ids: string[]): Promise<string[]> {
  const answers: string[] = [];
  const seen = new Set<string>();
  for (const route of app.registeredRoutes) {
    if (route.method !== 'GET' || seen.has(route.url) || (caller && STREAMS.has(route.url))) continue;
    seen.add(route.url);
    const urls = route.url.includes(':')
      ? ids.map((id) => route.url.replace(/:\w+/g, id))
      : [route.url.replace(/\*$/, 'reset-password')];
    for (const url of urls) {
      const options: InjectOptions = { method: 'GET', url, headers: caller ? { cookie: caller.cookie } : {} };
      const res = await app.inject(options);
      answers.push(`GET ${url} ${res.statusCode} ${JSON.stringify(res.headers)} ${res.body}`);
    }
  }
  return answers;
}

const leaks = (answers: string[], tokens: string[]) =>
  answers.filter((answer) => tokens.some((token) => answer.includes(token))).map((a) => a.slice(0, 200));

describe.each<[string, Record<string, string>]>([
  ['a production server (no DEV_MAIL)', { NODE_ENV: 'production' }],
  ["npm start's demo (DEV_MAIL=on)", { NODE_ENV: 'production', DEV_MAIL: 'on' }],
])('the takeover attempt against %s', (_, env) => {
  let t: TestApp;
  let admin: TestUser;
  beforeAll(async () => {
    t = await buildTestApp(env);
    admin = await createUser(t.app, { role: 'admin' });
  });
  afterAll(() => t?.close());

  it("asks for the admin's reset, finds its link nowhere a stranger can read, and cannot reset the password", async () => {
    const asked = await anonymousPost(t.app, '/api/auth/request-password-reset', {
      email: admin.email,
      redirectTo: '/reset-password',
    });
    expect(asked.statusCode).toBe(200);
    await t.app.outbox.drainOnce();
    const tokens = await tokensMailedTo(t.app, admin.email);
    expect(tokens).toHaveLength(1);

    const dev = await t.app.inject({ method: 'GET', url: '/dev/mail' });
    expect(dev.statusCode).toBe(env.DEV_MAIL === 'on' ? 401 : 404);
    expect(leaks(await everyAnswer(t.app, null, [admin.id, randomUUID()]), tokens)).toEqual([]);

    // Guessing does not work either: a made-up token is refused and the admin's password stands.
    const guessed = await anonymousPost(t.app, '/api/auth/reset-password', {
      token: randomUUID().replaceAll('-', '').slice(0, 24),
      newPassword: 'attacker-chosen-pw',
    });
    expect(guessed.statusCode).toBe(400);
    const attacker = await anonymousPost(t.app, '/api/auth/sign-in/email', {
      email: admin.email,
      password: 'attacker-chosen-pw',
    });
    expect(attacker.statusCode).toBe(401);
    const owner = await anonymousPost(t.app, '/api/auth/sign-in/email', {
      email: admin.email,
      password: admin.password,
    });
    expect(owner.statusCode).toBe(200);
  });
});

describe('reset and verification tokens are readable by nobody but their owner', () => {
  let t: TestApp;
  let owner: TestUser;
  let newcomer: { id: string; email: string; cookie: string };
  let others: TestUser[];
  let tokens: string[];
  beforeAll(async () => {
    t = await buildTestApp({ NODE_ENV: 'production' });
    owner = await createUser(t.app, { role: 'borrower', profile: 'default' });
    const reset = await anonymousPost(t.app, '/api/auth/request-password-reset', {
      email: owner.email,
      redirectTo: '/reset-password',
    });
    expect(reset.statusCode).toBe(200);
    const email = `newcomer-${randomUUID().slice(0, 8)}@example.com`;
    const signUp = await anonymousPost(t.app, '/api/auth/sign-up/email', {
      name: 'Nina Newcomer',
      email,
      password: 'newcomer-long-pw',
    });
    expect(signUp.statusCode).toBe(200);
    newcomer = { id: signUp.json().user.id, email, cookie: cookieFrom(signUp.headers['set-cookie']) };
    await t.app.outbox.drainOnce();
    tokens = [
      ...(await tokensMailedTo(t.app, owner.email)),
      ...(await tokensMailedTo(t.app, newcomer.email)),
    ];
    // One reset token and one verification token.
    expect(tokens).toHaveLength(2);
    others = [
      await createUser(t.app, { role: 'funder', profile: 'default', approved: true }),
      await createUser(t.app, { role: 'borrower', profile: 'default' }),
      await createUser(t.app, { role: 'admin' }),
    ];
  });
  afterAll(() => t?.close());

  it('no answer to a stranger holds either token, whatever ids the paths are given', async () => {
    const answers = await everyAnswer(t.app, null, [owner.id, newcomer.id, randomUUID()]);
    expect(answers.length).toBeGreaterThan(100);
    expect(leaks(answers, tokens)).toEqual([]);
  });

  it('no answer to another funder, developer or admin holds either token (their notifications and exports included)', async () => {
    for (const other of others) {
      const answers = await everyAnswer(t.app, other, [owner.id, newcomer.id, other.id]);
      expect(answers.length).toBeGreaterThan(100);
      // Their own 'Download my data', their notifications, and for the admin the whole export.
      const read = (path: string) => answers.find((a) => a.startsWith(`GET ${path} `))?.split(' ')[2];
      expect(read('/api/users/me/data'), `as ${other.email}`).toBe('200');
      expect(read('/api/notifications'), `as ${other.email}`).toBe('200');
      if (other === others[2]) expect(read('/api/admin/export-all-data')).toBe('200');
      expect(leaks(answers, tokens), `as ${other.email}`).toEqual([]);
    }
  });

  it("no answer to the newcomer holds the owner's reset token", async () => {
    const answers = await everyAnswer(t.app, { ...newcomer, password: '' }, [owner.id, newcomer.id]);
    expect(leaks(answers, tokens.slice(0, 1))).toEqual([]);
  });
});
