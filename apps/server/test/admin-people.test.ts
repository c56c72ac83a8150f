import { adminMessages, adminPeopleMessages } from '@plinth/domain/admin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, buildTestApp, createUser, type TestApp, type TestUser } from './helpers';
import { adminCall, auditFor, emailsTo, insertPayment, notificationsOf } from './support/admin';
import { funderIn, subscribe, subscriptionPayments, userRow, VISA } from './support/subscriptions';

let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await createUser(t.app, { role: 'admin', name: 'Alex Admin' });
});
afterAll(() => t.close());

const DAY = 86_400_000;
const db = () => t.database.db;
const unknownId = 'no-such-user-id';

/** PUT is the Users tab's approve call; adminCall covers the others. */
const approveUser = (user: TestUser | null, id: string) =>
  as(t.app, user, { method: 'PUT', url: `/api/admin/users/${id}/approve` });

describe('admin people routes: who may call them', () => {
  it('every people route answers 403 to a developer and a funder and 401 to anonymous, changing nothing', async () => {
    const borrower = await createUser(t.app, { role: 'borrower', profile: 'default' });
    const caller = await funderIn(t.app, 'active');
    const target = await funderIn(t.app, 'payment_pending', { approved: false });
    const before = await userRow(db(), target.id);
    const reason = { reason: 'Trying my luck' };
    const calls: [method: 'GET' | 'POST' | 'PUT', url: string, payload?: Record<string, unknown>][] = [
      ['GET', '/users'],
      ['GET', '/users?role=funder'],
      ['PUT', `/users/${target.id}/approve`],
      ['POST', `/approve-subscription/${target.id}`],
      ['POST', `/deny-subscription/${target.id}`, reason],
      ['POST', `/subscription-failed/${target.id}`],
      ['POST', `/force-approve-funder/${target.id}`, reason],
    ];
    for (const [method, url, payload] of calls) {
      for (const [user, status] of [
        [borrower, 403],
        [caller, 403],
        [null, 401],
      ] as const) {
        const res = await as(t.app, user, {
          method,
          url: `/api/admin${url}`,
          ...(payload ? { payload } : {}),
        });
        expect(res.statusCode, `${method} ${url} as ${user ? user.email : 'anonymous'}`).toBe(status);
      }
    }
    // The guard runs before the body is read: a malformed body still gets 403, not 400.
    const malformed = await adminCall(t.app, borrower, 'POST', `/deny-subscription/${target.id}`, {
      reason: 42,
    });
    expect(malformed.statusCode).toBe(403);
    expect(await userRow(db(), target.id)).toEqual(before);
    expect(await auditFor(db(), target.id)).toEqual([]);
    expect(await notificationsOf(db(), target.id)).toEqual([]);
  });

  it('an unknown user answers 404 on every action', async () => {
    expect((await approveUser(admin, unknownId)).statusCode).toBe(404);
    for (const [url, payload] of [
      [`/approve-subscription/${unknownId}`],
      [`/deny-subscription/${unknownId}`, { reason: 'No' }],
      [`/subscription-failed/${unknownId}`],
      [`/force-approve-funder/${unknownId}`, { reason: 'Checked' }],
    ] as const) {
      const res = await adminCall(t.app, admin, 'POST', url, payload);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().error).toBe(adminPeopleMessages.userNotFound);
    }
  });
});

describe('GET /api/admin/users', () => {
  let s: TestApp;
  let sAdmin: TestUser;
  beforeAll(async () => {
    // A database of its own, so the counts and pages are known exactly.
    s = await buildTestApp();
    sAdmin = await createUser(s.app, { role: 'admin', name: 'Sam Admin' });
  });
  afterAll(() => s.close());

  it('users: every field the Users, Subscriptions and Funders tabs show, newest first, with role filter, pages and counts', async () => {
    const borrower = await createUser(s.app, {
      role: 'borrower',
      profile: 'default',
      name: 'Dana Developer',
      approved: true,
    });
    const noProfile = await createUser(s.app, { role: 'funder', name: 'Nina No-profile' });
    const pending = await funderIn(s.app, 'payment_pending', { name: 'Pat Pending' });
    const active = await funderIn(s.app, 'active', { name: 'Ava Active' });
    const unapprovedActive = await funderIn(s.app, 'active', { approved: false, name: 'Una Unapproved' });

    const res = await adminCall(s.app, sAdmin, 'GET', '/users');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.items.map((u: { id: string }) => u.id)).toEqual([
      unapprovedActive.id,
      active.id,
      pending.id,
      noProfile.id,
      borrower.id,
      sAdmin.id,
    ]);
    expect(body).toMatchObject({ page: 1, limit: 50, total: 6 });
    expect(body.counts).toEqual({
      users: 6,
      // Nina (funders start unapproved) and Una.
      unapproved: 2,
      funders: 4,
      pending_subscriptions: 1,
      // Not approved, or pending/none/inactive: Nina, Pat, Una.
      pending_funders: 3,
    });

    const byId = new Map(body.items.map((u: { id: string }) => [u.id, u]));
    expect(byId.get(pending.id)).toEqual({
      id: pending.id,
      name: 'Pat Pending',
      email: pending.email,
      role: 'funder',
      approved: true,
      verification_status: 'Approved',
      company_name: 'Test Capital',
      company_type: 'Private Credit Fund',
      subscription_status: 'payment_pending',
      derived_subscription_status: 'Pending Review',
      subscription_period_end: null,
      cancel_at_period_end: false,
      created_at: expect.any(String),
    });
    expect(byId.get(active.id)).toMatchObject({
      derived_subscription_status: 'Active',
      subscription_period_end: expect.any(String),
    });
    // Active but not approved is not Active (spec 001 section 2.3).
    expect(byId.get(unapprovedActive.id)).toMatchObject({
      verification_status: 'Pending',
      subscription_status: 'active',
      derived_subscription_status: 'Inactive',
    });
    expect(byId.get(noProfile.id)).toMatchObject({ company_name: null, company_type: null });
    expect(byId.get(borrower.id)).toMatchObject({ role: 'borrower', subscription_status: 'none' });

    const funders = (await adminCall(s.app, sAdmin, 'GET', '/users?role=funder&limit=2&page=2')).json();
    expect(funders).toMatchObject({ page: 2, limit: 2, total: 4 });
    expect(funders.items.map((u: { id: string }) => u.id)).toEqual([pending.id, noProfile.id]);

    const reviews = (
      await adminCall(s.app, sAdmin, 'GET', '/users?role=funder&filter=subscription_pending')
    ).json();
    expect(reviews.items.map((u: { id: string }) => u.id)).toEqual([pending.id]);
    const godMode = (await adminCall(s.app, sAdmin, 'GET', '/users?filter=pending_funders')).json();
    expect(godMode.items.map((u: { id: string }) => u.id)).toEqual([
      unapprovedActive.id,
      pending.id,
      noProfile.id,
    ]);
    const unapproved = (await adminCall(s.app, sAdmin, 'GET', '/users?filter=unapproved')).json();
    expect(unapproved.total).toBe(2);

    // A deleted account is not listed or counted.
    await s.database.db
      .updateTable('user')
      .set({ deleted_at: new Date() })
      .where('id', '=', borrower.id)
      .execute();
    const after = (await adminCall(s.app, sAdmin, 'GET', '/users')).json();
    expect(after.counts.users).toBe(5);
    expect(after.items.map((u: { id: string }) => u.id)).not.toContain(borrower.id);
  });

  it('users: an unknown role, a limit over 100 or page 0 answers 400', async () => {
    for (const query of ['role=developer', 'limit=101', 'page=0', 'filter=everyone']) {
      expect((await adminCall(s.app, sAdmin, 'GET', `/users?${query}`)).statusCode, query).toBe(400);
    }
  });
});

describe('PUT /api/admin/users/{id}/approve', () => {
  it('approve user: a funder awaiting approval is approved; told in-app and by e-mail; audited', async () => {
    const funder = await funderIn(t.app, 'none', { approved: false });
    const res = await approveUser(admin, funder.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: adminPeopleMessages.userApproved,
      user: { id: funder.id, approved: true, verification_status: 'Approved' },
    });
    expect((await userRow(db(), funder.id)).approved).toBe(true);
    const audit = await auditFor(db(), funder.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: 'user.approved',
      target_type: 'user',
      actor_id: admin.id,
      actor_name: 'Alex Admin',
    });
    expect((await notificationsOf(db(), funder.id)).map((n) => n.type)).toEqual(['account_approved']);
    const mails = await emailsTo(db(), funder.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Your Plinth account has been approved');

    // Once approved, the funder may subscribe.
    expect((await subscribe(t.app, funder, VISA)).json()).toMatchObject({ status: 'success' });
  });

  it('approve user: an approved user answers 409; a developer awaiting approval may be approved too', async () => {
    const approved = await funderIn(t.app, 'none');
    const again = await approveUser(admin, approved.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(adminPeopleMessages.alreadyApproved);
    expect(await auditFor(db(), approved.id)).toEqual([]);

    const developer = await createUser(t.app, { role: 'borrower', profile: 'default', approved: false });
    expect((await approveUser(admin, developer.id)).statusCode).toBe(200);
    expect((await userRow(db(), developer.id)).approved).toBe(true);
  });
});

describe('POST /api/admin/approve-subscription/{id}', () => {
  it('approve-subscription: payment_pending becomes active for a month; the funder is notified and e-mailed; audited', async () => {
    const funder = await funderIn(t.app, 'payment_pending');
    const res = await adminCall(t.app, admin, 'POST', `/approve-subscription/${funder.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: adminPeopleMessages.subscriptionApproved,
      user: { subscription_status: 'active', derived_subscription_status: 'Active' },
    });
    const row = await userRow(db(), funder.id);
    const end = new Date(row.subscription_period_end!).getTime();
    expect(end).toBeGreaterThan(Date.now() + 27 * DAY);
    expect(end).toBeLessThan(Date.now() + 32 * DAY);

    const [audit] = await auditFor(db(), funder.id);
    expect(audit).toMatchObject({
      action: 'subscription.approved',
      target_type: 'subscription',
      actor_id: admin.id,
    });
    expect(audit!.before).toMatchObject({ subscription_status: 'payment_pending' });
    expect(audit!.after).toMatchObject({ subscription_status: 'active' });
    expect((await notificationsOf(db(), funder.id)).map((n) => n.type)).toEqual(['subscription_approved']);
    const mails = await emailsTo(db(), funder.email);
    expect(mails.map((m) => m.subject)).toEqual(['Your Plinth subscription is active']);
  });

  it('approve-subscription: any state but payment_pending answers 409; a developer answers 409 not a funder', async () => {
    for (const status of ['none', 'active', 'inactive', 'cancelled'] as const) {
      const funder = await funderIn(t.app, status);
      const res = await adminCall(t.app, admin, 'POST', `/approve-subscription/${funder.id}`);
      expect(res.statusCode, status).toBe(409);
      expect(res.json().error).toBe('Only a subscription awaiting approval can be approved');
      expect((await userRow(db(), funder.id)).subscription_status).toBe(status);
    }
    const developer = await createUser(t.app, { role: 'borrower', profile: 'default' });
    const res = await adminCall(t.app, admin, 'POST', `/approve-subscription/${developer.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(adminPeopleMessages.notAFunder);
  });
});

describe('POST /api/admin/deny-subscription/{id}', () => {
  it('deny-subscription: payment_pending becomes denied; the reason is in the notification, the e-mail and the audit log; the funder may subscribe again', async () => {
    const funder = await funderIn(t.app, 'none');
    await subscribe(t.app, funder, VISA);
    const reason = 'The ABN on your profile does not match your company';
    const res = await adminCall(t.app, admin, 'POST', `/deny-subscription/${funder.id}`, { reason });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: adminPeopleMessages.subscriptionDenied,
      user: { subscription_status: 'denied', derived_subscription_status: 'Inactive' },
    });
    expect((await userRow(db(), funder.id)).subscription_status).toBe('denied');
    const audit = (await auditFor(db(), funder.id)).at(-1);
    expect(audit).toMatchObject({ action: 'subscription.denied', reason, actor_id: admin.id });
    const notes = await notificationsOf(db(), funder.id);
    expect(notes.at(-1)).toMatchObject({ type: 'subscription_denied' });
    expect(notes.at(-1)!.message).toContain(reason);
    const denial = (await emailsTo(db(), funder.email)).find((m) => m.subject.includes('not approved'));
    expect(denial!.text).toContain(`Reason: ${reason}`);
    // The payment stays on record: denying is not a refund.
    expect((await subscriptionPayments(db(), funder.id)).map((p) => p.status)).toEqual(['completed']);
    // A denied funder may subscribe again.
    expect((await subscribe(t.app, funder, VISA)).json()).toMatchObject({
      subscription_status: 'payment_pending',
    });
  });

  it("deny-subscription: no reason, an empty one or only spaces answers 400 'Please provide a reason for denial' and changes nothing", async () => {
    const funder = await funderIn(t.app, 'payment_pending');
    for (const payload of [{}, { reason: '' }, { reason: '   ' }]) {
      const res = await adminCall(t.app, admin, 'POST', `/deny-subscription/${funder.id}`, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe(adminMessages.denialReasonRequired);
    }
    expect((await userRow(db(), funder.id)).subscription_status).toBe('payment_pending');
    expect(await auditFor(db(), funder.id)).toEqual([]);
  });

  it('deny-subscription: an active subscription answers 409', async () => {
    const funder = await funderIn(t.app, 'active');
    const res = await adminCall(t.app, admin, 'POST', `/deny-subscription/${funder.id}`, { reason: 'No' });
    expect(res.statusCode).toBe(409);
    expect((await userRow(db(), funder.id)).subscription_status).toBe('active');
  });
});

describe('POST /api/admin/subscription-failed/{id}', () => {
  it('subscription-failed: payment_pending becomes failed; only the latest open subscription payment is marked failed; notified; the funder may subscribe again', async () => {
    const funder = await funderIn(t.app, 'payment_pending');
    const older = await insertPayment(db(), {
      userId: funder.id,
      type: 'subscription',
      amountCents: 29_900,
      status: 'completed',
      createdAt: new Date(Date.now() - 60 * DAY),
    });
    const latest = await insertPayment(db(), {
      userId: funder.id,
      type: 'subscription',
      amountCents: 29_900,
      status: 'completed',
    });
    const res = await adminCall(t.app, admin, 'POST', `/subscription-failed/${funder.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: adminPeopleMessages.subscriptionFailed,
      user: { subscription_status: 'failed' },
    });
    expect((await userRow(db(), funder.id)).subscription_status).toBe('failed');
    const payments = new Map((await subscriptionPayments(db(), funder.id)).map((p) => [p.id, p]));
    expect(payments.get(latest)).toMatchObject({
      status: 'failed',
      failure_message: 'Marked as failed by an admin',
    });
    expect(payments.get(older)).toMatchObject({ status: 'completed' });
    expect((await auditFor(db(), funder.id)).map((a) => a.action)).toEqual(['subscription.payment_failed']);
    expect((await notificationsOf(db(), funder.id)).map((n) => n.type)).toEqual(['subscription_failed']);
    expect(await emailsTo(db(), funder.email)).toHaveLength(1);
    expect((await subscribe(t.app, funder, VISA)).json()).toMatchObject({
      subscription_status: 'payment_pending',
    });
  });

  it('subscription statuses: the database stores denied and failed and refuses a status outside spec 001 section 4.3', async () => {
    const funder = await funderIn(t.app, 'none');
    for (const status of ['denied', 'failed'] as const) {
      await db()
        .updateTable('user')
        .set({ subscription_status: status })
        .where('id', '=', funder.id)
        .execute();
      expect((await userRow(db(), funder.id)).subscription_status).toBe(status);
    }
    await expect(
      db()
        .updateTable('user')
        .set({ subscription_status: 'rejected' as never })
        .where('id', '=', funder.id)
        .execute(),
    ).rejects.toThrow(/user_subscription_status_check/);
  });

  it('subscription-failed: an active or absent subscription answers 409', async () => {
    for (const status of ['active', 'none'] as const) {
      const funder = await funderIn(t.app, status);
      expect((await adminCall(t.app, admin, 'POST', `/subscription-failed/${funder.id}`)).statusCode).toBe(
        409,
      );
    }
  });
});

describe('POST /api/admin/force-approve-funder/{id}', () => {
  it('force-approve-funder: an unapproved funder without a subscription becomes approved and active; audited as an override with its reason', async () => {
    const funder = await funderIn(t.app, 'none', { approved: false });
    const reason = 'Known institutional lender; paid by invoice';
    const res = await adminCall(t.app, admin, 'POST', `/force-approve-funder/${funder.id}`, { reason });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: adminPeopleMessages.funderForceApproved,
      user: { approved: true, subscription_status: 'active', derived_subscription_status: 'Active' },
    });
    const row = await userRow(db(), funder.id);
    expect(new Date(row.subscription_period_end!).getTime()).toBeGreaterThan(Date.now() + 27 * DAY);

    const audit = await auditFor(db(), funder.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'funder.force_approved', reason, actor_id: admin.id });
    expect(audit[0]!.before).toMatchObject({ approved: false, subscription_status: 'none' });
    expect(audit[0]!.after).toMatchObject({ approved: true, subscription_status: 'active' });
    const history = (await adminCall(t.app, admin, 'GET', '/override-history')).json();
    expect(history.entries[0]).toMatchObject({
      action_type: 'funder.force_approved',
      target_type: 'subscription',
      target_id: funder.id,
      reason,
    });
    expect((await notificationsOf(db(), funder.id)).map((n) => n.type)).toEqual(['account_approved']);
    expect(await emailsTo(db(), funder.email)).toHaveLength(1);
  });

  it('force-approve-funder: an approved funder awaiting review is activated and told their subscription is approved', async () => {
    const funder = await funderIn(t.app, 'payment_pending');
    const res = await adminCall(t.app, admin, 'POST', `/force-approve-funder/${funder.id}`, {
      reason: 'Checked',
    });
    expect(res.statusCode).toBe(200);
    expect((await userRow(db(), funder.id)).subscription_status).toBe('active');
    expect((await notificationsOf(db(), funder.id)).map((n) => n.type)).toEqual(['subscription_approved']);
  });

  it(`force-approve-funder: a blank reason answers 400 '${adminMessages.overrideReasonRequired}'; an approved, active funder or a developer 409`, async () => {
    const funder = await funderIn(t.app, 'none', { approved: false });
    for (const payload of [{}, { reason: ' ' }]) {
      const res = await adminCall(t.app, admin, 'POST', `/force-approve-funder/${funder.id}`, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe(adminMessages.overrideReasonRequired);
    }
    expect(await userRow(db(), funder.id)).toMatchObject({ approved: false, subscription_status: 'none' });

    const active = await funderIn(t.app, 'active');
    const twice = await adminCall(t.app, admin, 'POST', `/force-approve-funder/${active.id}`, {
      reason: 'Again',
    });
    expect(twice.statusCode).toBe(409);
    const developer = await createUser(t.app, { role: 'borrower', profile: 'default' });
    const wrongRole = await adminCall(t.app, admin, 'POST', `/force-approve-funder/${developer.id}`, {
      reason: 'Oops',
    });
    expect(wrongRole.statusCode).toBe(409);
    expect(wrongRole.json().error).toBe(adminPeopleMessages.notAFunder);
    expect(await auditFor(db(), developer.id)).toEqual([]);
  });
});
