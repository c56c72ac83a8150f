import { signedLinkMessages } from '@plinth/domain/listing-alerts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signLink } from '../src/auth/signed-links';
import { sendCriteriaReminders } from '../src/modules/listing-alerts/criteria-reminders';
import { listingAlertsJob } from '../src/modules/listing-alerts/listing-alerts.service';
import { as, BASE_URL, buildTestApp, createUser, type TestApp, type TestUser } from './helpers';
import { auditFor, emailsTo } from './support/admin';
import { approveListing, saveCriteria } from './support/listing-alerts';
import { createFunder } from './support/marketplace';

// Issue 22 items 2 and 3 (decision 044): the links in alert and reminder e-mails act without
// signing in — unsubscribe from alert e-mails (GET from the e-mail, POST for RFC 8058 one-click),
// and confirm criteria as 'Still accurate'. Each is signed, names one user and one purpose, and
// expires; anything else is a 400 that changes nothing.

/** The test app's secret (helpers.ts): links signed here are the server's own. */
const SECRET = 'test-secret-0123456789-abcdefghijklmnop';
const DAY = 86_400_000;

let t: TestApp;
let admin: TestUser;
let owner: TestUser;
/** Active funders, reused: each test saves the criteria it needs. */
let alice: TestUser;
let bruno: TestUser;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await createUser(t.app, { role: 'admin', name: 'Alex Admin' });
  owner = await createUser(t.app, { role: 'borrower', profile: 'default', name: 'Dana Developer' });
  alice = await createFunder(t, 'active', { name: 'Alice Funder' });
  bruno = await createFunder(t, 'active', { name: 'Bruno Funder' });
}, 60_000);
afterAll(() => t.close());
beforeEach(async () => {
  await t.app.jobs.drain(listingAlertsJob);
  await t.database.db.deleteFrom('funder_criteria').execute();
});

const db = () => t.database.db;

const save = (funder: TestUser, criteria: Record<string, unknown> = {}) =>
  saveCriteria(t.app, funder, criteria);

/** A pending listing the admin approves, and its fan-out job worked. */
async function publish(overrides: Record<string, unknown> = {}) {
  const p = await approveListing(t.app, { admin, owner }, overrides);
  await t.app.jobs.drain(listingAlertsJob);
  return p.id;
}

const alertMails = async (funder: TestUser) =>
  (await emailsTo(db(), funder.email)).filter((m) => m.subject.startsWith('New listing'));
const reminderMails = async (funder: TestUser) =>
  (await emailsTo(db(), funder.email)).filter(
    (m) => m.subject === 'Are your lending criteria still accurate?',
  );

const settingsOf = (funder: TestUser) =>
  db()
    .selectFrom('funder_criteria')
    .select(['alert_email', 'confirmed_at'])
    .where('user_id', '=', funder.id)
    .executeTakeFirstOrThrow();

const auditsOf = async (funder: TestUser, action: string) =>
  (await auditFor(db(), funder.id)).filter((a) => a.action === action);

/** A link from an e-mail, as a path and query the app is asked for (the origin is BASE_URL). */
const pathOf = (url: string) => {
  expect(url.startsWith(`${BASE_URL}/`), url).toBe(true);
  return url.slice(BASE_URL.length);
};

// Anonymous requests: the links work without a session cookie.
const getUnsubscribe = (query: string) =>
  t.app.inject({ method: 'GET', url: `/api/listing-alerts/unsubscribe${query}` });
const postUnsubscribe = (query: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/listing-alerts/unsubscribe${query}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'List-Unsubscribe=One-Click',
  });
const getConfirm = (query: string) =>
  t.app.inject({ method: 'GET', url: `/api/listing-alerts/confirm-criteria${query}` });

const sign = (purpose: 'unsubscribe-alerts' | 'confirm-criteria', userId: string, expiresAt?: Date) =>
  signLink(SECRET, { purpose, userId, expiresAt: expiresAt ?? new Date(Date.now() + DAY) });

describe('the unsubscribe link of a real alert e-mail', () => {
  it('GET without a session: an HTML page, alert e-mails off, audited; in-app alerts go on', async () => {
    await save(alice, { states: ['NSW'] });
    await publish({ suburb: 'Ryde' });
    const [mail] = await alertMails(alice);
    const header = mail!.headers?.['List-Unsubscribe'];
    expect(header).toMatch(/^<.+>$/);
    const link = pathOf(header!.slice(1, -1));
    // The same link is in the e-mail's text and its HTML.
    expect(mail!.text).toContain(`Unsubscribe from these e-mails: ${BASE_URL}${link}`);
    expect(mail!.html).toContain(`href="${BASE_URL}${link.replaceAll('&', '&amp;')}"`);

    const res = await t.app.inject({ method: 'GET', url: link });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).toContain('<h1>You are unsubscribed</h1>');
    expect(res.body).toContain(`href="${BASE_URL}/settings"`);
    expect((await settingsOf(alice)).alert_email).toBe('off');
    const audits = await auditsOf(alice, 'funder_criteria.alerts_updated');
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      actor_id: alice.id,
      before: { email: 'instant' },
      after: { email: 'off', via: 'unsubscribe_link' },
    });
    // Opened again (a mail client's link scanner): still fine, nothing more audited.
    expect((await t.app.inject({ method: 'GET', url: link })).statusCode).toBe(200);
    expect(await auditsOf(alice, 'funder_criteria.alerts_updated')).toHaveLength(1);

    // A new matching listing: the in-app notification, no e-mail.
    const next = await publish({ suburb: 'Penrith' });
    const notified = await db()
      .selectFrom('notification')
      .select('message')
      .where('user_id', '=', alice.id)
      .where('related_id', '=', next)
      .execute();
    expect(notified).toEqual([
      { message: 'New listing matches your criteria: Residential, Penrith NSW, $4m' },
    ]);
    expect(await alertMails(alice)).toHaveLength(1);
  });

  it('POST List-Unsubscribe=One-Click (RFC 8058) to the link in the text works too', async () => {
    await save(bruno, { property_types: ['Residential'] });
    await publish();
    const [mail] = await alertMails(bruno);
    const url = /Unsubscribe from these e-mails: (\S+)/.exec(mail!.text)?.[1];
    expect(url).toBeDefined();
    const res = await t.app.inject({
      method: 'POST',
      url: pathOf(url!),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ unsubscribed: true });
    expect((await settingsOf(bruno)).alert_email).toBe('off');
    expect(await auditsOf(bruno, 'funder_criteria.alerts_updated')).toContainEqual(
      expect.objectContaining({ after: { email: 'off', via: 'unsubscribe_link' } }),
    );
  });
});

describe('one-click unsubscribe as mail clients send it (RFC 8058 §3.2)', () => {
  // The POST body SHOULD be multipart/form-data and MAY be application/x-www-form-urlencoded; the
  // client's own origin (or none) and no cookie.
  const boundary = '----plinth-test-boundary';
  const multipart = [
    `--${boundary}`,
    'Content-Disposition: form-data; name="List-Unsubscribe"',
    '',
    'One-Click',
    `--${boundary}--`,
    '',
  ].join('\r\n');

  it.each([
    ['multipart/form-data', `multipart/form-data; boundary=${boundary}`, multipart],
    [
      'x-www-form-urlencoded from another origin',
      'application/x-www-form-urlencoded',
      'List-Unsubscribe=One-Click',
    ],
  ])('%s', async (_, contentType, payload) => {
    await save(alice, {});
    const token = await sign('unsubscribe-alerts', alice.id);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/listing-alerts/unsubscribe?token=${token}`,
      headers: { 'content-type': contentType, origin: 'https://mail.example.net' },
      payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await settingsOf(alice)).alert_email).toBe('off');
  });
});

describe("the 'Still accurate' link of a real reminder e-mail", () => {
  it('confirms the criteria without a session: confirmed_at moves to now, audited', async () => {
    await save(alice, { states: ['NSW'] });
    const old = new Date(Date.now() - 24 * DAY);
    await db()
      .updateTable('funder_criteria')
      .set({ confirmed_at: old })
      .where('user_id', '=', alice.id)
      .execute();
    expect(await sendCriteriaReminders(t.app.deps)).toBe(1);
    const mail = (await reminderMails(alice)).at(-1)!;
    const url = /(\S+\/api\/listing-alerts\/confirm-criteria\?token=\S+)/.exec(mail.text)?.[1];
    expect(url).toBeDefined();
    expect(mail.html).toContain(`href="${url}"`);

    const before = Date.now();
    const res = await t.app.inject({ method: 'GET', url: pathOf(url!) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).toContain('<h1>Your lending criteria are confirmed</h1>');
    const confirmedAt = new Date((await settingsOf(alice)).confirmed_at).getTime();
    expect(confirmedAt).toBeGreaterThanOrEqual(before - 1000);
    expect(confirmedAt).toBeLessThanOrEqual(Date.now() + 1000);
    const audits = await auditsOf(alice, 'funder_criteria.confirmed');
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ actor_id: alice.id, after: { via: 'email_link' } });
  });

  it('still works a few days after the criteria paused, and resumes them', async () => {
    await save(bruno, {});
    // Confirmed 32 days ago (paused since day 30); the reminder went out on day 24.
    const confirmed = new Date(Date.now() - 32 * DAY);
    await db()
      .updateTable('funder_criteria')
      .set({ confirmed_at: confirmed })
      .where('user_id', '=', bruno.id)
      .execute();
    expect(await sendCriteriaReminders(t.app.deps, new Date(confirmed.getTime() + 24 * DAY))).toBe(1);
    const paused = await as(t.app, bruno, { method: 'GET', url: '/api/funder-criteria/alerts' });
    expect(paused.json()).toMatchObject({ paused: true });
    const url = /(\S+\/api\/listing-alerts\/confirm-criteria\?token=\S+)/.exec(
      (await reminderMails(bruno)).at(-1)!.text,
    )?.[1];
    expect((await t.app.inject({ method: 'GET', url: pathOf(url!) })).statusCode).toBe(200);
    const resumed = await as(t.app, bruno, { method: 'GET', url: '/api/funder-criteria/alerts' });
    expect(resumed.json()).toMatchObject({ paused: false });
  });
});

describe('a link that is not for this, or not valid: 400 and nothing changed', () => {
  /** Alice with saved criteria, alert e-mails on and confirmed 10 days ago; her state to compare. */
  async function aliceSaved() {
    await save(alice, {});
    const confirmed = new Date(Date.now() - 10 * DAY);
    await db()
      .updateTable('funder_criteria')
      .set({ confirmed_at: confirmed, alert_email: 'instant' })
      .where('user_id', '=', alice.id)
      .execute();
    return settingsOf(alice);
  }

  async function expectUnchanged(before: Awaited<ReturnType<typeof settingsOf>>, audits: number) {
    expect(await settingsOf(alice)).toEqual(before);
    expect(await auditFor(db(), alice.id)).toHaveLength(audits);
  }

  const expectPage = (res: Awaited<ReturnType<typeof getUnsubscribe>>, message: string) => {
    expect(res.statusCode, res.body).toBe(400);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).toContain('<h1>This link cannot be used</h1>');
    expect(res.body).toContain(message);
  };

  it('a confirm-criteria link used to unsubscribe, and an unsubscribe link used to confirm', async () => {
    const before = await aliceSaved();
    const audits = (await auditFor(db(), alice.id)).length;
    const confirmToken = await sign('confirm-criteria', alice.id);
    const unsubscribeToken = await sign('unsubscribe-alerts', alice.id);
    expectPage(await getUnsubscribe(`?token=${confirmToken}`), signedLinkMessages.invalid);
    expect((await postUnsubscribe(`?token=${confirmToken}`)).statusCode).toBe(400);
    expectPage(await getConfirm(`?token=${unsubscribeToken}`), signedLinkMessages.invalid);
    await expectUnchanged(before, audits);
    // Each does its own job.
    expect((await getConfirm(`?token=${confirmToken}`)).statusCode).toBe(200);
    expect((await getUnsubscribe(`?token=${unsubscribeToken}`)).statusCode).toBe(200);
  });

  it('a tampered link: another user in the payload, a changed signature, another secret', async () => {
    const before = await aliceSaved();
    const audits = (await auditFor(db(), alice.id)).length;
    const [header, , signature] = (await sign('unsubscribe-alerts', bruno.id)).split('.');
    // Bruno's signature on a payload naming Alice.
    const forged = Buffer.from(
      JSON.stringify({
        iss: 'plinth',
        aud: 'unsubscribe-alerts',
        sub: alice.id,
        exp: Date.now() / 1000 + 3600,
      }),
    ).toString('base64url');
    const own = (await sign('unsubscribe-alerts', alice.id)).split('.');
    const flipped = own[2]!.slice(0, 10) + (own[2]![10] === 'A' ? 'B' : 'A') + own[2]!.slice(11);
    const otherSecret = await signLink(`${SECRET}-other`, {
      purpose: 'unsubscribe-alerts',
      userId: alice.id,
      expiresAt: new Date(Date.now() + DAY),
    });
    for (const token of [
      `${header}.${forged}.${signature}`,
      `${own[0]}.${own[1]}.${flipped}`,
      otherSecret,
      `${own[0]}.${own[1]}.`,
      'not-a-token',
    ]) {
      expectPage(await getUnsubscribe(`?token=${token}`), signedLinkMessages.invalid);
      expect((await postUnsubscribe(`?token=${token}`)).statusCode).toBe(400);
    }
    await expectUnchanged(before, audits);
  });

  it('an expired link says it has expired', async () => {
    const before = await aliceSaved();
    const audits = (await auditFor(db(), alice.id)).length;
    const past = new Date(Date.now() - 60_000);
    const unsubscribe = await sign('unsubscribe-alerts', alice.id, past);
    const confirm = await sign('confirm-criteria', alice.id, past);
    expectPage(await getUnsubscribe(`?token=${unsubscribe}`), signedLinkMessages.expired);
    expectPage(await getConfirm(`?token=${confirm}`), signedLinkMessages.expired);
    const post = await postUnsubscribe(`?token=${unsubscribe}`);
    expect(post.statusCode).toBe(400);
    expect(post.json()).toMatchObject({ error: signedLinkMessages.expired, code: 'BAD_REQUEST' });
    await expectUnchanged(before, audits);
  });

  it('a missing or empty token', async () => {
    const before = await aliceSaved();
    const audits = (await auditFor(db(), alice.id)).length;
    for (const query of ['', '?token=']) {
      expectPage(await getUnsubscribe(query), signedLinkMessages.invalid);
      expectPage(await getConfirm(query), signedLinkMessages.invalid);
      expect((await postUnsubscribe(query)).statusCode).toBe(400);
    }
    await expectUnchanged(before, audits);
  });

  it('a link for an erased or unknown user', async () => {
    const before = await aliceSaved();
    const audits = (await auditFor(db(), alice.id)).length;
    const unsubscribe = await sign('unsubscribe-alerts', alice.id);
    const confirm = await sign('confirm-criteria', alice.id);
    await db().updateTable('user').set({ deleted_at: new Date() }).where('id', '=', alice.id).execute();
    try {
      expectPage(await getUnsubscribe(`?token=${unsubscribe}`), signedLinkMessages.invalid);
      expectPage(await getConfirm(`?token=${confirm}`), signedLinkMessages.invalid);
      expect((await postUnsubscribe(`?token=${unsubscribe}`)).statusCode).toBe(400);
    } finally {
      await db().updateTable('user').set({ deleted_at: null }).where('id', '=', alice.id).execute();
    }
    await expectUnchanged(before, audits);
    const unknown = 'user-that-never-was';
    expectPage(
      await getUnsubscribe(`?token=${await sign('unsubscribe-alerts', unknown)}`),
      signedLinkMessages.invalid,
    );
    expectPage(
      await getConfirm(`?token=${await sign('confirm-criteria', unknown)}`),
      signedLinkMessages.invalid,
    );
  });
});
