import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createUser, type TestApp, type TestUser } from './helpers';
import { adminCall, insertPayment, projectIn } from './support/admin';

// GET /api/admin/stats: the four cards of the admin's /dashboard and of the panel's Overview
// (spec 000 section 2, spec 001 section 2.3). Its own database, so every figure is counted by hand.

let t: TestApp;
let boss: TestUser;
beforeAll(async () => {
  t = await buildTestApp();
  boss = await createUser(t.app, { role: 'admin', name: 'Stella Stats' });
});
afterAll(() => t.close());

const stats = async () => {
  const res = await adminCall(t.app, boss, 'GET', '/stats');
  expect(res.statusCode).toBe(200);
  return res.json();
};

describe('GET /api/admin/stats', () => {
  it('stats: anonymous answers 401, a developer and a funder 403, with the error shape', async () => {
    const developer = await createUser(t.app, { role: 'borrower', profile: 'default' });
    const funder = await createUser(t.app, { role: 'funder', approved: true, profile: 'default' });
    const anonymous = await adminCall(t.app, null, 'GET', '/stats');
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
    for (const user of [developer, funder]) {
      const res = await adminCall(t.app, user, 'GET', '/stats');
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'FORBIDDEN' });
      expect(typeof res.json().error).toBe('string');
    }
  });

  it('stats: hand-counted users, projects, active (published) projects and completed revenue, following admin actions', async () => {
    // Users so far: the admin and the developer and funder of the refusal test (3).
    const devA = await createUser(t.app, { role: 'borrower', profile: 'default' });
    const devB = await createUser(t.app, { role: 'borrower', profile: 'default' });
    const waitingFunder = await createUser(t.app, { role: 'funder', profile: 'default' });
    await createUser(t.app); // signed up, no role yet: still a user
    const gone = await createUser(t.app, { role: 'borrower', profile: 'default' });
    await t.database.db
      .updateTable('user')
      .set({ deleted_at: new Date() })
      .where('id', '=', gone.id)
      .execute();
    // 3 + devA, devB, waitingFunder, the one without a role = 7 (the deleted one is not counted).

    const liveA1 = await projectIn(t.app, devA, 'published');
    await projectIn(t.app, devA, 'published');
    const underReview = await projectIn(t.app, devA, 'pending');
    const rejected = await projectIn(t.app, devA, 'rejected');
    await projectIn(t.app, devA, 'paid_unpublished');
    await projectIn(t.app, devA, 'draft');
    await projectIn(t.app, devB, 'published');
    const draftB = await projectIn(t.app, devB, 'draft');
    // 8 projects; active = paid and visible = 3 (the rejected and paid-unpublished ones are hidden).

    const db = t.database.db;
    await insertPayment(db, {
      userId: devA.id,
      projectId: liveA1.id,
      status: 'completed',
      amountCents: 49_900,
    });
    await insertPayment(db, {
      userId: devA.id,
      projectId: rejected.id,
      status: 'completed',
      amountCents: 49_900,
    });
    await insertPayment(db, { userId: devB.id, status: 'completed', amountCents: 49_900 });
    await insertPayment(db, {
      userId: waitingFunder.id,
      type: 'subscription',
      status: 'completed',
      amountCents: 29_950,
    });
    await insertPayment(db, {
      userId: devA.id,
      projectId: underReview.id,
      status: 'completed',
      amountCents: 49_900,
    });
    await insertPayment(db, { userId: devA.id, status: 'pending', amountCents: 49_900 });
    await insertPayment(db, { userId: devA.id, status: 'failed', amountCents: 49_900 });
    await insertPayment(db, {
      userId: waitingFunder.id,
      type: 'subscription',
      status: 'refunded',
      amountCents: 29_900,
    });
    // Completed: 4 x 49,900 + 29,950 = 229,550 cents = $2,295.50, shown as $2,296.

    expect(await stats()).toEqual({
      total_users: 7,
      total_projects: 8,
      active_projects: 3,
      total_revenue: 2296,
    });

    // Force publish a draft: one more active project, no money.
    const forced = await adminCall(t.app, boss, 'POST', `/force-publish-project/${draftB.id}`, {
      reason: 'Paid by bank transfer',
    });
    expect(forced.statusCode).toBe(200);
    expect(await stats()).toMatchObject({ total_projects: 8, active_projects: 4, total_revenue: 2296 });

    // Deny with 'payment not received': its completed payment becomes failed, so it is no longer revenue.
    const denied = await adminCall(t.app, boss, 'POST', `/deny-project/${underReview.id}`, {
      reason: 'The transfer bounced',
      payment_not_received: true,
    });
    expect(denied.statusCode).toBe(200);
    // 229,550 - 49,900 = 179,650 cents = $1,796.50, shown as $1,797.
    expect(await stats()).toMatchObject({ total_projects: 8, active_projects: 4, total_revenue: 1797 });

    // Delete a live project: one project and one active fewer; its fee was still received.
    const deleted = await adminCall(t.app, boss, 'DELETE', `/delete-project/${liveA1.id}`, {
      reason: 'Duplicate listing',
    });
    expect(deleted.statusCode).toBe(200);
    expect(await stats()).toEqual({
      total_users: 7,
      total_projects: 7,
      active_projects: 3,
      total_revenue: 1797,
    });
  });
});
