import { adminMessages } from '@plinth/domain/admin';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
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

let t: TestApp;
let admin: TestUser;
let owner: TestUser;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await createUser(t.app, { role: 'admin', name: 'Alex Admin' });
  owner = await createUser(t.app, { role: 'borrower', profile: 'default', name: 'Dana Developer' });
});
afterAll(() => t.close());

const unknownId = '00000000-0000-4000-8000-000000000000';
const listingOf = async (id: string) => {
  const row = await projectRow(t.database.db, id);
  return (
    row && {
      payment_status: row.payment_status,
      visible: row.visible,
      submission_status: row.submission_status,
      payment_not_received: row.payment_not_received,
    }
  );
};

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

describe('override actions', () => {
  it('force-publish-project: an unpaid project is published, with the reason audited', async () => {
    const p = await projectIn(t.app, owner, 'draft');
    const reason = 'Paid by bank transfer, receipt 1042';
    const res = await adminCall(t.app, admin, 'POST', `/force-publish-project/${p.id}`, {
      reason,
      stripePaymentVerified: false,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Project force published',
      project: { status_label: 'Published' },
    });
    expect(await listingOf(p.id)).toEqual(listingStates.published);
    expect((await auditFor(t.database.db, p.id)).at(-1)).toMatchObject({
      action: 'project.force_published',
      reason,
      actor_id: admin.id,
      before: listingStates.draft,
      after: listingStates.published,
    });
    const notes = (await notificationsOf(t.database.db, owner.id)).filter((n) => n.related_id === p.id);
    expect(notes.map((n) => n.type)).toEqual(['project_published']);
  });

  it('force-publish-project: a paid project answers 409 and stays as it was', async () => {
    for (const state of ['published', 'rejected', 'pending'] as const) {
      const p = await projectIn(t.app, owner, state);
      const res = await adminCall(t.app, admin, 'POST', `/force-publish-project/${p.id}`, {
        reason: 'Why not',
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toBe('Force publish works on unpaid projects only');
      expect(await listingOf(p.id)).toEqual(listingStates[state]);
    }
  });

  it('revert-to-draft: a live project becomes an unpaid draft; a draft answers 409', async () => {
    const p = await projectIn(t.app, owner, 'published');
    const res = await adminCall(t.app, admin, 'POST', `/revert-to-draft/${p.id}`, {
      reason: 'Developer asked to take it down',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Project reverted to draft',
      project: { status_label: 'Draft' },
    });
    expect(await listingOf(p.id)).toEqual(listingStates.draft);
    expect((await auditFor(t.database.db, p.id)).at(-1)).toMatchObject({
      action: 'project.reverted_to_draft',
      reason: 'Developer asked to take it down',
    });
    const again = await adminCall(t.app, admin, 'POST', `/revert-to-draft/${p.id}`, { reason: 'Twice' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('The project is already a draft');
  });

  it('reject-project: a live project is rejected with the reason recorded; the developer is e-mailed paid_but_rejected; a draft answers 409', async () => {
    const p = await projectIn(t.app, owner, 'published', { title: 'Reject Override' });
    const reason = 'Valuation report is out of date';
    const res = await adminCall(t.app, admin, 'POST', `/reject-project/${p.id}`, { reason });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: 'Project rejected', project: { status_label: 'Rejected' } });
    expect(await projectRow(t.database.db, p.id)).toMatchObject({
      ...listingStates.rejected,
      last_rejection_reason: reason,
    });
    const mail = (await emailsTo(t.database.db, owner.email)).filter((m) =>
      m.subject.includes('Reject Override'),
    );
    expect(mail.map((m) => m.text.includes('Listing fee received') && m.text.includes(reason))).toEqual([
      true,
    ]);

    const draft = await projectIn(t.app, owner, 'draft');
    const refused = await adminCall(t.app, admin, 'POST', `/reject-project/${draft.id}`, { reason });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe('An unpaid draft cannot be rejected');
  });

  it('update-project-status: each of the five choices gives the listing state of spec 001 section 4.1', async () => {
    const expected = {
      draft: listingStates.draft,
      payment_pending: listingStates.pending,
      paid_unpublished: listingStates.paid_unpublished,
      published: listingStates.published,
      rejected: listingStates.rejected,
    };
    for (const [status, state] of Object.entries(expected)) {
      const p = await projectIn(t.app, owner, status === 'draft' ? 'published' : 'draft');
      const reason = `Set to ${status} for the test`;
      const res = await adminCall(t.app, admin, 'POST', `/update-project-status/${p.id}`, {
        status,
        reason,
        // The spec's client also sends these; the server derives them from `status`.
        payment_status: 'unpaid',
        visible: false,
      });
      expect(res.statusCode, status).toBe(200);
      expect(res.json().message).toBe('Project status updated');
      expect(await listingOf(p.id), status).toEqual(state);
      expect((await auditFor(t.database.db, p.id)).at(-1)).toMatchObject({
        action: 'project.status_changed',
        reason,
        after: state,
      });
    }
  });

  it("update-project-status: 'published' on a paid, rejected project re-approves it (the Re-approve row action)", async () => {
    const p = await projectIn(t.app, owner, 'rejected');
    const res = await adminCall(t.app, admin, 'POST', `/update-project-status/${p.id}`, {
      status: 'published',
      reason: 'Re-approve after review',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().project.status_label).toBe('Published');
    const notes = (await notificationsOf(t.database.db, owner.id)).filter((n) => n.related_id === p.id);
    expect(notes.map((n) => n.type)).toEqual(['project_published']);
  });

  it('update-project-status: an unknown status answers 400', async () => {
    const p = await projectIn(t.app, owner, 'draft');
    const res = await adminCall(t.app, admin, 'POST', `/update-project-status/${p.id}`, {
      status: 'live',
      reason: 'Because',
    });
    expect(res.statusCode).toBe(400);
    expect(await listingOf(p.id)).toEqual(listingStates.draft);
  });

  it('delete-project: the rows go, payments stay (unlinked), and the audit entry keeps a snapshot with the document list', async () => {
    const p = await projectIn(t.app, owner, 'published', { title: 'Delete Me' });
    await t.database.db
      .insertInto('project_document')
      .values({
        project_id: p.id,
        uploader_id: owner.id,
        document_type: 'feasibility_study',
        storage_key: `projects/${p.id}/feasibility.pdf`,
        file_name: 'feasibility.pdf',
        mime_type: 'application/pdf',
        size_bytes: 1234,
        sha256: 'a'.repeat(64),
      })
      .execute();
    const paymentId = await insertPayment(t.database.db, {
      userId: owner.id,
      projectId: p.id,
      status: 'completed',
    });
    const reason = 'Duplicate listing';
    const res = await adminCall(t.app, admin, 'DELETE', `/delete-project/${p.id}`, { reason });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Project deleted',
      project: { id: p.id, title: 'Delete Me' },
    });
    expect(await projectRow(t.database.db, p.id)).toBeUndefined();
    const docs = await t.database.db
      .selectFrom('project_document')
      .select('id')
      .where('project_id', '=', p.id)
      .execute();
    expect(docs).toHaveLength(0);
    const payment = await t.database.db
      .selectFrom('payment')
      .select(['project_id', 'status'])
      .where('id', '=', paymentId)
      .executeTakeFirstOrThrow();
    expect(payment).toEqual({ project_id: null, status: 'completed' });

    const entry = (await auditFor(t.database.db, p.id)).at(-1)!;
    expect(entry).toMatchObject({ action: 'project.deleted', reason, after: null, actor_id: admin.id });
    expect(entry.before).toMatchObject({
      project: { id: p.id, title: 'Delete Me', payment_status: 'paid', visible: true },
      documents: [{ file_name: 'feasibility.pdf', storage_key: `projects/${p.id}/feasibility.pdf` }],
    });

    const again = await adminCall(t.app, admin, 'DELETE', `/delete-project/${p.id}`, { reason });
    expect(again.statusCode).toBe(404);
  });

  const overrides: [string, 'POST' | 'DELETE', Record<string, unknown>][] = [
    ['/force-publish-project', 'POST', { stripePaymentVerified: true }],
    ['/revert-to-draft', 'POST', {}],
    ['/reject-project', 'POST', {}],
    ['/update-project-status', 'POST', { status: 'published' }],
    ['/delete-project', 'DELETE', {}],
    ['/confirm-payment', 'POST', { paymentIntentId: 'pi_123' }],
  ];
  for (const [path, method, rest] of overrides) {
    it(`${path.slice(1)}: no reason, an empty one or only whitespace answers 400 '${adminMessages.overrideReasonRequired}' and changes nothing`, async () => {
      const p = await projectIn(t.app, owner, path === '/force-publish-project' ? 'draft' : 'published');
      const before = await listingOf(p.id);
      for (const reason of [undefined, '', '   ', '\n\t ']) {
        const payload = reason === undefined ? rest : { ...rest, reason };
        const res = await adminCall(t.app, admin, method, `${path}/${p.id}`, payload);
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
        expect(res.json().error).toBe(adminMessages.overrideReasonRequired);
      }
      expect(await listingOf(p.id)).toEqual(before);
      expect((await auditFor(t.database.db, p.id)).map((a) => a.action)).toEqual(['project.created']);
    });
  }

  it('an override without any body answers 400', async () => {
    const p = await projectIn(t.app, owner, 'draft');
    const res = await adminCall(t.app, admin, 'POST', `/force-publish-project/${p.id}`);
    expect(res.statusCode).toBe(400);
    expect(await listingOf(p.id)).toEqual(listingStates.draft);
  });
});

describe('payments: confirm-payment, check-stripe-payment, sync-stripe-payment', () => {
  const intent = (projectId: string, overrides: Record<string, unknown> = {}) => ({
    id: `pi_confirmed_${projectId}`,
    clientSecret: 'secret',
    status: 'succeeded' as const,
    amountCents: 49_900,
    currency: 'AUD' as const,
    metadata: { type: 'project_listing', project_id: projectId, user_id: owner.id },
    lastError: null,
    ...overrides,
  });

  it('confirm-payment: a payment the provider reports succeeded for this listing puts the unpaid project under review, audited with the reason', async () => {
    const p = await projectIn(t.app, owner, 'draft');
    const retrieve = vi.spyOn(t.app.deps.payments, 'retrievePaymentIntent').mockResolvedValue(intent(p.id));
    const reason = 'Webhook missed; payment seen in the provider dashboard';
    const res = await adminCall(t.app, admin, 'POST', `/confirm-payment/${p.id}`, {
      paymentIntentId: `pi_confirmed_${p.id}`,
      reason,
    });
    expect(res.statusCode).toBe(200);
    expect(retrieve).toHaveBeenCalledWith(`pi_confirmed_${p.id}`);
    expect(res.json().project).toMatchObject({
      status_label: 'Pending Review',
      payment_status: 'payment_pending',
      payment_intent_id: `pi_confirmed_${p.id}`,
    });
    expect(res.json().message).toContain('now under review');
    const payments = await t.database.db
      .selectFrom('payment')
      .select(['status', 'amount_cents'])
      .where('project_id', '=', p.id)
      .execute();
    expect(payments).toEqual([{ status: 'completed', amount_cents: 49_900 }]);
    expect((await auditFor(t.database.db, p.id)).at(-1)).toMatchObject({
      actor_id: admin.id,
      reason,
      before: listingStates.draft,
      after: listingStates.pending,
    });
  });

  it('confirm-payment: a payment the provider does not vouch for answers 409 and changes nothing', async () => {
    const p = await projectIn(t.app, owner, 'draft');
    const answers = [
      null,
      intent(p.id, { status: 'requires_payment_method' }),
      intent(p.id, { metadata: { type: 'project_listing', project_id: unknownId, user_id: owner.id } }),
    ];
    for (const answer of answers) {
      vi.spyOn(t.app.deps.payments, 'retrievePaymentIntent').mockResolvedValue(answer);
      const res = await adminCall(t.app, admin, 'POST', `/confirm-payment/${p.id}`, {
        paymentIntentId: 'pi_x',
        reason: 'Checking',
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('CONFLICT');
    }
    expect(await listingOf(p.id)).toEqual(listingStates.draft);
    expect((await auditFor(t.database.db, p.id)).map((a) => a.action)).toEqual(['project.created']);
  });

  it('confirm-payment: an unknown project answers 404 without asking the provider', async () => {
    const retrieve = vi.spyOn(t.app.deps.payments, 'retrievePaymentIntent');
    const res = await adminCall(t.app, admin, 'POST', `/confirm-payment/${unknownId}`, {
      paymentIntentId: 'pi_x',
      reason: 'Checking',
    });
    expect(res.statusCode).toBe(404);
    expect(retrieve).not.toHaveBeenCalled();
  });

  it('check-stripe-payment and sync-stripe-payment: a draft with no payment has none and is not changed; unknown projects 404', async () => {
    const p = await projectIn(t.app, owner, 'draft');
    const check = await adminCall(t.app, admin, 'POST', `/check-stripe-payment/${p.id}`);
    expect(check.statusCode).toBe(200);
    expect(check.json()).toEqual({
      hasPayment: false,
      paymentStatus: null,
      amount: null,
      message: 'No payment has been started for this project',
    });
    const sync = await adminCall(t.app, admin, 'POST', `/sync-stripe-payment/${p.id}`);
    expect(sync.statusCode).toBe(200);
    expect(sync.json()).toMatchObject({ projectUpdated: false });
    expect(await listingOf(p.id)).toEqual(listingStates.draft);
    for (const path of ['/check-stripe-payment', '/sync-stripe-payment']) {
      expect((await adminCall(t.app, admin, 'POST', `${path}/${unknownId}`)).statusCode).toBe(404);
    }
  });
});

describe('GET /api/admin/projects', () => {
  let fresh: TestApp;
  let boss: TestUser;
  afterAll(() => fresh?.close());

  it('projects: filters, pages, pending count, labels and payment intent ids', async () => {
    fresh = await buildTestApp();
    boss = await createUser(fresh.app, { role: 'admin' });
    const dev = await createUser(fresh.app, { role: 'borrower', profile: 'default', name: 'Sam Builder' });
    const draft = await projectIn(fresh.app, dev, 'draft', { title: 'A draft' });
    const pending1 = await projectIn(fresh.app, dev, 'pending', { title: 'Pending one' });
    const live = await projectIn(fresh.app, dev, 'published', { title: 'Live one' });
    const rejected = await projectIn(fresh.app, dev, 'rejected', { title: 'Rejected one' });
    const pending2 = await projectIn(fresh.app, dev, 'pending', { title: 'Pending two' });

    const all = (await adminCall(fresh.app, boss, 'GET', '/projects')).json();
    expect(all).toMatchObject({ page: 1, limit: 50, total: 5, pending_review_count: 2 });
    // Newest first.
    expect(all.items.map((p: { id: string }) => p.id)).toEqual([
      pending2.id,
      rejected.id,
      live.id,
      pending1.id,
      draft.id,
    ]);
    const labels = Object.fromEntries(
      all.items.map((p: { title: string; status_label: string }) => [p.title, p.status_label]),
    );
    expect(labels).toEqual({
      'A draft': 'Draft',
      'Pending one': 'Pending Review',
      'Live one': 'Published',
      'Rejected one': 'Rejected',
      'Pending two': 'Pending Review',
    });
    const first = all.items.find((p: { id: string }) => p.id === pending1.id);
    expect(first).toMatchObject({
      borrower_id: dev.id,
      borrower_name: 'Sam Builder',
      borrower_email: dev.email,
      loan_amount: 4_000_000,
      payment_intent_id: `pi_${pending1.id}`,
      property_type: 'Residential',
      suburb: 'Marrickville',
      development_stage: 'Pre-Construction',
      project_size_sqm: 1850,
      documents_complete: false,
    });
    expect(all.items.find((p: { id: string }) => p.id === draft.id).payment_intent_id).toBeNull();

    const pending = (await adminCall(fresh.app, boss, 'GET', '/projects?status=pending_review')).json();
    expect(pending.items.map((p: { id: string }) => p.id)).toEqual([pending2.id, pending1.id]);
    expect(pending).toMatchObject({ total: 2, pending_review_count: 2 });
    const published = (await adminCall(fresh.app, boss, 'GET', '/projects?status=published')).json();
    expect(published.items.map((p: { id: string }) => p.id)).toEqual([live.id]);
    expect(published).toMatchObject({ total: 1, pending_review_count: 2 });

    const page2 = (await adminCall(fresh.app, boss, 'GET', '/projects?limit=2&page=2')).json();
    expect(page2.items.map((p: { id: string }) => p.id)).toEqual([live.id, pending1.id]);
    expect(page2.total).toBe(5);
    expect((await adminCall(fresh.app, boss, 'GET', '/projects?limit=101')).statusCode).toBe(400);
    expect((await adminCall(fresh.app, boss, 'GET', '/projects?status=unpaid')).statusCode).toBe(400);
  });
});

describe('GET /api/admin/stats', () => {
  let fresh: TestApp;
  afterAll(() => fresh?.close());

  it('stats: users not deleted, all projects, live ones, and completed payments in whole dollars', async () => {
    fresh = await buildTestApp();
    const boss = await createUser(fresh.app, { role: 'admin' });
    const dev = await createUser(fresh.app, { role: 'borrower', profile: 'default' });
    const funder = await createUser(fresh.app, { role: 'funder', approved: true, profile: 'default' });
    const gone = await createUser(fresh.app, { role: 'borrower', profile: 'default' });
    await fresh.database.db
      .updateTable('user')
      .set({ deleted_at: new Date() })
      .where('id', '=', gone.id)
      .execute();
    const live = await projectIn(fresh.app, dev, 'published');
    await projectIn(fresh.app, dev, 'pending');
    await projectIn(fresh.app, dev, 'rejected');
    await projectIn(fresh.app, dev, 'draft');
    const db = fresh.database.db;
    await insertPayment(db, { userId: dev.id, projectId: live.id, status: 'completed', amountCents: 49_900 });
    await insertPayment(db, {
      userId: funder.id,
      status: 'completed',
      amountCents: 29_900,
      type: 'subscription',
    });
    await insertPayment(db, { userId: dev.id, status: 'completed', amountCents: 49_950 });
    await insertPayment(db, { userId: dev.id, status: 'failed', amountCents: 49_900 });
    await insertPayment(db, { userId: dev.id, status: 'pending', amountCents: 49_900 });
    await insertPayment(db, { userId: funder.id, status: 'refunded', amountCents: 29_900 });

    const res = await adminCall(fresh.app, boss, 'GET', '/stats');
    expect(res.statusCode).toBe(200);
    // Hand-checked: 3 users (admin, developer, funder; the deleted one not counted); 4 projects,
    // 1 live; revenue (49,900 + 29,900 + 49,950) cents = $1,297.50, shown as $1,298.
    expect(res.json()).toEqual({
      total_users: 3,
      total_projects: 4,
      active_projects: 1,
      total_revenue: 1298,
    });
  });
});

describe('GET /api/admin/override-history', () => {
  let fresh: TestApp;
  afterAll(() => fresh?.close());

  it("override-history: admins' entries only, newest first, 10 by default, limit honoured", async () => {
    fresh = await buildTestApp();
    const boss = await createUser(fresh.app, { role: 'admin', name: 'Olivia Ops' });
    const dev = await createUser(fresh.app, { role: 'borrower', profile: 'default' });
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) {
      const p = await projectIn(fresh.app, dev, 'draft');
      ids.push(p.id);
      const res = await adminCall(fresh.app, boss, 'POST', `/force-publish-project/${p.id}`, {
        reason: `Override number ${i}`,
      });
      expect(res.statusCode).toBe(200);
    }
    const res = await adminCall(fresh.app, boss, 'GET', '/override-history');
    expect(res.statusCode).toBe(200);
    const { entries } = res.json();
    expect(entries).toHaveLength(10);
    expect(entries.map((e: { reason: string }) => e.reason)).toEqual(
      Array.from({ length: 10 }, (_, i) => `Override number ${11 - i}`),
    );
    expect(entries[0]).toMatchObject({
      admin_name: 'Olivia Ops',
      action_type: 'project.force_published',
      target_type: 'project',
      target_id: ids[11],
    });
    expect(typeof entries[0].id).toBe('number');
    expect(new Date(entries[0].created_at).toString()).not.toBe('Invalid Date');
    // The developer's 'project.created' entries are not overrides.
    expect(entries.every((e: { action_type: string }) => e.action_type !== 'project.created')).toBe(true);

    const three = (await adminCall(fresh.app, boss, 'GET', '/override-history?limit=3')).json();
    expect(three.entries.map((e: { target_id: string }) => e.target_id)).toEqual([ids[11], ids[10], ids[9]]);
    expect((await adminCall(fresh.app, boss, 'GET', '/override-history?limit=0')).statusCode).toBe(400);
  });
});
