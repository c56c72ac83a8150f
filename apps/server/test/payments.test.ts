import { randomUUID } from 'node:crypto';
import { LISTING_FEE_CENTS } from '@plinth/domain/constants';
import { paymentMessages } from '@plinth/domain/payments';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, buildTestApp, createProject, createUser, type TestApp, type TestUser } from './helpers';
import {
  auditActions,
  authenticate,
  confirmWith,
  createPayableProject,
  notificationsOf,
  outboxTo,
  paymentRows,
  projectRow,
  startIntent,
  startPayment,
} from './support/payments';

// The developer's listing payment: the sandbox's Publish modal path and create-project-payment.
// Events and webhooks are in payments-webhooks.test.ts; the admin's check and sync in
// payments-sync.test.ts.

const VISA = '4242 4242 4242 4242';
const DECLINED = '4000 0000 0000 0002';
const NEEDS_AUTH = '4000 0025 0000 3155';

let t: TestApp;
let owner: TestUser;
let otherBorrower: TestUser;
let funder: TestUser;
let admin: TestUser;
beforeAll(async () => {
  t = await buildTestApp();
  owner = await createUser(t.app, { role: 'borrower', profile: 'default', name: 'Dana Developer' });
  otherBorrower = await createUser(t.app, { role: 'borrower', profile: 'default' });
  funder = await createUser(t.app, { role: 'funder', approved: true, profile: 'default' });
  admin = await createUser(t.app, { role: 'admin', name: 'Ada Admin' });
});
afterAll(() => t.close());

describe('sandbox payments: the Publish modal path', () => {
  it('create-project-payment then 4242: the project is Under Review, paid in cents, audited and notified', async () => {
    const project = await createPayableProject(t, owner);
    const intent = await startIntent(t.app, owner, project.id);
    expect(intent).toMatchObject({
      status: 'requires_confirmation',
      provider: 'sandbox',
      amount_cents: 49_900,
      currency: 'AUD',
      publishable_key: null,
    });
    expect(intent.payment_intent_id).toMatch(/^pi_sandbox_[0-9a-f]{32}$/);
    expect(intent.client_secret.startsWith(`${intent.payment_intent_id}_secret_`)).toBe(true);

    const pending = await paymentRows(t, project.id);
    expect(pending).toHaveLength(1);
    expect(pending[0]).toMatchObject({ status: 'pending', amount_cents: LISTING_FEE_CENTS });

    const confirm = await confirmWith(t.app, owner, intent, { card_number: VISA });
    expect(confirm.statusCode).toBe(200);
    expect(confirm.json()).toEqual({ status: 'succeeded', message: null });

    const view = await as(t.app, owner, { method: 'GET', url: `/api/projects/${project.id}` });
    expect(view.json()).toMatchObject({
      payment_status: 'payment_pending',
      status_label: 'Under Review',
      visible: false,
      stripe_payment_intent_id: intent.payment_intent_id,
    });
    expect(view.json().payment_date).toEqual(expect.any(String));

    const [payment] = await paymentRows(t, project.id);
    expect(payment).toMatchObject({
      type: 'project_listing',
      amount_cents: 49_900,
      currency: 'AUD',
      status: 'completed',
      provider: 'sandbox',
      provider_reference: intent.payment_intent_id,
      idempotency_key: `project-listing-${project.id}`,
      user_id: owner.id,
      failure_message: null,
    });

    expect(await auditActions(t, project.id)).toEqual(['project.created', 'payment.succeeded']);
    const audit = await t.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('target_id', '=', project.id)
      .where('action', '=', 'payment.succeeded')
      .executeTakeFirstOrThrow();
    expect(audit.before).toMatchObject({ payment_status: 'unpaid' });
    expect(audit.after).toMatchObject({ payment_status: 'payment_pending' });

    const notes = (await notificationsOf(t, owner.id)).filter((n) => n.related_id === project.id);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ type: 'payment_success' });
    const mails = (await outboxTo(t, owner.email)).filter((m) => m.text?.includes(intent.payment_intent_id));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('$499');

    // Card numbers are never stored, not even inside the recorded events.
    const events = await t.database.db.selectFrom('payment_event').select('payload').execute();
    expect(JSON.stringify(events)).not.toContain('4242');
  });

  it('sandbox/confirm: the declined card fails with its message, the project stays a draft, and 4242 then succeeds on the same intent', async () => {
    const project = await createPayableProject(t, owner);
    const intent = await startIntent(t.app, owner, project.id);

    const declined = await confirmWith(t.app, owner, intent, { card_number: DECLINED });
    expect(declined.statusCode).toBe(200);
    expect(declined.json()).toEqual({ status: 'failed', message: 'Your card was declined.' });
    expect((await projectRow(t, project.id)).payment_status).toBe('unpaid');
    const [failed] = await paymentRows(t, project.id);
    expect(failed).toMatchObject({ status: 'failed', failure_message: 'Your card was declined.' });

    // The Publish modal is opened again: the same intent comes back, not a second one.
    const again = await startIntent(t.app, owner, project.id);
    expect(again.payment_intent_id).toBe(intent.payment_intent_id);
    expect(again.client_secret).toBe(intent.client_secret);

    const paid = await confirmWith(t.app, owner, again, { card_number: '4242424242424242' });
    expect(paid.json()).toEqual({ status: 'succeeded', message: null });
    expect((await projectRow(t, project.id)).payment_status).toBe('payment_pending');
    const rows = await paymentRows(t, project.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'completed', failure_message: null });
  });

  it('sandbox/confirm: the authentication card requires action, then an approved authentication succeeds', async () => {
    const project = await createPayableProject(t, owner);
    const intent = await startIntent(t.app, owner, project.id);

    const action = await confirmWith(t.app, owner, intent, { card_number: NEEDS_AUTH });
    expect(action.json()).toEqual({
      status: 'requires_action',
      message: paymentMessages.authenticationRequired,
    });
    expect((await projectRow(t, project.id)).payment_status).toBe('unpaid');

    const done = await authenticate(t.app, owner, intent, true);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ status: 'succeeded', message: null });
    expect((await projectRow(t, project.id)).payment_status).toBe('payment_pending');
    expect((await paymentRows(t, project.id))[0]!.status).toBe('completed');
  });

  it('sandbox/authenticate: a refused authentication fails and the card can be tried again', async () => {
    const project = await createPayableProject(t, owner);
    const intent = await startIntent(t.app, owner, project.id);
    await confirmWith(t.app, owner, intent, { payment_method: 'pm_card_authenticationRequired' });

    const refused = await authenticate(t.app, owner, intent, false);
    expect(refused.json()).toEqual({ status: 'failed', message: paymentMessages.authenticationFailed });
    expect((await paymentRows(t, project.id))[0]).toMatchObject({
      status: 'failed',
      failure_message: paymentMessages.authenticationFailed,
    });
    expect((await projectRow(t, project.id)).payment_status).toBe('unpaid');

    // Nothing is waiting for authentication any more.
    const stale = await authenticate(t.app, owner, intent, true);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error).toBe(paymentMessages.notAwaitingAuthentication);
  });

  it("sandbox/confirm: Stripe's test PaymentMethod ids behave like their cards", async () => {
    const declinedProject = await createPayableProject(t, owner);
    const declinedIntent = await startIntent(t.app, owner, declinedProject.id);
    const declined = await confirmWith(t.app, owner, declinedIntent, {
      payment_method: 'pm_card_chargeDeclined',
    });
    expect(declined.json()).toEqual({ status: 'failed', message: 'Your card was declined.' });

    const visaProject = await createPayableProject(t, owner);
    const visaIntent = await startIntent(t.app, owner, visaProject.id);
    const visa = await confirmWith(t.app, owner, visaIntent, { payment_method: 'pm_card_visa' });
    expect(visa.json()).toEqual({ status: 'succeeded', message: null });
    expect((await projectRow(t, visaProject.id)).payment_status).toBe('payment_pending');
  });

  it('sandbox/confirm: any other card number is declined with a message naming the test card', async () => {
    const project = await createPayableProject(t, owner);
    const intent = await startIntent(t.app, owner, project.id);
    const res = await confirmWith(t.app, owner, intent, { card_number: '5555 5555 5555 4444' });
    expect(res.json()).toEqual({ status: 'failed', message: paymentMessages.unknownTestCard });
    expect((await paymentRows(t, project.id))[0]!.failure_message).toBe(paymentMessages.unknownTestCard);
  });

  it('sandbox/confirm: input that is not a card answers 400 and records nothing', async () => {
    const project = await createPayableProject(t, owner);
    const intent = await startIntent(t.app, owner, project.id);
    const cases: [Record<string, string>, string][] = [
      [{ card_number: '4242 abcd 4242 4242' }, paymentMessages.cardInvalid],
      [{ card_number: '4242' }, paymentMessages.cardIncomplete],
      [{}, paymentMessages.cardIncomplete],
      [{ payment_method: 'pm_card_mastercard_unknown' }, paymentMessages.unknownPaymentMethod],
      [{ card_number: VISA, payment_method: 'pm_card_visa' }, paymentMessages.cardOrPaymentMethod],
    ];
    for (const [card, message] of cases) {
      const res = await confirmWith(t.app, owner, intent, card);
      expect(res.statusCode, JSON.stringify(card)).toBe(400);
      expect(res.json().error).toBe(message);
    }
    expect((await paymentRows(t, project.id))[0]!.status).toBe('pending');
  });

  it('sandbox/confirm: a client secret that was not issued for the intent answers 404', async () => {
    const project = await createPayableProject(t, owner);
    const intent = await startIntent(t.app, owner, project.id);
    const res = await confirmWith(
      t.app,
      owner,
      { ...intent, client_secret: `${intent.payment_intent_id}_secret_forged00000000000000000` },
      { card_number: VISA },
    );
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe(paymentMessages.paymentNotFound);
    expect((await projectRow(t, project.id)).payment_status).toBe('unpaid');
  });

  it("sandbox/confirm: another developer confirming the owner's intent answers 404", async () => {
    const project = await createPayableProject(t, owner);
    const intent = await startIntent(t.app, owner, project.id);
    const res = await confirmWith(t.app, otherBorrower, intent, { card_number: VISA });
    expect(res.statusCode).toBe(404);
    expect((await projectRow(t, project.id)).payment_status).toBe('unpaid');
  });

  it('sandbox/confirm: paying again after success answers 409 and charges nothing', async () => {
    const project = await createPayableProject(t, owner);
    const intent = await startIntent(t.app, owner, project.id);
    await confirmWith(t.app, owner, intent, { card_number: VISA });
    const again = await confirmWith(t.app, owner, intent, { card_number: VISA });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(paymentMessages.alreadyProcessed);
    expect(await auditActions(t, project.id)).toEqual(['project.created', 'payment.succeeded']);
  });
});

describe('POST /api/payments/create-project-payment', () => {
  it('create-project-payment: a project under review answers payment_pending with the already-processed message', async () => {
    const project = await createPayableProject(t, owner);
    const intent = await startIntent(t.app, owner, project.id);
    await confirmWith(t.app, owner, intent, { card_number: VISA });
    const res = await startPayment(t.app, owner, project.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'payment_pending', message: paymentMessages.alreadyProcessed });
    expect(await paymentRows(t, project.id)).toHaveLength(1);
  });

  it('create-project-payment: documents incomplete answers 409 with the Publish hint', async () => {
    const project = await createProject(t.app, owner);
    const res = await startPayment(t.app, owner, project.id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'CONFLICT', error: 'Upload all required documents first' });
    expect(await paymentRows(t, project.id)).toHaveLength(0);
  });

  it('create-project-payment: a paid project answers 409', async () => {
    const project = await createPayableProject(t, owner);
    await t.database.db
      .updateTable('project')
      .set({ payment_status: 'paid', visible: true, submission_status: 'submitted' })
      .where('id', '=', project.id)
      .execute();
    const res = await startPayment(t.app, owner, project.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(paymentMessages.alreadyPaid);
  });

  it("create-project-payment: another developer's project answers 404 and starts nothing", async () => {
    const project = await createPayableProject(t, owner);
    const res = await startPayment(t.app, otherBorrower, project.id);
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe('Project not found');
    expect(await paymentRows(t, project.id)).toHaveLength(0);
  });

  it('create-project-payment: an unknown project answers 404', async () => {
    const res = await startPayment(t.app, owner, randomUUID());
    expect(res.statusCode).toBe(404);
  });

  it('create-project-payment: a funder or an admin answers 403, an anonymous caller 401', async () => {
    const project = await createPayableProject(t, owner);
    expect((await startPayment(t.app, funder, project.id)).statusCode).toBe(403);
    expect((await startPayment(t.app, admin, project.id)).statusCode).toBe(403);
    expect((await startPayment(t.app, null, project.id)).statusCode).toBe(401);
    const anonymousConfirm = await as(t.app, null, {
      method: 'POST',
      url: '/api/payments/sandbox/confirm',
      payload: { payment_intent_id: 'pi_x', client_secret: 'x', card_number: VISA },
    });
    expect(anonymousConfirm.statusCode).toBe(401);
    const funderConfirm = await as(t.app, funder, {
      method: 'POST',
      url: '/api/payments/sandbox/confirm',
      payload: { payment_intent_id: 'pi_x', client_secret: 'x', card_number: VISA },
    });
    expect(funderConfirm.statusCode).toBe(403);
    expect(await paymentRows(t, project.id)).toHaveLength(0);
  });

  it('create-project-payment: a double click gets one intent and one payment row', async () => {
    const project = await createPayableProject(t, owner);
    const [a, b] = await Promise.all([
      startIntent(t.app, owner, project.id),
      startIntent(t.app, owner, project.id),
    ]);
    expect(a.payment_intent_id).toBe(b.payment_intent_id);
    expect(await paymentRows(t, project.id)).toHaveLength(1);
  });

  it('create-project-payment: a listing returned to draft after payment gets a new intent under a new key', async () => {
    const project = await createPayableProject(t, owner);
    const first = await startIntent(t.app, owner, project.id);
    await confirmWith(t.app, owner, first, { card_number: VISA });
    // As an admin's "payment failed" would leave it.
    await t.database.db
      .updateTable('project')
      .set({ payment_status: 'unpaid', submission_status: null })
      .where('id', '=', project.id)
      .execute();
    const second = await startIntent(t.app, owner, project.id);
    expect(second.payment_intent_id).not.toBe(first.payment_intent_id);
    const rows = await paymentRows(t, project.id);
    expect(rows.map((r) => [r.status, r.idempotency_key])).toEqual([
      ['completed', `project-listing-${project.id}`],
      ['pending', `project-listing-${project.id}-2`],
    ]);
  });
});
