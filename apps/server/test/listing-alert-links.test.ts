import { alertLinkPages, type LinkPage } from '@plinth/domain/alert-links';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signLink } from '../src/auth/signed-links';
import { sendCriteriaReminders } from '../src/modules/listing-alerts/criteria-reminders';
import { listingAlertsJob } from '../src/modules/listing-alerts/listing-alerts.service';
import { as, BASE_URL, buildTestApp, createUser, type TestApp, type TestUser } from './helpers';
import { auditFor, emailsTo } from './support/admin';
import { approveListing, saveCriteria } from './support/listing-alerts';
import { createFunder } from './support/marketplace';

// Issue 22 items 2 and 3 (decision 044), issue 29 finding 8 (decision 048): the links in alert and
// reminder e-mails work without signing in — unsubscribe from alert e-mails, and confirm criteria
// as 'Still accurate'. Opening one (GET) shows a page with one button and changes nothing; the
// button's POST (and RFC 8058's one-click POST) acts. Each is signed, names one user and one
// purpose, and expires; a confirm link works once, until the criteria pause; anything else is a
// page saying why, and nothing changes. The outsider's view of the same is adversary/one-click-links.

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
const postConfirm = (query: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/listing-alerts/confirm-criteria${query}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: '',
  });
/** The page's one button, as a browser sends it: the same URL, a form, no cookie. */
const press = (url: string) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: BASE_URL },
    payload: '',
  });

/** An unsubscribe link for `userId` issued at `issuedAt` (now by default). */
const signUnsubscribe = (userId: string, issuedAt = new Date()) =>
  signLink(SECRET, { purpose: 'unsubscribe-alerts', userId, issuedAt });
/** A 'Still accurate' link about the criteria confirmation at `confirmedAt` (expires when they pause). */
const signConfirm = (userId: string, confirmedAt: Date) =>
  signLink(SECRET, { purpose: 'confirm-criteria', userId, confirmedAt });
/** A 'Still accurate' link about the funder's current confirmation, as the reminder job signs it. */
const signConfirmNow = async (funder: TestUser) =>
  signConfirm(funder.id, new Date((await settingsOf(funder)).confirmed_at));

/** Text as the pages write it (HTML-escaped). */
const html = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A page of these links: its status, HTML, its heading and text. */
function expectLinkPage(res: Awaited<ReturnType<typeof getUnsubscribe>>, status: number, page: LinkPage) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
  expect(res.body).toContain(`<h1>${html(page.title)}</h1>`);
  expect(res.body).toContain(`<p>${html(page.text)}</p>`);
  expect(res.body).toContain(`href="${BASE_URL}/settings"`);
  if (page.button) expect(res.body).toContain(`<button type="submit">${html(page.button)}</button>`);
  else expect(res.body).not.toContain('<form');
}

const sydney = (at: Date) =>
  new Intl.DateTimeFormat('en-AU', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Australia/Sydney',
  }).format(at);
const dates = {
  day: sydney,
  time: (at: Date) =>
    new Intl.DateTimeFormat('en-AU', {
      hour: 'numeric',
      minute: '2-digit',
      hour12: true,
      timeZone: 'Australia/Sydney',
    }).format(at),
};

describe('the unsubscribe link of a real alert e-mail', () => {
  it('GET without a session: a page with one button, nothing changed; the button turns alert e-mails off, audited once; in-app alerts go on', async () => {
    await save(alice, { states: ['NSW'] });
    await publish({ suburb: 'Ryde' });
    const [mail] = await alertMails(alice);
    const header = mail!.headers?.['List-Unsubscribe'];
    expect(header).toMatch(/^<.+>$/);
    expect(mail!.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const link = pathOf(header!.slice(1, -1));
    // The same link is in the e-mail's text and its HTML.
    expect(mail!.text).toContain(`Unsubscribe from these e-mails: ${BASE_URL}${link}`);
    expect(mail!.html).toContain(`href="${BASE_URL}${link.replaceAll('&', '&amp;')}"`);

    // Opened (by the funder, or a mail client's link scanner, again and again): it only asks.
    for (let i = 0; i < 2; i++) {
      const res = await t.app.inject({ method: 'GET', url: link });
      expectLinkPage(res, 200, alertLinkPages.askUnsubscribe);
      expect(res.body).toContain(`<form method="post" action="${link}">`);
    }
    expect((await settingsOf(alice)).alert_email).toBe('instant');
    expect(await auditsOf(alice, 'funder_criteria.alerts_updated')).toEqual([]);

    const res = await press(link);
    expectLinkPage(res, 200, alertLinkPages.unsubscribed);
    expect((await settingsOf(alice)).alert_email).toBe('off');
    const audits = await auditsOf(alice, 'funder_criteria.alerts_updated');
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      actor_id: alice.id,
      before: { email: 'instant' },
      after: { email: 'off', via: 'unsubscribe_link' },
    });
    // Pressed again (or the provider's one-click POST after it): still fine, nothing more audited.
    expectLinkPage(await press(link), 200, alertLinkPages.unsubscribed);
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
    expectLinkPage(res, 200, alertLinkPages.unsubscribed);
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
    const token = await signUnsubscribe(alice.id);
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
  it('GET without a session asks and changes nothing; the button confirms (confirmed_at moves to now, audited); once only', async () => {
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
    const link = pathOf(url!);

    const ask = await t.app.inject({ method: 'GET', url: link });
    expectLinkPage(ask, 200, alertLinkPages.askConfirm(new Date(old.getTime() + 30 * DAY), dates));
    expect(ask.body).toContain(`<form method="post" action="${link}">`);
    expect(new Date((await settingsOf(alice)).confirmed_at).toISOString()).toBe(old.toISOString());
    expect(await auditsOf(alice, 'funder_criteria.confirmed')).toEqual([]);

    const before = Date.now();
    const res = await press(link);
    const confirmedAt = new Date((await settingsOf(alice)).confirmed_at);
    expectLinkPage(res, 200, alertLinkPages.confirmed(new Date(confirmedAt.getTime() + 30 * DAY), dates));
    expect(confirmedAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(confirmedAt.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
    const audits = await auditsOf(alice, 'funder_criteria.confirmed');
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ actor_id: alice.id, after: { via: 'email_link' } });

    // The same link again, pressed or opened: already used, nothing changed.
    const used = alertLinkPages.alreadyUsed(confirmedAt, new Date(confirmedAt.getTime() + 30 * DAY), dates);
    expectLinkPage(await press(link), 409, used);
    expectLinkPage(await t.app.inject({ method: 'GET', url: link }), 409, used);
    expect(new Date((await settingsOf(alice)).confirmed_at).toISOString()).toBe(confirmedAt.toISOString());
    expect(await auditsOf(alice, 'funder_criteria.confirmed')).toHaveLength(1);
  });

  it('a link about an older confirmation (confirmed in the app since) no longer confirms', async () => {
    await save(alice, {});
    const old = new Date(Date.now() - 25 * DAY);
    await db()
      .updateTable('funder_criteria')
      .set({ confirmed_at: old })
      .where('user_id', '=', alice.id)
      .execute();
    const token = await signConfirm(alice.id, old);
    expect((await as(t.app, alice, { method: 'POST', url: '/api/funder-criteria/confirm' })).statusCode).toBe(
      200,
    );
    const confirmedAt = new Date((await settingsOf(alice)).confirmed_at);
    const res = await postConfirm(`?token=${token}`);
    expectLinkPage(
      res,
      409,
      alertLinkPages.alreadyUsed(confirmedAt, new Date(confirmedAt.getTime() + 30 * DAY), dates),
    );
    expect(new Date((await settingsOf(alice)).confirmed_at).toISOString()).toBe(confirmedAt.toISOString());
  });

  it('no longer works once the criteria paused: expired, nothing changed; Confirm in the app resumes them', async () => {
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
    // The token's expiry is the pause, to the second.
    const pausedAt = new Date(Math.floor((confirmed.getTime() + 30 * DAY) / 1000) * 1000);
    const expired = alertLinkPages.confirmExpired(pausedAt, dates);
    expectLinkPage(await t.app.inject({ method: 'GET', url: pathOf(url!) }), 410, expired);
    expectLinkPage(await press(pathOf(url!)), 410, expired);
    expect(new Date((await settingsOf(bruno)).confirmed_at).toISOString()).toBe(confirmed.toISOString());
    expect(
      (await as(t.app, bruno, { method: 'GET', url: '/api/funder-criteria/alerts' })).json(),
    ).toMatchObject({
      paused: true,
    });
    expect((await as(t.app, bruno, { method: 'POST', url: '/api/funder-criteria/confirm' })).statusCode).toBe(
      200,
    );
    const resumed = await as(t.app, bruno, { method: 'GET', url: '/api/funder-criteria/alerts' });
    expect(resumed.json()).toMatchObject({ paused: false });
  });
});

describe('a link that is not for this, or not valid: a page that says so, and nothing changed', () => {
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

  const invalid = (res: Awaited<ReturnType<typeof getUnsubscribe>>) =>
    expectLinkPage(res, 400, alertLinkPages.invalid);

  it('a confirm-criteria link used to unsubscribe, and an unsubscribe link used to confirm', async () => {
    const before = await aliceSaved();
    const audits = (await auditFor(db(), alice.id)).length;
    const confirmToken = await signConfirmNow(alice);
    const unsubscribeToken = await signUnsubscribe(alice.id);
    invalid(await getUnsubscribe(`?token=${confirmToken}`));
    invalid(await postUnsubscribe(`?token=${confirmToken}`));
    invalid(await getConfirm(`?token=${unsubscribeToken}`));
    invalid(await postConfirm(`?token=${unsubscribeToken}`));
    await expectUnchanged(before, audits);
    // Each does its own job.
    expect((await postConfirm(`?token=${confirmToken}`)).statusCode).toBe(200);
    expect((await postUnsubscribe(`?token=${unsubscribeToken}`)).statusCode).toBe(200);
  });

  it('a tampered link: another user in the payload, a changed signature, another secret', async () => {
    const before = await aliceSaved();
    const audits = (await auditFor(db(), alice.id)).length;
    const [header, , signature] = (await signUnsubscribe(bruno.id)).split('.');
    // Bruno's signature on a payload naming Alice.
    const now = Math.floor(Date.now() / 1000);
    const forged = Buffer.from(
      JSON.stringify({ iss: 'plinth', aud: 'unsubscribe-alerts', sub: alice.id, iat: now, exp: now + 3600 }),
    ).toString('base64url');
    const own = (await signUnsubscribe(alice.id)).split('.');
    const flipped = own[2]!.slice(0, 10) + (own[2]![10] === 'A' ? 'B' : 'A') + own[2]!.slice(11);
    const otherSecret = await signLink(`${SECRET}-other`, {
      purpose: 'unsubscribe-alerts',
      userId: alice.id,
      issuedAt: new Date(),
    });
    // A confirm link naming another confirmation than it was signed for.
    const [cHeader, cPayload, cSignature] = (await signConfirmNow(alice)).split('.');
    const moved = JSON.parse(Buffer.from(cPayload!, 'base64url').toString());
    moved.confirmed_at += 1;
    const rebound = `${cHeader}.${Buffer.from(JSON.stringify(moved)).toString('base64url')}.${cSignature}`;
    for (const token of [
      `${header}.${forged}.${signature}`,
      `${own[0]}.${own[1]}.${flipped}`,
      otherSecret,
      `${own[0]}.${own[1]}.`,
      'not-a-token',
      'x'.repeat(3000),
    ]) {
      invalid(await getUnsubscribe(`?token=${token}`));
      invalid(await postUnsubscribe(`?token=${token}`));
    }
    invalid(await getConfirm(`?token=${rebound}`));
    invalid(await postConfirm(`?token=${rebound}`));
    await expectUnchanged(before, audits);
  });

  it('an expired link says it has expired and what to do instead', async () => {
    const before = await aliceSaved();
    const audits = (await auditFor(db(), alice.id)).length;
    // Issued 90 days and a minute ago; about a confirmation 30 days and a minute old (paused a minute ago).
    const unsubscribe = await signUnsubscribe(alice.id, new Date(Date.now() - 90 * DAY - 60_000));
    const confirmedAt = new Date(Date.now() - 30 * DAY - 60_000);
    const confirm = await signConfirm(alice.id, confirmedAt);
    expectLinkPage(await getUnsubscribe(`?token=${unsubscribe}`), 410, alertLinkPages.unsubscribeExpired);
    expectLinkPage(await postUnsubscribe(`?token=${unsubscribe}`), 410, alertLinkPages.unsubscribeExpired);
    const pausedAt = new Date(Math.floor((confirmedAt.getTime() + 30 * DAY) / 1000) * 1000);
    expectLinkPage(
      await getConfirm(`?token=${confirm}`),
      410,
      alertLinkPages.confirmExpired(pausedAt, dates),
    );
    expectLinkPage(
      await postConfirm(`?token=${confirm}`),
      410,
      alertLinkPages.confirmExpired(pausedAt, dates),
    );
    await expectUnchanged(before, audits);
  });

  it('a missing, empty or repeated token', async () => {
    const before = await aliceSaved();
    const audits = (await auditFor(db(), alice.id)).length;
    const token = await signUnsubscribe(alice.id);
    for (const query of ['', '?token=', `?token=${token}&token=${token}`]) {
      invalid(await getUnsubscribe(query));
      invalid(await getConfirm(query));
      invalid(await postUnsubscribe(query));
      invalid(await postConfirm(query));
    }
    await expectUnchanged(before, audits);
  });

  it('a confirm link for a funder without saved criteria', async () => {
    await aliceSaved();
    const token = await signConfirmNow(alice);
    await db().deleteFrom('funder_criteria').where('user_id', '=', alice.id).execute();
    expectLinkPage(await getConfirm(`?token=${token}`), 400, alertLinkPages.noCriteria);
    expectLinkPage(await postConfirm(`?token=${token}`), 400, alertLinkPages.noCriteria);
    expect(
      await db().selectFrom('funder_criteria').select('user_id').where('user_id', '=', alice.id).execute(),
    ).toEqual([]);
  });

  it('a link for an erased or unknown user', async () => {
    const before = await aliceSaved();
    const audits = (await auditFor(db(), alice.id)).length;
    const unsubscribe = await signUnsubscribe(alice.id);
    const confirm = await signConfirmNow(alice);
    await db().updateTable('user').set({ deleted_at: new Date() }).where('id', '=', alice.id).execute();
    try {
      invalid(await getUnsubscribe(`?token=${unsubscribe}`));
      invalid(await getConfirm(`?token=${confirm}`));
      invalid(await postUnsubscribe(`?token=${unsubscribe}`));
      invalid(await postConfirm(`?token=${confirm}`));
    } finally {
      await db().updateTable('user').set({ deleted_at: null }).where('id', '=', alice.id).execute();
    }
    await expectUnchanged(before, audits);
    const unknown = 'user-that-never-was';
    invalid(await getUnsubscribe(`?token=${await signUnsubscribe(unknown)}`));
    invalid(await getConfirm(`?token=${await signConfirm(unknown, new Date())}`));
  });
});
