import { adminMessages } from '@plinth/domain/admin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createUser, type TestApp, type TestUser } from './helpers';
import {
  adminCall,
  auditFor,
  emailsTo,
  insertPayment,
  listingStates,
  notificationsOf,
  projectIn,
  projectRow,
} from './support/admin';
import { listingStateOf, unknownProjectId } from './support/admin-listing';

// The admin's project actions: who may call the admin routes, Approve, Deny and Payment Failed.
// The overrides are in admin-overrides.test.ts; the lists (projects, stats, override history) in
// admin-lists.test.ts.

let t: TestApp;
let admin: TestUser;
let owner: TestUser;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await createUser(t.app, { role: 'admin', name: 'Alex Admin' });
  owner = await createUser(t.app, { role: 'borrower', profile: 'default', name: 'Dana Developer' });
});
afterAll(() => t.close());

const unknownId = unknownProjectId;
const listingOf = (id: string) => listingStateOf(t.database.db, id);

describe('admin routes: who may call them', () => {
  it('every admin route answers 403 to a developer and a funder and 401 to anonymous, changing nothing', async () => {
    const funder = await createUser(t.app, { role: 'funder', approved: true, profile: 'default' });
    const p = await projectIn(t.app, owner, 'pending');
    const reason = { reason: 'Trying my luck' };
    const routes: [method: 'GET' | 'POST' | 'DELETE', url: string, payload?: Record<string, unknown>][] = [
      ['GET', '/projects'],
      ['GET', '/stats'],
      ['GET', '/override-history'],
      ['POST', `/approve-project/${p.id}`],
      ['POST', `/deny-project/${p.id}`, { ...reason, payment_not_received: true }],
      ['POST', `/payment-failed/${p.id}`],
      ['POST', `/force-publish-project/${p.id}`, reason],
      ['POST', `/revert-to-draft/${p.id}`, reason],
      ['POST', `/reject-project/${p.id}`, reason],
      ['POST', `/update-project-status/${p.id}`, { status: 'published', ...reason }],
      ['DELETE', `/delete-project/${p.id}`, reason],
      ['POST', `/check-stripe-payment/${p.id}`],
      ['POST', `/sync-stripe-payment/${p.id}`],
      ['POST', `/confirm-payment/${p.id}`, { paymentIntentId: 'pi_123', ...reason }],
    ];
    for (const [method, url, payload] of routes) {
      for (const [user, status] of [
        [owner, 403],
        [funder, 403],
        [null, 401],
      ] as const) {
        const res = await adminCall(t.app, user, method, url, payload);
        expect(res.statusCode, `${method} ${url} as ${user ? user.email : 'anonymous'}`).toBe(status);
      }
    }
    // The guard runs before the body is read: a malformed body still gets 403, not 400.
    const malformed = await adminCall(t.app, owner, 'POST', `/deny-project/${p.id}`, { reason: 42 });
    expect(malformed.statusCode).toBe(403);
    expect(await listingOf(p.id)).toEqual(listingStates.pending);
    expect((await auditFor(t.database.db, p.id)).map((a) => a.action)).toEqual(['project.created']);
  });

  it('an unknown project answers 404 and a malformed id 400', async () => {
    const approve = await adminCall(t.app, admin, 'POST', `/approve-project/${unknownId}`);
    expect(approve.statusCode).toBe(404);
    expect(approve.json().error).toBe('Project not found');
    const force = await adminCall(t.app, admin, 'POST', `/force-publish-project/${unknownId}`, {
      reason: 'Checked',
    });
    expect(force.statusCode).toBe(404);
    const del = await adminCall(t.app, admin, 'DELETE', `/delete-project/${unknownId}`, { reason: 'Spam' });
    expect(del.statusCode).toBe(404);
    expect((await adminCall(t.app, admin, 'POST', '/approve-project/not-a-uuid')).statusCode).toBe(400);
  });
});

describe('POST /api/admin/approve-project/{id}', () => {
  it('approve-project: the Quick Approve override records its reason in the audit log', async () => {
    const p = await projectIn(t.app, owner, 'pending');
    const res = await adminCall(t.app, admin, 'POST', `/approve-project/${p.id}`, {
      reason: 'Checked the payment by phone',
    });
    expect(res.statusCode).toBe(200);
    const audit = await auditFor(t.database.db, p.id);
    expect(audit.at(-1)).toMatchObject({
      action: 'project.approved',
      reason: 'Checked the payment by phone',
    });
  });

  it('approve-project: an unknown field in the body answers 400 and publishes nothing', async () => {
    const p = await projectIn(t.app, owner, 'pending');
    const res = await adminCall(t.app, admin, 'POST', `/approve-project/${p.id}`, { visible: true });
    expect(res.statusCode).toBe(400);
    expect(await listingOf(p.id)).toEqual(listingStates.pending);
  });

  it('approve-project: a project under review is published; the developer is notified and e-mailed; audited', async () => {
    const p = await projectIn(t.app, owner, 'pending', { title: 'Harbour View Terraces' });
    const res = await adminCall(t.app, admin, 'POST', `/approve-project/${p.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Project approved and published',
      project: {
        id: p.id,
        payment_status: 'paid',
        visible: true,
        status_label: 'Published',
        borrower_name: 'Dana Developer',
        borrower_email: owner.email,
        payment_intent_id: `pi_${p.id}`,
      },
    });
    expect(await listingOf(p.id)).toEqual(listingStates.published);

    const notes = (await notificationsOf(t.database.db, owner.id)).filter((n) => n.related_id === p.id);
    expect(notes.map((n) => n.type)).toEqual(['project_published']);
    const mail = (await emailsTo(t.database.db, owner.email)).filter((m) =>
      m.subject.includes('Harbour View Terraces'),
    );
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toBe('Your project "Harbour View Terraces" is live');

    const audit = await auditFor(t.database.db, p.id);
    expect(audit.at(-1)).toMatchObject({
      action: 'project.approved',
      actor_id: admin.id,
      actor_name: 'Alex Admin',
      target_type: 'project',
      before: listingStates.pending,
      after: listingStates.published,
    });
  });

  it('approve-project: a draft or a live project answers 409 with the state machine message', async () => {
    for (const state of ['draft', 'published'] as const) {
      const p = await projectIn(t.app, owner, state);
      const res = await adminCall(t.app, admin, 'POST', `/approve-project/${p.id}`);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        code: 'CONFLICT',
        error: 'Only a project under review can be approved',
      });
      expect(await listingOf(p.id)).toEqual(listingStates[state]);
    }
  });

  it('approve-project: a paid, rejected project is re-approved (published, audited as a re-approval)', async () => {
    const p = await projectIn(t.app, owner, 'rejected');
    const res = await adminCall(t.app, admin, 'POST', `/approve-project/${p.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Project re-approved and published');
    expect(await listingOf(p.id)).toEqual(listingStates.published);
    expect((await auditFor(t.database.db, p.id)).at(-1)?.action).toBe('project.reapproved');
  });
});

describe('POST /api/admin/deny-project/{id}', () => {
  it("deny-project: without 'payment not received' the project is paid, hidden and rejected; the e-mail says the fee was received, in words", async () => {
    const p = await projectIn(t.app, owner, 'pending', { title: 'Deny Me Paid' });
    const reason = 'The feasibility study is missing the sales comparables.';
    const res = await adminCall(t.app, admin, 'POST', `/deny-project/${p.id}`, { reason });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Project denied; the developer has been told why',
      project: { status_label: 'Rejected', last_rejection_reason: reason },
    });
    const row = await projectRow(t.database.db, p.id);
    expect(row).toMatchObject({ ...listingStates.rejected, last_rejection_reason: reason });
    expect(row!.rejection_date).toBeInstanceOf(Date);

    const notes = (await notificationsOf(t.database.db, owner.id)).filter((n) => n.related_id === p.id);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ type: 'project_rejected' });
    expect(notes[0]!.message).toContain(reason);
    const mail = (await emailsTo(t.database.db, owner.email)).filter((m) =>
      m.subject.includes('Deny Me Paid'),
    );
    expect(mail).toHaveLength(1);
    expect(mail[0]!.text).toContain('"Deny Me Paid"');
    expect(mail[0]!.text).toContain(`Reason: ${reason}`);
    expect(mail[0]!.text).toContain('Payment state: Listing fee received (project status: Rejected)');
    expect(mail[0]!.text).not.toMatch(/paid_but_rejected|returned_to_draft/);

    expect((await auditFor(t.database.db, p.id)).at(-1)).toMatchObject({
      action: 'project.denied',
      reason,
      before: listingStates.pending,
      after: listingStates.rejected,
    });
  });

  it("deny-project: with 'payment not received' the project returns to an unpaid draft, flagged; its payment is marked failed; the e-mail says the fee was not received, in words", async () => {
    const p = await projectIn(t.app, owner, 'pending', { title: 'Deny Me Unpaid' });
    const paymentId = await insertPayment(t.database.db, {
      userId: owner.id,
      projectId: p.id,
      status: 'completed',
    });
    const reason = 'The card payment was reversed by the bank.';
    const res = await adminCall(t.app, admin, 'POST', `/deny-project/${p.id}`, {
      reason,
      payment_not_received: true,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().project).toMatchObject({ payment_status: 'unpaid', status_label: 'Rejected' });
    const row = await projectRow(t.database.db, p.id);
    expect(row).toMatchObject({
      payment_status: 'unpaid',
      visible: false,
      submission_status: 'rejected',
      payment_not_received: true,
      last_rejection_reason: reason,
    });
    expect(row!.rejection_date).toBeInstanceOf(Date);
    const payment = await t.database.db
      .selectFrom('payment')
      .select('status')
      .where('id', '=', paymentId)
      .executeTakeFirstOrThrow();
    expect(payment.status).toBe('failed');

    const mail = (await emailsTo(t.database.db, owner.email)).filter((m) =>
      m.subject.includes('Deny Me Unpaid'),
    );
    expect(mail).toHaveLength(1);
    expect(mail[0]!.text).toContain(reason);
    expect(mail[0]!.text).toContain('Payment state: Listing fee not received (project status: Draft)');
    expect(mail[0]!.text).not.toMatch(/paid_but_rejected|returned_to_draft/);
    expect((await auditFor(t.database.db, p.id)).at(-1)).toMatchObject({
      action: 'project.denied',
      reason,
      after: { payment_status: 'unpaid', payment_not_received: true },
    });
  });

  it("deny-project: no reason, an empty one or only spaces answers 400 'Please provide a reason for denial'", async () => {
    const p = await projectIn(t.app, owner, 'pending');
    for (const payload of [{}, { reason: '' }, { reason: '  \n\t ' }, { payment_not_received: true }]) {
      const res = await adminCall(t.app, admin, 'POST', `/deny-project/${p.id}`, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe(adminMessages.denialReasonRequired);
    }
    expect(await listingOf(p.id)).toEqual(listingStates.pending);
  });

  it('deny-project: a draft answers 409', async () => {
    const p = await projectIn(t.app, owner, 'draft');
    const res = await adminCall(t.app, admin, 'POST', `/deny-project/${p.id}`, { reason: 'No' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe('Only a project under review can be denied');
  });
});

describe('POST /api/admin/payment-failed/{id}', () => {
  it('payment-failed: the project returns to an unpaid draft and only its latest open listing payment is marked failed', async () => {
    const p = await projectIn(t.app, owner, 'pending');
    const older = await insertPayment(t.database.db, {
      userId: owner.id,
      projectId: p.id,
      status: 'pending',
      createdAt: new Date(Date.now() - 60_000),
    });
    const latest = await insertPayment(t.database.db, {
      userId: owner.id,
      projectId: p.id,
      status: 'completed',
    });
    const res = await adminCall(t.app, admin, 'POST', `/payment-failed/${p.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Payment marked as failed; the project is back in draft',
      project: { payment_status: 'unpaid', status_label: 'Draft' },
    });
    expect(await listingOf(p.id)).toEqual(listingStates.draft);
    const payments = await t.database.db
      .selectFrom('payment')
      .select(['id', 'status'])
      .where('project_id', '=', p.id)
      .execute();
    expect(Object.fromEntries(payments.map((r) => [r.id, r.status]))).toEqual({
      [older]: 'pending',
      [latest]: 'failed',
    });
    expect((await auditFor(t.database.db, p.id)).at(-1)).toMatchObject({
      action: 'project.payment_failed',
      before: listingStates.pending,
      after: listingStates.draft,
    });
    const notes = (await notificationsOf(t.database.db, owner.id)).filter((n) => n.related_id === p.id);
    expect(notes.map((n) => n.type)).toEqual(['system']);
  });

  it('payment-failed: a live project answers 409', async () => {
    const p = await projectIn(t.app, owner, 'published');
    const res = await adminCall(t.app, admin, 'POST', `/payment-failed/${p.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe('Only a project under review can have its payment marked failed');
  });
});
