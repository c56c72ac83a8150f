import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, buildTestApp, createUser, type TestApp, type TestUser } from './helpers';
import { adminCall, insertPayment, projectIn } from './support/admin';
import { createFunder, requestAccessOk } from './support/marketplace';

// A database of its own, filled by hand, so every figure below is counted by hand.
let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await createUser(t.app, { role: 'admin' });
});
afterAll(() => t.close());

const db = () => t.database.db;
const DAY = 86_400_000;
const HOUR = 3_600_000;
const sydneyMonth = (d: Date) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Sydney', year: 'numeric', month: '2-digit' })
    .format(d)
    .slice(0, 7);

describe('GET /api/admin/analytics', () => {
  it('401 to anonymous, 403 to a developer, an active funder and an unapproved funder', async () => {
    const url = '/analytics';
    expect((await adminCall(t.app, null, 'GET', url)).statusCode).toBe(401);
    const developer = await createUser(t.app, { role: 'borrower', profile: 'default' });
    expect((await adminCall(t.app, developer, 'GET', url)).statusCode).toBe(403);
    expect((await adminCall(t.app, await createFunder(t, 'active'), 'GET', url)).statusCode).toBe(403);
    expect((await adminCall(t.app, await createFunder(t, 'pending_approval'), 'GET', url)).statusCode).toBe(
      403,
    );
    // The developer leaves: a deleted account is not counted below.
    await as(t.app, developer, { method: 'DELETE', url: '/api/users/me', payload: { confirm: 'DELETE' } });
  });

  it('figures match a hand-counted market', async () => {
    // Earlier test: one deleted developer (not counted), two funders (signed up and onboarded).
    const dev = await createUser(t.app, { role: 'borrower', profile: 'default' });
    await createUser(t.app, {}); // signed up, no role, not onboarded
    const funder = (
      await db().selectFrom('user').select('id').where('role', '=', 'funder').orderBy('created_at').execute()
    )[0]!;
    const now = Date.now();
    const a = await projectIn(t.app, dev, 'draft');
    await projectIn(t.app, dev, 'pending');
    const c = await projectIn(t.app, dev, 'published');
    const d = await projectIn(t.app, dev, 'published');
    await projectIn(t.app, dev, 'rejected');
    const old = await projectIn(t.app, dev, 'draft');
    await db().updateTable('project').set({ published_at: null }).execute();
    await db()
      .updateTable('project')
      .set({ published_at: new Date(now - 2 * HOUR) })
      .where('id', '=', c.id)
      .execute();
    await db()
      .updateTable('project')
      .set({ published_at: new Date(now - 2 * HOUR), funded_at: new Date(now) })
      .where('id', '=', d.id)
      .execute();
    await db()
      .updateTable('project')
      .set({ created_at: sql`now() - interval '62 days'` })
      .where('id', '=', old.id)
      .execute();
    // C paid 10 h before publication, D 20 h; a failed attempt does not count.
    await insertPayment(db(), {
      userId: dev.id,
      projectId: c.id,
      status: 'completed',
      createdAt: new Date(now - 12 * HOUR),
    });
    await insertPayment(db(), {
      userId: dev.id,
      projectId: d.id,
      status: 'completed',
      createdAt: new Date(now - 22 * HOUR),
    });
    await insertPayment(db(), { userId: dev.id, projectId: a.id, status: 'failed' });
    await insertPayment(db(), {
      userId: funder.id,
      type: 'subscription',
      amountCents: 29_900,
      status: 'completed',
      createdAt: new Date(now - HOUR),
    });
    await insertPayment(db(), {
      userId: funder.id,
      type: 'subscription',
      amountCents: 29_900,
      status: 'completed',
      createdAt: new Date(now - 40 * DAY),
    });
    // One access request and one deal, both on D.
    const activeFunder = await createFunder(t, 'active');
    await db().updateTable('project').set({ funded_at: null }).where('id', '=', d.id).execute();
    const request = await requestAccessOk(t.app, activeFunder, d.id);
    await db()
      .updateTable('project')
      .set({ funded_at: new Date(now) })
      .where('id', '=', d.id)
      .execute();
    await db()
      .insertInto('deal')
      .values({
        project_id: d.id,
        access_request_id: request.id,
        borrower_id: dev.id,
        funder_id: activeFunder.id,
      })
      .execute();

    const res = await adminCall(t.app, admin, 'GET', '/analytics?months=3');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const thisMonth = sydneyMonth(new Date(now));
    expect(body.months).toHaveLength(3);
    expect(body.months.at(-1)).toBe(thisMonth);

    // Signed up: 2 funders + dev + the role-less one + the active funder = 5 (the deleted one and the admin are not).
    expect(
      Object.fromEntries(body.funnel.map((f: { step: string; count: number }) => [f.step, f.count])),
    ).toEqual({
      signed_up: 5,
      onboarded: 4,
      listed: 6,
      paid: 4, // B (under review), C and D (paid), E (rejected, paid)
      published: 2,
      access_requested: 1,
      deal: 1,
      funded: 1,
    });

    const month = body.listings_by_month.find((m: { month: string }) => m.month === thisMonth);
    expect(month).toEqual({
      month: thisMonth,
      draft: 1,
      pending_review: 1,
      published: 1,
      rejected: 1,
      paid_unpublished: 0,
      funded: 1,
    });
    const oldMonth = body.listings_by_month.find(
      (m: { month: string }) => m.month === sydneyMonth(new Date(now - 62 * DAY)),
    );
    expect(oldMonth).toMatchObject({ draft: 1, published: 0 });

    expect(body.revenue_by_month.find((m: { month: string }) => m.month === thisMonth)).toEqual({
      month: thisMonth,
      listing: 998,
      subscription: 299,
    });
    expect(
      body.revenue_by_month.find((m: { month: string }) => m.month === sydneyMonth(new Date(now - 40 * DAY))),
    ).toEqual({
      month: sydneyMonth(new Date(now - 40 * DAY)),
      listing: 0,
      subscription: 299,
    });
    expect(body.payment_to_publication).toEqual({ listings: 2, median_hours: 15, average_hours: 15 });
  });
});
