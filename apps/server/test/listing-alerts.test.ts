import { listingAlertMessage } from '@plinth/domain/listing-alerts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  fanOutListingAlerts,
  listingAlertsJob,
  listingDigestJob,
  sendListingDigest,
} from '../src/modules/listing-alerts/listing-alerts.service';
import { buildTestApp, createUser, type TestApp, type TestUser } from './helpers';
import { emailsTo } from './support/admin';
import { approveListing, saveCriteria } from './support/listing-alerts';
import { createFunder } from './support/marketplace';

// Issue 22 item 2 (decision 044): when a listing reaches the market, every funder whose saved
// criteria it meets is alerted once — in the app at once, by e-mail at once or in a daily digest at
// 8:00 in their time zone — through a pg-boss job sent in the publishing transaction.
//
// The listing (helpers' validProjectBody): Residential, Sydney NSW, Pre-Construction, loan $4m,
// total cost $6m, profit $1.8m, land $2.5m: loan / GRV 4 / 7.8 = 51.3 %, LVR 160 %, margin 30 %.

let t: TestApp;
let admin: TestUser;
let owner: TestUser;
const pool: TestUser[] = [];

beforeAll(async () => {
  t = await buildTestApp();
  admin = await createUser(t.app, { role: 'admin', name: 'Alex Admin' });
  owner = await createUser(t.app, { role: 'borrower', profile: 'default', name: 'Dana Developer' });
  for (let i = 0; i < 6; i++) pool.push(await createFunder(t, 'active', { name: `Funder ${i}` }));
}, 60_000);
afterAll(() => t.close());
// Criteria saved by an earlier test are not this one's, nor are its listings' jobs.
beforeEach(async () => {
  await t.app.jobs.drain(listingAlertsJob);
  await t.database.db.deleteFrom('funder_criteria').execute();
});

const save = (
  funder: TestUser,
  criteria: Record<string, unknown>,
  alerts?: { email: string; time_zone: string },
) => saveCriteria(t.app, funder, criteria, alerts);

/** A pending listing the admin approves: the publishing transaction queues the fan-out job. */
const publish = (overrides: Record<string, unknown> = {}) =>
  approveListing(t.app, { admin, owner }, overrides);

const alertNotifications = (funder: TestUser, projectId: string) =>
  t.database.db
    .selectFrom('notification')
    .select(['message', 'type'])
    .where('user_id', '=', funder.id)
    .where('type', '=', 'listing_match')
    .where('related_id', '=', projectId)
    .execute();

describe('publishing a listing alerts the funders whose criteria it meets', () => {
  it('queues one job in the approving transaction; working it notifies each matching funder once', async () => {
    const [match, other] = pool;
    await save(match!, {
      property_types: ['Residential'],
      states: ['NSW'],
      max_lvr: 160,
      min_margin_on_cost: 30,
    });
    await save(other!, { states: ['VIC'] });
    const p = await publish({ suburb: 'Parramatta' });
    expect((await t.app.jobs.queued(listingAlertsJob)).map((j) => j.data)).toContainEqual({
      projectId: p.id,
    });
    expect(await t.app.jobs.drain(listingAlertsJob)).toBeGreaterThanOrEqual(1);
    const got = await alertNotifications(match!, p.id);
    expect(got).toEqual([
      {
        type: 'listing_match',
        message: listingAlertMessage({
          property_type: 'Residential',
          suburb: 'Parramatta',
          state: 'NSW',
          loan_amount: 4_000_000,
        }),
      },
    ]);
    expect(got[0]!.message).toBe('New listing matches your criteria: Residential, Parramatta NSW, $4m');
    expect(await alertNotifications(other!, p.id)).toEqual([]);
    // Working it again (a retried job) tells nobody twice.
    expect(await fanOutListingAlerts(t.app.deps, p.id)).toEqual({ alerted: 0, emailed: 0, digests: 0 });
    expect(await alertNotifications(match!, p.id)).toHaveLength(1);
  });

  it('e-mails at once with a signed one-click unsubscribe link (RFC 8058 headers), never a confidential figure', async () => {
    const funder = pool[1]!;
    await save(funder, { max_lvr: 170, min_margin_on_cost: 25 });
    const p = await publish({ suburb: 'Ryde' });
    await t.app.jobs.drain(listingAlertsJob);
    const mails = (await emailsTo(t.database.db, funder.email)).filter((m) =>
      m.subject.startsWith('New listing'),
    );
    expect(mails).toHaveLength(1);
    const mail = mails[0]! as {
      subject: string;
      text: string;
      html: string;
      headers: Record<string, string>;
    };
    expect(mail.subject).toBe('New listing matches your criteria: Residential, Ryde NSW, $4m');
    expect(mail.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(mail.headers?.['List-Unsubscribe']).toMatch(
      /^<http:\/\/localhost:3000\/api\/listing-alerts\/unsubscribe\?token=[\w.-]+>$/,
    );
    // The limits as matched (the funder's own, each on a step), never the listing's figures.
    expect(mail.text).toContain('LVR at or under 170%');
    expect(mail.text).toContain('margin on cost at or above 25%');
    expect(mail.text).toContain(`/projects/${p.id}`);
    // Read the words only: a link's random id or token may hold '160' by chance (it did, once).
    const words = mail.text.replace(/https?:\/\/\S+/g, '');
    for (const figure of ['160', '30%', '30 %', '51.3']) expect(words).not.toContain(figure);
  });
});

describe('daily digest', () => {
  it('queues the digest for the next 8:00 in the funder time zone, across both DST changes (clock injected)', async () => {
    const [spring, autumn] = [pool[2]!, pool[4]!];
    await save(spring, {}, { email: 'daily', time_zone: 'Australia/Sydney' });
    await save(autumn, {}, { email: 'daily', time_zone: 'Australia/Sydney' });
    const digestAt = async (funder: TestUser) =>
      (await t.app.jobs.queued(listingDigestJob))
        .filter((j) => j.data.funderId === funder.id)
        .map((j) => j.startAfter.toISOString());
    // Saturday 3 October 2026, 20:00 AEST (UTC+10). Daylight saving starts at 2:00 on Sunday, so the
    // next 8:00 is AEDT (UTC+11): 21:00 UTC, not the 22:00 a fixed offset would give.
    await t.database.db.deleteFrom('funder_criteria').where('user_id', '=', autumn.id).execute();
    const first = await publish();
    await fanOutListingAlerts(t.app.deps, first.id, new Date('2026-10-03T10:00:00Z'));
    expect(await digestAt(spring)).toEqual(['2026-10-03T21:00:00.000Z']);
    // A second alert before the digest goes joins it: still one digest job for the funder.
    const second = await publish();
    await fanOutListingAlerts(t.app.deps, second.id, new Date('2026-10-03T11:00:00Z'));
    expect(await digestAt(spring)).toEqual(['2026-10-03T21:00:00.000Z']);
    // Saturday 3 April 2027, 21:00 AEDT: daylight saving ends at 3:00 on Sunday, so 8:00 is AEST
    // (UTC+10): 22:00 UTC.
    await save(autumn, {}, { email: 'daily', time_zone: 'Australia/Sydney' });
    // Confirmed within the 30 days before that clock, or its alerts would be paused.
    await t.database.db
      .updateTable('funder_criteria')
      .set({ confirmed_at: new Date('2027-03-20T00:00:00Z') })
      .where('user_id', '=', autumn.id)
      .execute();
    const third = await publish();
    await fanOutListingAlerts(t.app.deps, third.id, new Date('2027-04-03T10:00:00Z'));
    expect(await digestAt(autumn)).toEqual(['2027-04-03T22:00:00.000Z']);
  });

  it('sends one digest with every waiting alert, once', async () => {
    const funder = pool[3]!;
    await save(funder, {}, { email: 'daily', time_zone: 'Australia/Perth' });
    const a = await publish({ suburb: 'Ryde' });
    const b = await publish({ suburb: 'Penrith' });
    await t.app.jobs.drain(listingAlertsJob);
    expect(await sendListingDigest(t.app.deps, funder.id)).toBe(2);
    expect(await sendListingDigest(t.app.deps, funder.id)).toBe(0);
    const mails = (await emailsTo(t.database.db, funder.email)).filter((m) =>
      m.subject.includes('your lending criteria'),
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('2 new listings match your lending criteria');
    expect(mails[0]!.text).toContain(`/projects/${a.id}`);
    expect(mails[0]!.text).toContain(`/projects/${b.id}`);
  });
});
