import { adminMessages } from '@plinth/domain/admin';
import { godModeMessages } from '@plinth/domain/admin-console';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { verifyAuditChain } from '../src/modules/audit/audit.service';
import { as, buildTestApp, createUser, type TestApp, type TestUser } from './helpers';
import { adminCall, auditFor, insertPayment, projectIn } from './support/admin';
import { createFunder } from './support/marketplace';
import { createPayableProject, startIntent } from './support/payments';

let t: TestApp;
let admin: TestUser;
let owner: TestUser;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await createUser(t.app, { role: 'admin', name: 'Alex Admin' });
  owner = await createUser(t.app, { role: 'borrower', profile: 'default', name: 'Olga Owner' });
});
afterAll(() => t.close());
afterEach(() => vi.restoreAllMocks());

const db = () => t.database.db;
const reason = 'Checked with the developer by phone';

describe('God Mode routes: who may call them', () => {
  it('401 to anonymous, 403 to a developer, an active funder and an unapproved funder, before the body is read', async () => {
    const payment = await insertPayment(db(), { userId: owner.id, status: 'pending' });
    const callers: [TestUser | null, number][] = [
      [null, 401],
      [owner, 403],
      [await createFunder(t, 'active'), 403],
      [await createFunder(t, 'pending_approval'), 403],
    ];
    const calls: [method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>][] = [
      ['GET', '/unpaid-projects'],
      ['GET', '/all-payments'],
      ['POST', `/payments/${payment}/sync`, { reason: 42 }],
      ['POST', '/god-mode/system-message', { user_id: owner.id, message: 'Hi', reason }],
      // Spec 001's call, with no input, and the console's, with the reason.
      ['GET', `/view-as-user/${owner.id}`],
      ['GET', `/view-as-user/${owner.id}?reason=x`],
    ];
    for (const [method, url, payload] of calls)
      for (const [user, status] of callers) {
        const res = await adminCall(t.app, user, method, url, payload);
        expect(res.statusCode, `${method} ${url} as ${user?.email ?? 'anonymous'}`).toBe(status);
      }
    expect(await auditFor(db(), owner.id)).toEqual([]);
  });

  it("a blank or missing reason is 400 with the override message (View As User's optional reason: when blank), and nothing happens", async () => {
    const payment = await insertPayment(db(), { userId: owner.id, status: 'pending' });
    const bad = [
      ['POST', `/payments/${payment}/sync`, { reason: '   ' }],
      ['POST', '/god-mode/system-message', { user_id: owner.id, message: 'Hello', reason: ' ' }],
      ['POST', '/god-mode/system-message', { user_id: owner.id, message: 'Hello' }],
      ['GET', `/view-as-user/${owner.id}?reason=%20`],
    ] as const;
    for (const [method, url, payload] of bad) {
      const res = await adminCall(t.app, admin, method, url, payload as Record<string, unknown> | undefined);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error).toContain(adminMessages.overrideReasonRequired);
    }
    const blankMessage = await adminCall(t.app, admin, 'POST', '/god-mode/system-message', {
      user_id: owner.id,
      message: '  ',
      reason,
    });
    expect(blankMessage.statusCode).toBe(400);
    expect(blankMessage.json().error).toContain(adminMessages.messageRequired);
    expect(await auditFor(db(), owner.id)).toEqual([]);
  });
});

describe('God Mode lists', () => {
  it('unpaid-projects: only unpaid drafts, newest first, with the developer', async () => {
    const draft = await projectIn(t.app, owner, 'draft', { title: 'Unpaid Draft' });
    const live = await projectIn(t.app, owner, 'published', { title: 'Live One' });
    const res = await adminCall(t.app, admin, 'GET', '/unpaid-projects');
    expect(res.statusCode).toBe(200);
    const ids = res.json().items.map((p: { id: string }) => p.id);
    expect(ids).toContain(draft.id);
    expect(ids).not.toContain(live.id);
    expect(res.json().items.find((p: { id: string }) => p.id === draft.id)).toMatchObject({
      title: 'Unpaid Draft',
      borrower_name: 'Olga Owner',
      loan_amount: 4_000_000,
    });
  });

  it('all-payments: newest first with user, type, amount in cents, status and project', async () => {
    const p = await projectIn(t.app, owner, 'published', { title: 'Paid Listing' });
    const older = await insertPayment(db(), {
      userId: owner.id,
      projectId: p.id,
      status: 'completed',
      createdAt: new Date(Date.now() - 60_000),
    });
    const newer = await insertPayment(db(), { userId: owner.id, projectId: p.id, status: 'failed' });
    const res = await adminCall(t.app, admin, 'GET', '/all-payments?limit=200');
    expect(res.statusCode).toBe(200);
    expect(res.json().items[0].id).toBe(newer);
    const items = res.json().items.filter((i: { project_id: string }) => i.project_id === p.id);
    expect(items.map((i: { id: string }) => i.id)).toEqual([newer, older]);
    expect(items[1]).toMatchObject({
      user_name: 'Olga Owner',
      payment_type: 'project_listing',
      amount: 49_900,
      status: 'completed',
      project_id: p.id,
      project_title: 'Paid Listing',
    });
  });
});

describe('God Mode actions', () => {
  it('sync: a listing payment the provider reports succeeded puts the project under review, audited with the reason', async () => {
    const project = await createPayableProject(t, owner);
    const started = await startIntent(t.app, owner, project.id);
    const payment = await db()
      .selectFrom('payment')
      .select(['id', 'status'])
      .where('project_id', '=', project.id)
      .executeTakeFirst();
    const paymentId =
      payment?.id ??
      (await insertPayment(db(), { userId: owner.id, projectId: project.id, status: 'pending' }));
    vi.spyOn(t.app.deps.payments, 'retrievePaymentIntent').mockResolvedValue({
      id: started.payment_intent_id,
      clientSecret: 'secret',
      status: 'succeeded',
      amountCents: 49_900,
      currency: 'AUD',
      metadata: { type: 'project_listing', project_id: project.id, user_id: owner.id },
      lastError: null,
    });
    const res = await adminCall(t.app, admin, 'POST', `/payments/${paymentId}/sync`, { reason });
    expect(res.statusCode).toBe(200);
    expect(res.json().projectUpdated).toBe(true);
    const row = await db()
      .selectFrom('project')
      .select('payment_status')
      .where('id', '=', project.id)
      .executeTakeFirst();
    expect(row?.payment_status).toBe('payment_pending');
    expect((await auditFor(db(), project.id)).at(-1)).toMatchObject({ actor_id: admin.id, reason });
  });

  it('sync: nothing to apply is answered and still audited; a completed or subscription payment is 409; unknown 404', async () => {
    const project = await projectIn(t.app, owner, 'draft');
    const pending = await insertPayment(db(), { userId: owner.id, projectId: project.id, status: 'pending' });
    const res = await adminCall(t.app, admin, 'POST', `/payments/${pending}/sync`, { reason });
    expect(res.statusCode).toBe(200);
    expect(res.json().projectUpdated).toBe(false);
    expect((await auditFor(db(), pending)).map((a) => [a.action, a.reason])).toEqual([
      ['payment.synced', reason],
    ]);

    const completed = await insertPayment(db(), {
      userId: owner.id,
      projectId: project.id,
      status: 'completed',
    });
    expect(
      (await adminCall(t.app, admin, 'POST', `/payments/${completed}/sync`, { reason })).statusCode,
    ).toBe(409);
    const subscription = await insertPayment(db(), {
      userId: owner.id,
      status: 'failed',
      type: 'subscription',
    });
    expect(
      (await adminCall(t.app, admin, 'POST', `/payments/${subscription}/sync`, { reason })).statusCode,
    ).toBe(409);
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await adminCall(t.app, admin, 'POST', `/payments/${unknown}/sync`, { reason })).statusCode).toBe(
      404,
    );
  });

  it("system message: in the user's Plinth Support thread and bell, audited in the same transaction", async () => {
    const user = await createUser(t.app, { role: 'borrower', profile: 'default' });
    const res = await adminCall(t.app, admin, 'POST', '/god-mode/system-message', {
      user_id: user.id,
      message: 'Scheduled maintenance tonight',
      reason,
    });
    expect(res.statusCode).toBe(200);
    const thread = await as(t.app, user, { method: 'GET', url: '/api/messages/admin' });
    expect(JSON.stringify(thread.json())).toContain('Scheduled maintenance tonight');
    const bell = await as(t.app, user, { method: 'GET', url: '/api/notifications' });
    expect(bell.json().items.map((n: { message: string }) => n.message)).toContain(
      'Scheduled maintenance tonight',
    );
    expect((await auditFor(db(), user.id)).map((a) => [a.action, a.actor_id, a.reason])).toEqual([
      ['user.system_message_sent', admin.id, reason],
    ]);
    const unknown = await adminCall(t.app, admin, 'POST', '/god-mode/system-message', {
      user_id: 'no-such-user',
      message: 'Hello',
      reason,
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('view as user: the name and standing only, audited with the admin, the target and the reason', async () => {
    const user = await createUser(t.app, { role: 'borrower', profile: 'default', name: 'Vera Viewed' });
    const res = await adminCall(
      t.app,
      admin,
      'GET',
      `/view-as-user/${user.id}?reason=${encodeURIComponent(reason)}`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ id: user.id, name: 'Vera Viewed', role: 'borrower' });
    expect(res.body).not.toContain(user.email);
    expect(
      (await auditFor(db(), user.id)).map((a) => [a.action, a.actor_id, a.actor_name, a.reason]),
    ).toEqual([['user.viewed_as', admin.id, 'Alex Admin', reason]]);
    expect((await adminCall(t.app, admin, 'GET', `/view-as-user/nobody?reason=x`)).statusCode).toBe(404);
    expect(await verifyAuditChain(db())).toMatchObject({ ok: true });
  });

  it("view as user with no input (spec 001's call): the same answer, audited with the admin and the target and no reason; an unknown id 404 and no entry", async () => {
    const user = await createUser(t.app, {
      role: 'funder',
      approved: true,
      profile: 'default',
      name: 'Nia Noreason',
    });
    const res = await adminCall(t.app, admin, 'GET', `/view-as-user/${user.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      user: {
        id: user.id,
        name: 'Nia Noreason',
        role: 'funder',
        approved: true,
        subscription_status: expect.any(String),
        created_at: expect.any(String),
      },
    });
    expect(
      (await auditFor(db(), user.id)).map((a) => [a.action, a.actor_id, a.actor_name, a.reason]),
    ).toEqual([['user.viewed_as', admin.id, 'Alex Admin', null]]);
    const unknown = await adminCall(
      t.app,
      admin,
      'GET',
      '/view-as-user/00000000-0000-4000-8000-000000000000',
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toBe(godModeMessages.userNotFound);
    expect(await auditFor(db(), '00000000-0000-4000-8000-000000000000')).toEqual([]);
    expect(await verifyAuditChain(db())).toMatchObject({ ok: true });
  });

  it('the API document gives View As User one optional query parameter, reason (decision 040)', async () => {
    const spec = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const query = spec.paths['/api/admin/view-as-user/{id}'].get.parameters.filter(
      (p: { in: string }) => p.in === 'query',
    );
    expect(query.map((p: { name: string; required?: boolean }) => [p.name, p.required ?? false])).toEqual([
      ['reason', false],
    ]);
  });
});
