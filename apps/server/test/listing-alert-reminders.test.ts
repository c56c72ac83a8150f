import { funderCriteriaMessages } from '@plinth/domain/funder-criteria';
import { listingAlertMessages } from '@plinth/domain/listing-alerts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sendCriteriaReminders } from '../src/modules/listing-alerts/criteria-reminders';
import { fanOutListingAlerts, listingAlertsJob } from '../src/modules/listing-alerts/listing-alerts.service';
import { as, buildTestApp, createUser, type TestApp, type TestUser } from './helpers';
import { auditFor, emailsTo } from './support/admin';
import { approveListing, saveCriteria } from './support/listing-alerts';
import { createFunder } from './support/marketplace';

// Issue 22 item 3 (decision 044): criteria stay current. Criteria not confirmed for 30 days pause
// their alerts; on day 23 the funder is e-mailed once per confirmation with a 'Still accurate'
// link; confirming resumes them. And the alert settings API (GET/PUT /api/funder-criteria/alerts,
// POST /api/funder-criteria/confirm) with its validation and guards.

const DAY = 86_400_000;
const SUBJECT = 'Are your lending criteria still accurate?';

let t: TestApp;
let admin: TestUser;
let owner: TestUser;
let funder: TestUser;
let perth: TestUser;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await createUser(t.app, { role: 'admin', name: 'Alex Admin' });
  owner = await createUser(t.app, { role: 'borrower', profile: 'default', name: 'Dana Developer' });
  funder = await createFunder(t, 'active', { name: 'Fiona Funder' });
  perth = await createFunder(t, 'active', { name: 'Peta Perth' });
}, 60_000);
afterAll(() => t.close());
// Each test starts with no criteria, no queued fan-out and an empty outbox.
beforeEach(async () => {
  await t.app.jobs.drain(listingAlertsJob);
  await t.database.db.deleteFrom('funder_criteria').execute();
  await t.database.db.deleteFrom('outbox').execute();
});

const db = () => t.database.db;

const save = (user: TestUser, criteria: Record<string, unknown> = {}) => saveCriteria(t.app, user, criteria);

const confirmedAt = (user: TestUser, at: Date) =>
  db().updateTable('funder_criteria').set({ confirmed_at: at }).where('user_id', '=', user.id).execute();

const reminders = async (user: TestUser) =>
  (await emailsTo(db(), user.email)).filter((m) => m.subject === SUBJECT);

const getAlerts = (user: TestUser | null) =>
  as(t.app, user, { method: 'GET', url: '/api/funder-criteria/alerts' });
const putAlerts = (user: TestUser | null, payload: Record<string, unknown>) =>
  as(t.app, user, { method: 'PUT', url: '/api/funder-criteria/alerts', payload });
const confirm = (user: TestUser | null) =>
  as(t.app, user, { method: 'POST', url: '/api/funder-criteria/confirm' });

/** A pending listing the admin approves; its fan-out job is worked by the caller. */
const publish = async () => (await approveListing(t.app, { admin, owner })).id;

const alertsFor = (user: TestUser, projectId: string) =>
  db()
    .selectFrom('notification')
    .select('message')
    .where('user_id', '=', user.id)
    .where('type', '=', 'listing_match')
    .where('related_id', '=', projectId)
    .execute();

describe("the 'Still accurate?' reminder on day 23", () => {
  // Confirmed 1 November 2026, 14:00 UTC: day 23 is 24 November 14:00; the criteria pause on
  // 1 December 14:00 UTC, which is 2 December 1:00 in Sydney and still 1 December 22:00 in Perth.
  const confirmed = new Date('2026-11-01T14:00:00.000Z');
  const day = (days: number, ms = 0) => new Date(confirmed.getTime() + days * DAY + ms);

  it('22 days: nothing; 23 days: one e-mail with the link and the pause date; again: nothing', async () => {
    await save(funder, { states: ['NSW'] });
    await save(perth, {});
    const put = await putAlerts(perth, { email: 'instant', time_zone: 'Australia/Perth' });
    expect(put.statusCode, put.body).toBe(200);
    await confirmedAt(funder, confirmed);
    await confirmedAt(perth, confirmed);

    expect(await sendCriteriaReminders(t.app.deps, day(22))).toBe(0);
    expect(await sendCriteriaReminders(t.app.deps, day(23, -1))).toBe(0);
    expect(await reminders(funder)).toEqual([]);

    expect(await sendCriteriaReminders(t.app.deps, day(23))).toBe(2);
    const [mail] = await reminders(funder);
    expect(await reminders(funder)).toHaveLength(1);
    expect(mail!.text).toContain('Unless you confirm them, your alerts pause on 2 December 2026.');
    expect(mail!.text).toMatch(
      /If nothing has changed, confirm them:\nhttp:\/\/localhost:3000\/api\/listing-alerts\/confirm-criteria\?token=[\w.-]+/,
    );
    expect(mail!.text).toContain('http://localhost:3000/settings');
    expect(mail!.html).toContain('/api/listing-alerts/confirm-criteria?token=');
    expect(mail!.html).toContain('Still accurate');
    expect(mail!.html).toContain('2 December 2026');
    // The pause date in the funder's own time zone.
    expect((await reminders(perth))[0]!.text).toContain('your alerts pause on 1 December 2026.');

    // Exactly once per confirmation: later runs, and the day before the pause, send nothing.
    expect(await sendCriteriaReminders(t.app.deps, day(23))).toBe(0);
    expect(await sendCriteriaReminders(t.app.deps, day(29))).toBe(0);
    expect(await reminders(funder)).toHaveLength(1);
  });

  it('after the funder confirms, the next reminder goes 23 days after that confirmation', async () => {
    await save(funder, {});
    const now = Date.now();
    await confirmedAt(funder, new Date(now - 24 * DAY));
    expect(await sendCriteriaReminders(t.app.deps)).toBe(1);
    expect(await sendCriteriaReminders(t.app.deps)).toBe(0);

    const res = await confirm(funder);
    expect(res.statusCode, res.body).toBe(200);
    expect(Date.parse(res.json().confirmed_at)).toBeGreaterThanOrEqual(now - 1000);
    expect(await sendCriteriaReminders(t.app.deps)).toBe(0);
    // 23 days pass again (the confirmation set back): a new reminder, once.
    await confirmedAt(funder, new Date(now - 23 * DAY - 60_000));
    expect(await sendCriteriaReminders(t.app.deps)).toBe(1);
    expect(await sendCriteriaReminders(t.app.deps)).toBe(0);
    expect(await reminders(funder)).toHaveLength(2);
  });

  it('paused criteria (30 days or more) get no reminder; an erased funder none', async () => {
    await save(funder, {});
    await save(perth, {});
    await confirmedAt(funder, new Date(Date.now() - 31 * DAY));
    await confirmedAt(perth, new Date(Date.now() - 24 * DAY));
    await db().updateTable('user').set({ deleted_at: new Date() }).where('id', '=', perth.id).execute();
    try {
      expect(await sendCriteriaReminders(t.app.deps)).toBe(0);
    } finally {
      await db().updateTable('user').set({ deleted_at: null }).where('id', '=', perth.id).execute();
    }
    expect(await reminders(funder)).toEqual([]);
  });

  it('a funder unsubscribed from alert e-mails, or off the market, gets no reminder', async () => {
    await save(funder, {});
    await save(perth, {});
    await confirmedAt(funder, new Date(Date.now() - 24 * DAY));
    await confirmedAt(perth, new Date(Date.now() - 24 * DAY));
    expect((await putAlerts(funder, { email: 'off', time_zone: 'Australia/Sydney' })).statusCode).toBe(200);
    // A cancelled subscription whose period ended: no marketplace access.
    await db()
      .updateTable('user')
      .set({ subscription_status: 'cancelled', subscription_period_end: new Date(Date.now() - DAY) })
      .where('id', '=', perth.id)
      .execute();
    try {
      expect(await sendCriteriaReminders(t.app.deps)).toBe(0);
      // Back on the market (the period still runs): now the reminder is due.
      await db()
        .updateTable('user')
        .set({ subscription_period_end: new Date(Date.now() + 5 * DAY) })
        .where('id', '=', perth.id)
        .execute();
      expect(await sendCriteriaReminders(t.app.deps)).toBe(1);
      expect(await reminders(perth)).toHaveLength(1);
      expect(await reminders(funder)).toEqual([]);
    } finally {
      await db()
        .updateTable('user')
        .set({ subscription_status: 'active', subscription_period_end: null })
        .where('id', '=', perth.id)
        .execute();
    }
  });
});

describe('criteria 30 days unconfirmed are paused until confirmed', () => {
  it('paused: no alert for a matching listing; POST confirm resumes them, then a listing alerts', async () => {
    await save(funder, { property_types: ['Residential'] });
    const old = new Date(Date.now() - 31 * DAY);
    await confirmedAt(funder, old);
    const paused = await getAlerts(funder);
    expect(paused.statusCode).toBe(200);
    expect(paused.json()).toEqual({
      email: 'instant',
      time_zone: 'Australia/Sydney',
      paused: true,
      pauses_at: new Date(old.getTime() + 30 * DAY).toISOString(),
    });

    const first = await publish();
    await t.app.jobs.drain(listingAlertsJob);
    expect(await alertsFor(funder, first)).toEqual([]);
    expect(await emailsTo(db(), funder.email)).toEqual([]);

    const res = await confirm(funder);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ is_saved: true, property_types: ['Residential'] });
    const resumed = (await getAlerts(funder)).json();
    expect(resumed.paused).toBe(false);
    expect(Date.parse(resumed.pauses_at)).toBeGreaterThan(Date.now() + 29 * DAY);
    const audits = (await auditFor(db(), funder.id)).filter((a) => a.action === 'funder_criteria.confirmed');
    expect(audits.at(-1)).toMatchObject({ actor_id: funder.id, after: { via: 'app' } });

    const second = await publish();
    await t.app.jobs.drain(listingAlertsJob);
    expect(await alertsFor(funder, second)).toHaveLength(1);
  });

  it('the pause is at 30 days to the minute, as the fan-out sees it', async () => {
    await save(funder, {});
    const p = await publish();
    await t.app.jobs.drain(listingAlertsJob);
    await db().deleteFrom('listing_alert').where('project_id', '=', p).execute();
    // Pausing five days from now, inside the funder's subscription period.
    const confirmed = new Date(Date.now() - 25 * DAY);
    await confirmedAt(funder, confirmed);
    const at = (ms: number) => new Date(confirmed.getTime() + 30 * DAY + ms);
    expect(await fanOutListingAlerts(t.app.deps, p, at(0))).toMatchObject({ alerted: 0 });
    expect(await fanOutListingAlerts(t.app.deps, p, at(-60_000))).toMatchObject({ alerted: 1 });
  });
});

describe('the alert settings API', () => {
  const auditCount = async (user: TestUser) => (await auditFor(db(), user.id)).length;

  it('answers the defaults before any criteria are saved', async () => {
    const res = await getAlerts(funder);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      email: 'instant',
      time_zone: 'Australia/Sydney',
      paused: false,
      pauses_at: null,
    });
  });

  it('refuses settings and confirmation before criteria are saved, and writes nothing', async () => {
    const audits = await auditCount(funder);
    const put = await putAlerts(funder, { email: 'daily', time_zone: 'Australia/Perth' });
    expect(put.statusCode).toBe(400);
    expect(put.json()).toMatchObject({ error: funderCriteriaMessages.saveFirst });
    const post = await confirm(funder);
    expect(post.statusCode).toBe(400);
    expect(post.json()).toMatchObject({ error: funderCriteriaMessages.saveFirst });
    expect(
      await db().selectFrom('funder_criteria').select('user_id').where('user_id', '=', funder.id).execute(),
    ).toEqual([]);
    expect(await auditCount(funder)).toBe(audits);
  });

  it('saves a valid choice, audited before and after', async () => {
    await save(funder, {});
    const res = await putAlerts(funder, { email: 'daily', time_zone: 'Australia/Adelaide' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ email: 'daily', time_zone: 'Australia/Adelaide', paused: false });
    expect((await getAlerts(funder)).json()).toMatchObject({
      email: 'daily',
      time_zone: 'Australia/Adelaide',
    });
    const audits = (await auditFor(db(), funder.id)).filter(
      (a) => a.action === 'funder_criteria.alerts_updated',
    );
    expect(audits.at(-1)).toMatchObject({
      before: { email: 'instant', time_zone: 'Australia/Sydney' },
      after: { email: 'daily', time_zone: 'Australia/Adelaide' },
    });
  });

  it.each([
    [{ email: 'daily', time_zone: 'Australia/Narnia' }, listingAlertMessages.timeZone],
    [{ email: 'weekly', time_zone: 'Australia/Sydney' }, listingAlertMessages.alertEmail],
    [{ email: 'daily', time_zone: 'Australia/Sydney', paused: false }, 'Unrecognized key'],
    [{ email: 'daily' }, 'time_zone'],
  ])('refuses %j (400, %s) and writes nothing', async (payload, message) => {
    await save(funder, {});
    const audits = await auditCount(funder);
    const res = await putAlerts(funder, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(JSON.stringify(res.json())).toContain(message);
    expect((await getAlerts(funder)).json()).toMatchObject({
      email: 'instant',
      time_zone: 'Australia/Sydney',
    });
    expect(await auditCount(funder)).toBe(audits);
  });

  it('a developer 403, anonymous 401, on each route', async () => {
    const body = { email: 'daily', time_zone: 'Australia/Sydney' };
    expect((await getAlerts(owner)).statusCode).toBe(403);
    expect((await putAlerts(owner, body)).statusCode).toBe(403);
    expect((await confirm(owner)).statusCode).toBe(403);
    expect((await getAlerts(null)).statusCode).toBe(401);
    expect((await putAlerts(null, body)).statusCode).toBe(401);
    expect((await confirm(null)).statusCode).toBe(401);
  });
});
