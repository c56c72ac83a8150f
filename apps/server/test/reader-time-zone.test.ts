import { formatDate } from '@plinth/domain/format';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { as, buildTestApp, createUser, type TestApp, type TestUser } from './helpers';
import { adminCall, notificationsOf } from './support/admin';
import { cancelSubscription, funderIn, mySubscription, subscribe, VISA } from './support/subscriptions';

// Issue 37 item 13 (decision 074): every date a person reads is in their own time zone, the one on
// their profile (Australia/Sydney unless they chose another). The server writes the notification
// and names the export file in that zone; the dashboard formats the period end the web app reads
// from the same answer with the same formatter and zone.

// 23:30 UTC on 28 Nov: 10:30 am on the 29th in Sydney, 3:30 pm on the 28th in Los Angeles. A
// subscription approved now ends a month later, 23:30 UTC on 28 Dec: the 29th in Sydney.
const NOW = new Date('2026-11-28T23:30:00Z');
const LOS_ANGELES = 'America/Los_Angeles';

let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'], now: NOW, shouldAdvanceTime: true });
  t = await buildTestApp();
  admin = await createUser(t.app, { role: 'admin', name: 'Alex Admin' });
});
afterAll(async () => {
  await t.close();
  vi.useRealTimers();
});

const profileOf = (user: TestUser) =>
  as(t.app, user, { method: 'GET', url: `/api/users/${user.id}/profile` });
const me = async (user: TestUser) => (await as(t.app, user, { method: 'GET', url: '/api/auth/me' })).json();
const putProfile = (user: TestUser, id: string, payload: Record<string, unknown>) =>
  as(t.app, user, { method: 'PUT', url: `/api/users/${id}/profile`, payload });
const funderProfileBody = (user: TestUser) =>
  profileOf(user).then((res) => {
    const { company_name, company_type, phone, abn, investment_focus, typical_deal_size_min } = res.json();
    const { typical_deal_size_max, years_experience } = res.json();
    return {
      company_name,
      company_type,
      phone,
      abn,
      investment_focus,
      typical_deal_size_min,
      typical_deal_size_max,
      years_experience,
    };
  });

describe('the time zone on the profile', () => {
  it('is Australia/Sydney until the person chooses another; the profile and /auth/me carry it', async () => {
    const developer = await createUser(t.app, { role: 'borrower', profile: 'default' });
    expect((await profileOf(developer)).json().time_zone).toBe('Australia/Sydney');
    expect((await me(developer)).time_zone).toBe('Australia/Sydney');
  });

  it('a funder, an admin and a surveyor each set their own; a name that is not a zone is 400 with the message', async () => {
    const funder = await funderIn(t.app, 'none');
    const saved = await putProfile(funder, funder.id, {
      ...(await funderProfileBody(funder)),
      time_zone: LOS_ANGELES,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().time_zone).toBe(LOS_ANGELES);
    expect((await me(funder)).time_zone).toBe(LOS_ANGELES);

    const adminSaved = await putProfile(admin, admin.id, { time_zone: 'Europe/London' });
    expect(adminSaved.statusCode, adminSaved.body).toBe(200);
    expect((await me(admin)).time_zone).toBe('Europe/London');

    const surveyor = await createUser(t.app, { role: 'surveyor', name: 'Sam Surveyor' });
    const surveyorSaved = await putProfile(surveyor, surveyor.id, { time_zone: 'Australia/Perth' });
    expect(surveyorSaved.statusCode, surveyorSaved.body).toBe(200);
    expect((await me(surveyor)).time_zone).toBe('Australia/Perth');

    for (const bad of ['Sydney', 'AEDT', 'australia/sydney', '', 12]) {
      const res = await putProfile(admin, admin.id, { time_zone: bad });
      expect(res.statusCode, String(bad)).toBe(400);
      expect(res.json().error).toContain('Choose a time zone from the list, such as Australia/Sydney');
    }
    expect((await me(admin)).time_zone).toBe('Europe/London');
  });

  it("nobody sets another person's zone (403), and no one without a session (401)", async () => {
    const funder = await funderIn(t.app, 'none');
    const other = await createUser(t.app, { role: 'borrower', profile: 'default' });
    expect((await putProfile(other, funder.id, { time_zone: 'UTC' })).statusCode).toBe(403);
    expect((await putProfile(admin, funder.id, { time_zone: 'UTC' })).statusCode).toBe(403);
    expect(
      (
        await as(t.app, null, {
          method: 'PUT',
          url: `/api/users/${funder.id}/profile`,
          payload: { time_zone: 'UTC' },
        })
      ).statusCode,
    ).toBe(401);
    expect((await me(funder)).time_zone).toBe('Australia/Sydney');
  });
});

describe('dates the server writes for a person', () => {
  it('the subscription notification names the period end the dashboard shows, in Los Angeles for a Los Angeles funder', async () => {
    const funder = await funderIn(t.app, 'none');
    await putProfile(funder, funder.id, { ...(await funderProfileBody(funder)), time_zone: LOS_ANGELES });
    expect((await subscribe(t.app, funder, VISA)).json()).toMatchObject({ status: 'success' });
    expect((await adminCall(t.app, admin, 'POST', `/approve-subscription/${funder.id}`)).statusCode).toBe(
      200,
    );

    // The dashboard: the period end from the funder's own answers, in the zone /auth/me names.
    const { subscription_period_end: periodEnd, time_zone: zone } = await me(funder);
    expect((await mySubscription(t.app, funder)).json().subscription_period_end).toBe(periodEnd);
    const onDashboard = formatDate(periodEnd, zone);
    expect(onDashboard).toBe('28 Dec 2026');
    expect(formatDate(periodEnd, 'Australia/Sydney')).toBe('29 Dec 2026');

    const approved = (await notificationsOf(t.database.db, funder.id)).find(
      (n) => n.type === 'subscription_approved',
    );
    expect(approved?.message).toContain(`full marketplace access until ${onDashboard}.`);

    const cancelled = await cancelSubscription(t.app, funder);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const notices = await notificationsOf(t.database.db, funder.id);
    expect(notices.at(-1)?.message).toContain(`You keep access until ${onDashboard}.`);
  });

  it('a Sydney funder is told the Sydney day, the 29th', async () => {
    const funder = await funderIn(t.app, 'none');
    await subscribe(t.app, funder, VISA);
    expect((await adminCall(t.app, admin, 'POST', `/approve-subscription/${funder.id}`)).statusCode).toBe(
      200,
    );
    const { subscription_period_end: periodEnd, time_zone: zone } = await me(funder);
    expect(formatDate(periodEnd, zone)).toBe('29 Dec 2026');
    const approved = (await notificationsOf(t.database.db, funder.id)).find(
      (n) => n.type === 'subscription_approved',
    );
    expect(approved?.message).toContain('until 29 Dec 2026.');
  });

  it("an export made at 23:30 UTC is named with the day in the requester's zone", async () => {
    const londonAdmin = await createUser(t.app, { role: 'admin', name: 'Lou London' });
    expect((await putProfile(londonAdmin, londonAdmin.id, { time_zone: 'Europe/London' })).statusCode).toBe(
      200,
    );
    const sydneyAdmin = await createUser(t.app, { role: 'admin', name: 'Syd Sydney' });

    const fromLondon = await adminCall(t.app, londonAdmin, 'GET', '/export-all-data');
    expect(fromLondon.statusCode).toBe(200);
    expect(fromLondon.headers['content-disposition']).toBe(
      'attachment; filename="plinth-export-2026-11-28.json"',
    );
    const fromSydney = await adminCall(t.app, sydneyAdmin, 'GET', '/export-all-data');
    expect(fromSydney.headers['content-disposition']).toBe(
      'attachment; filename="plinth-export-2026-11-29.json"',
    );
    // HEAD names the file as GET does, in the requester's zone.
    const headFromLondon = await as(t.app, londonAdmin, {
      method: 'HEAD',
      url: '/api/admin/export-all-data',
    });
    expect(headFromLondon.statusCode).toBe(200);
    expect(headFromLondon.headers['content-disposition']).toBe(
      'attachment; filename="plinth-export-2026-11-28.json"',
    );
  });
});
