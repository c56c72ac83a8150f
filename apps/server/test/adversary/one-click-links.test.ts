import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { SignJWT } from 'jose';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { openDatabase } from '../../src/db/database';
import { sendCriteriaReminders } from '../../src/modules/listing-alerts/criteria-reminders';
import { listingAlertsJob } from '../../src/modules/listing-alerts/listing-alerts.service';
import { BASE_URL, buildTestApp, createUser, type TestApp, type TestUser } from '../helpers';
import { auditFor, emailsTo } from '../support/admin';
import { approveListing, saveCriteria } from '../support/listing-alerts';
import { createFunder } from '../support/marketplace';

// Issue 29 finding 8, as an outsider (or a mail scanner) would try it. The links in alert e-mails
// (unsubscribe) and reminders ('Still accurate') used to act on GET, a confirm link worked again
// and again until a week after the pause, and a token without an expiry was taken. Now: GET shows
// a page with one button and changes nothing; the button's POST (and RFC 8058's one-click POST
// from a mail provider, without cookies) does it; every token must carry an expiry; a confirm link
// works once, across instances, and not after the pause.

const SECRET = 'test-secret-0123456789-abcdefghijklmnop';
const DAY = 86_400_000;

let t: TestApp;
let admin: TestUser;
let owner: TestUser;
let funder: TestUser;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await createUser(t.app, { role: 'admin', name: 'Alex Admin' });
  owner = await createUser(t.app, { role: 'borrower', profile: 'default', name: 'Dana Developer' });
  funder = await createFunder(t, 'active', { name: 'Fiona Funder' });
}, 60_000);
afterAll(() => t.close());
beforeEach(async () => {
  await t.app.jobs.drain(listingAlertsJob);
  await t.database.db.deleteFrom('funder_criteria').execute();
  await t.database.db.deleteFrom('outbox').execute();
});

const db = () => t.database.db;

const state = () =>
  db()
    .selectFrom('funder_criteria')
    .select(['alert_email', 'confirmed_at'])
    .where('user_id', '=', funder.id)
    .executeTakeFirstOrThrow();
const audits = async () =>
  (await auditFor(db(), funder.id)).filter((a) => a.action.startsWith('funder_criteria.'));

/** A link from an e-mail as the path and query the app is asked for. */
const pathOf = (url: string) => {
  expect(url.startsWith(`${BASE_URL}/`), url).toBe(true);
  return url.slice(BASE_URL.length);
};

/** The unsubscribe link of a real alert e-mail (a listing that matches Fiona's criteria). */
async function unsubscribeLink() {
  await saveCriteria(t.app, funder, { states: ['NSW'] });
  await approveListing(t.app, { admin, owner });
  await t.app.jobs.drain(listingAlertsJob);
  const mail = (await emailsTo(db(), funder.email)).find((m) => m.subject.startsWith('New listing'));
  const header = mail?.headers?.['List-Unsubscribe'];
  expect(header).toMatch(/^<.+>$/);
  return pathOf(header!.slice(1, -1));
}

/** The 'Still accurate' link of a real reminder, for criteria confirmed `daysAgo` days before `sentAt`. */
async function confirmLink(daysAgo = 24, sentAt = new Date()) {
  await saveCriteria(t.app, funder, { states: ['NSW'] });
  await db()
    .updateTable('funder_criteria')
    .set({ confirmed_at: new Date(sentAt.getTime() - daysAgo * DAY) })
    .where('user_id', '=', funder.id)
    .execute();
  expect(await sendCriteriaReminders(t.app.deps, sentAt)).toBe(1);
  const mail = (await emailsTo(db(), funder.email)).find(
    (m) => m.subject === 'Are your lending criteria still accurate?',
  );
  const url = /(\S+\/api\/listing-alerts\/confirm-criteria\?token=\S+)/.exec(mail!.text)?.[1];
  expect(url).toBeDefined();
  return pathOf(url!);
}

const get = (app: FastifyInstance, url: string) => app.inject({ method: 'GET', url });
/** The page's button as a browser sends it: a form POST, the same URL, no cookie. */
const pressButton = (app: FastifyInstance, url: string) =>
  app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: BASE_URL },
    payload: '',
  });

/** A page of these links: HTML in en-AU, no script anywhere, its h1. */
function expectPage(res: Awaited<ReturnType<typeof get>>, status: number, title: string) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
  expect(res.body).toContain('<html lang="en-AU">');
  expect(res.body).toContain(`<h1>${title}</h1>`);
  expect(res.body).not.toMatch(/<script|javascript:|\son[a-z]+=/i);
  expect(String(res.headers['content-security-policy'])).toContain("script-src 'self'");
  expect(res.headers['cache-control']).toBe('no-store');
  expect(res.headers['referrer-policy']).toBe('no-referrer');
}

/** The one form of a GET page: POST to the very link, one button saying what it does. */
function expectOneButton(res: Awaited<ReturnType<typeof get>>, link: string, button: string) {
  expect(res.body.match(/<form/g)).toHaveLength(1);
  expect(res.body.match(/<button/g)).toHaveLength(1);
  expect(res.body).toContain(`<form method="post" action="${link.replaceAll('&', '&amp;')}">`);
  expect(res.body).toContain(`<button type="submit">${button}</button>`);
}

const expectNoForm = (res: Awaited<ReturnType<typeof get>>) => {
  expect(res.body).not.toContain('<form');
  expect(res.body).not.toContain('<button');
};

describe('unsubscribe: GET asks, POST acts', () => {
  it('a mail scanner opening the link (GET, HEAD) changes nothing; the page has one button', async () => {
    const link = await unsubscribeLink();
    const before = await state();
    const count = (await audits()).length;
    expect(before.alert_email).toBe('instant');
    for (let i = 0; i < 3; i++) {
      const res = await get(t.app, link);
      expectPage(res, 200, 'Unsubscribe from listing alert e-mails');
      expectOneButton(res, link, 'Stop listing alert e-mails');
    }
    expect((await t.app.inject({ method: 'HEAD', url: link })).statusCode).toBe(200);
    expect(await state()).toEqual(before);
    expect(await audits()).toHaveLength(count);
  });

  it("the page's button (POST, no cookie) unsubscribes and says so", async () => {
    const link = await unsubscribeLink();
    const res = await pressButton(t.app, link);
    expectPage(res, 200, 'You are unsubscribed');
    expectNoForm(res);
    expect((await state()).alert_email).toBe('off');
    expect((await audits()).at(-1)).toMatchObject({
      action: 'funder_criteria.alerts_updated',
      after: { email: 'off', via: 'unsubscribe_link' },
    });
  });

  // RFC 8058 §3.2: the mail provider POSTs 'List-Unsubscribe=One-Click' to the header's URL,
  // multipart (SHOULD) or URL-encoded (MAY), from its own origin or none, with no cookie.
  const boundary = '----rfc8058-boundary';
  const multipart = [
    `--${boundary}`,
    'Content-Disposition: form-data; name="List-Unsubscribe"',
    '',
    'One-Click',
    `--${boundary}--`,
    '',
  ].join('\r\n');
  for (const [what, headers, payload] of [
    [
      'multipart/form-data, no origin',
      { 'content-type': `multipart/form-data; boundary=${boundary}` },
      multipart,
    ],
    [
      'x-www-form-urlencoded from the provider',
      { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://mail.example.net' },
      'List-Unsubscribe=One-Click',
    ],
  ] as const) {
    it(`RFC 8058 one-click POST (${what}) unsubscribes`, async () => {
      const link = await unsubscribeLink();
      const res = await t.app.inject({ method: 'POST', url: link, headers, payload });
      expect(res.statusCode, res.body).toBe(200);
      expect((await state()).alert_email).toBe('off');
    });
  }
});

describe("'Still accurate': GET asks, POST confirms, once", () => {
  it('GET changes nothing and shows one button; POST confirms; a second POST says it was already used', async () => {
    const link = await confirmLink();
    const before = await state();
    const count = (await audits()).length;
    const ask = await get(t.app, link);
    expectPage(ask, 200, 'Are your lending criteria still accurate?');
    expectOneButton(ask, link, 'Confirm my criteria are still accurate');
    expect(await state()).toEqual(before);
    expect(await audits()).toHaveLength(count);

    const startedAt = Date.now();
    const done = await pressButton(t.app, link);
    expectPage(done, 200, 'Your lending criteria are confirmed');
    expectNoForm(done);
    const confirmed = await state();
    expect(new Date(confirmed.confirmed_at).getTime()).toBeGreaterThanOrEqual(startedAt - 1000);
    expect((await audits()).at(-1)).toMatchObject({
      action: 'funder_criteria.confirmed',
      after: { via: 'email_link' },
    });

    const again = await pressButton(t.app, link);
    expectPage(again, 409, 'This link has already been used');
    expectNoForm(again);
    expect(again.body).toContain('nothing has changed');
    const opened = await get(t.app, link);
    expectPage(opened, 409, 'This link has already been used');
    expectNoForm(opened);
    expect(await state()).toEqual(confirmed);
    expect(await audits()).toHaveLength(count + 1);
  });

  it('the same link pressed on two server instances at once confirms once', async () => {
    const link = await confirmLink();
    const count = (await audits()).length;
    const other = await secondInstance();
    try {
      const answers = await Promise.all([pressButton(t.app, link), pressButton(other.app, link)]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    } finally {
      await other.close();
    }
    const added = (await audits()).slice(count);
    expect(added.map((a) => a.action)).toEqual(['funder_criteria.confirmed']);
  });

  it('a link sent before the pause no longer works after it: expired, and the alerts stay paused', async () => {
    // Confirmed 32 days ago; the reminder went out on day 24; the criteria paused on day 30.
    const confirmedAt = new Date(Date.now() - 32 * DAY);
    const link = await confirmLink(24, new Date(confirmedAt.getTime() + 24 * DAY));
    const before = await state();
    const count = (await audits()).length;
    for (const res of [await get(t.app, link), await pressButton(t.app, link)]) {
      expectPage(res, 410, 'This link has expired');
      expectNoForm(res);
      expect(res.body).toContain('confirm your lending criteria from your dashboard');
    }
    expect(await state()).toEqual(before);
    expect(await audits()).toHaveLength(count);
  });
});

/** A token signed with the server's real key, with the claims given (a forger who has the key). */
const keyOf = (secret: string) => createHash('sha256').update(`plinth signed links\0${secret}`).digest();
function handMade(claims: Record<string, unknown>, options: { exp?: number | null } = {}) {
  const jwt = new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuer('plinth')
    .setSubject(funder.id)
    .setIssuedAt();
  if (options.exp !== null) jwt.setExpirationTime(options.exp ?? Math.floor(Date.now() / 1000) + 3600);
  return jwt.sign(keyOf(SECRET));
}

describe('tokens the server must refuse: a page that says so, and nothing changes', () => {
  async function expectRefused(url: string, status: number, title: string) {
    const before = await state();
    const count = (await audits()).length;
    for (const res of [await get(t.app, url), await pressButton(t.app, url)]) {
      expectPage(res, status, title);
      expectNoForm(res);
    }
    expect(await state()).toEqual(before);
    expect(await audits()).toHaveLength(count);
  }

  it('a token without an expiry claim (the same token with one works: the key is right)', async () => {
    await saveCriteria(t.app, funder, {});
    const confirmedAt = new Date((await state()).confirmed_at).getTime();
    const claims = { confirmed_at: confirmedAt };
    const withExp = await handMade({ aud: 'unsubscribe-alerts' });
    expect((await get(t.app, `/api/listing-alerts/unsubscribe?token=${withExp}`)).statusCode).toBe(200);
    const confirmWithExp = await handMade({ aud: 'confirm-criteria', ...claims });
    expect(
      (await get(t.app, `/api/listing-alerts/confirm-criteria?token=${confirmWithExp}`)).statusCode,
    ).toBe(200);

    const noExp = await handMade({ aud: 'unsubscribe-alerts' }, { exp: null });
    await expectRefused(`/api/listing-alerts/unsubscribe?token=${noExp}`, 400, 'This link cannot be used');
    const confirmNoExp = await handMade({ aud: 'confirm-criteria', ...claims }, { exp: null });
    await expectRefused(
      `/api/listing-alerts/confirm-criteria?token=${confirmNoExp}`,
      400,
      'This link cannot be used',
    );
  });

  it('an expired unsubscribe link says it has expired and what to do instead', async () => {
    await saveCriteria(t.app, funder, {});
    const expired = await handMade(
      { aud: 'unsubscribe-alerts' },
      { exp: Math.floor(Date.now() / 1000) - 60 },
    );
    const url = `/api/listing-alerts/unsubscribe?token=${expired}`;
    await expectRefused(url, 410, 'This link has expired');
    expect((await get(t.app, url)).body).toContain('turn them off in Settings');
  });

  it('tampered: another user, a changed signature, another purpose, alg none, another key', async () => {
    const link = await unsubscribeLink();
    const token = new URL(link, BASE_URL).searchParams.get('token')!;
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const other = await createFunder(t, 'active', { name: 'Olga Other' });
    const swapped = Buffer.from(JSON.stringify({ ...claims, sub: other.id })).toString('base64url');
    const flipped = signature.slice(0, 5) + (signature[5] === 'A' ? 'B' : 'A') + signature.slice(6);
    const none = `${Buffer.from(JSON.stringify({ alg: 'none' })).toString('base64url')}.${payload}.`;
    const otherKey = await new SignJWT({ aud: 'unsubscribe-alerts' })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer('plinth')
      .setSubject(funder.id)
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(keyOf(`${SECRET}-guessed`));
    for (const forged of [
      `${header}.${swapped}.${signature}`,
      `${header}.${payload}.${flipped}`,
      none,
      otherKey,
    ])
      await expectRefused(`/api/listing-alerts/unsubscribe?token=${forged}`, 400, 'This link cannot be used');
    // The unsubscribe token on the confirm link.
    await expectRefused(
      `/api/listing-alerts/confirm-criteria?token=${token}`,
      400,
      'This link cannot be used',
    );
    // A confirm token without the confirmation it was sent for.
    const unbound = await handMade({ aud: 'confirm-criteria' });
    await expectRefused(
      `/api/listing-alerts/confirm-criteria?token=${unbound}`,
      400,
      'This link cannot be used',
    );
    // No token, an empty one, two of them.
    for (const query of ['', '?token=', `?token=${token}&token=${token}`])
      await expectRefused(`/api/listing-alerts/unsubscribe${query}`, 400, 'This link cannot be used');
  });
});

/**
 * Another server process on the same database: on PostgreSQL a second app on the test's schema (its
 * own pool); the embedded PGlite database is one process's, so there the same app answers twice.
 */
async function secondInstance(): Promise<{ app: FastifyInstance; close(): Promise<void> }> {
  const url = process.env.PLINTH_TEST_DB === 'postgres' ? process.env.TEST_DATABASE_URL : undefined;
  if (!url) return { app: t.app, close: async () => {} };
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db());
  const database = await openDatabase({ kind: 'postgres', url, schema: rows[0]!.schema });
  const dataDir = mkdtempSync(join(tmpdir(), 'plinth-api-test-'));
  const app = await buildApp({
    config: loadConfig({
      DATA_DIR: dataDir,
      NODE_ENV: 'test',
      BASE_URL,
      LOG_LEVEL: 'silent',
      WEB_DIST: '/nonexistent-web-dist',
    }),
    database,
    authSecret: SECRET,
    logger: false,
  });
  await app.ready();
  return {
    app,
    async close() {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
