import { randomUUID } from 'node:crypto';
import { SUBSCRIPTION_FEE_CENTS } from '@plinth/domain/constants';
import { paymentMessages } from '@plinth/domain/payments';
import { subscriptionMessages } from '@plinth/domain/subscriptions';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentProvider, SubscriptionInfo } from '../src/adapters/payments/payment-provider';
import { isSandboxProvider } from '../src/adapters/payments/sandbox-provider';
import type { Viewer } from '../src/auth/guards';
import { denySubscription } from '../src/modules/admin/admin-people.service';
import { verifyAuditChain } from '../src/modules/audit/audit.service';
import { handlePaymentEvent } from '../src/modules/payments/payment-events';
import type { PaymentsDeps } from '../src/modules/payments/payments.types';
import {
  cancelSubscription as cancelWithProvider,
  createSubscription,
} from '../src/modules/payments/subscription-billing';
import { buildTestApp, createUser, type TestApp, type TestUser } from './helpers';
import { adminCall, emailsTo, notificationsOf } from './support/admin';
import {
  auditActionsFor,
  cancelSubscription,
  confirmSubscription,
  DECLINED,
  endPeriod,
  funderIn,
  mySubscription,
  NEEDS_AUTH,
  subscribe,
  subscriptionPayments,
  userRow,
  VISA,
} from './support/subscriptions';

let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await createUser(t.app, { role: 'admin', name: 'Alex Admin' });
});
afterAll(() => t.close());

const DAY = 86_400_000;
const db = () => t.database.db;

describe('POST /api/payments/create-subscription (sandbox)', () => {
  it('create-subscription: pm_card_visa pays $299 and leaves the subscription awaiting admin approval; audited, notified, e-mailed', async () => {
    const funder = await funderIn(t.app, 'none');
    const res = await subscribe(t.app, funder, VISA);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'success',
      subscription_status: 'payment_pending',
      message: subscriptionMessages.paymentReceived,
    });

    expect(await userRow(db(), funder.id)).toMatchObject({
      subscription_status: 'payment_pending',
      subscription_period_end: null,
    });
    const payments = await subscriptionPayments(db(), funder.id);
    expect(payments).toEqual([
      expect.objectContaining({
        type: 'subscription',
        amount_cents: SUBSCRIPTION_FEE_CENTS,
        currency: 'AUD',
        status: 'completed',
        provider: 'sandbox',
        idempotency_key: `subscription-${funder.id}-1`,
        project_id: null,
      }),
    ]);
    expect(payments[0]!.amount_cents).toBe(29_900);
    expect(payments[0]!.provider_reference).toMatch(/^sub_sandbox_[0-9a-f]{32}$/);

    expect(await auditActionsFor(db(), funder.id)).toEqual(['subscription.payment_succeeded']);
    const audit = await db()
      .selectFrom('audit_log')
      .selectAll()
      .where('target_id', '=', funder.id)
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({
      target_type: 'subscription',
      actor_id: null,
      actor_name: 'Sandbox payments',
    });
    expect(audit.before).toMatchObject({ subscription_status: 'none' });
    expect(audit.after).toMatchObject({ subscription_status: 'payment_pending' });

    expect((await notificationsOf(db(), funder.id)).map((n) => n.type)).toEqual(['payment_success']);
    const mails = await emailsTo(db(), funder.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('$299');

    const mine = await mySubscription(t.app, funder);
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toMatchObject({
      plan_name: 'Professional Funder',
      amount_cents: 29_900,
      provider: 'sandbox',
      publishable_key: null,
      subscription_status: 'payment_pending',
      derived_status: 'Pending Review',
      has_marketplace_access: false,
    });
  });

  it('create-subscription: a pending or active subscription answers 409 with its message and charges nothing', async () => {
    const pending = await funderIn(t.app, 'payment_pending');
    const again = await subscribe(t.app, pending, VISA);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(subscriptionMessages.alreadyPending);

    const active = await funderIn(t.app, 'active');
    const twice = await subscribe(t.app, active, VISA);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error).toBe(subscriptionMessages.alreadyActive);

    const cancelled = await funderIn(t.app, 'cancelled');
    expect((await subscribe(t.app, cancelled, VISA)).json().error).toBe(
      subscriptionMessages.cancelledStillPaid,
    );

    for (const user of [pending, active, cancelled]) {
      expect(await subscriptionPayments(db(), user.id)).toHaveLength(0);
    }
  });

  it('create-subscription: pm_card_authenticationRequired answers requires_action; confirming it pays and leaves it awaiting approval', async () => {
    const funder = await funderIn(t.app, 'none');
    const res = await subscribe(t.app, funder, NEEDS_AUTH);
    expect(res.statusCode).toBe(200);
    const started = res.json();
    expect(started).toEqual({
      status: 'requires_action',
      client_secret: expect.stringMatching(/^sub_sandbox_[0-9a-f]{32}_secret_/),
      subscription_id: expect.stringMatching(/^sub_sandbox_/),
    });
    expect((await userRow(db(), funder.id)).subscription_status).toBe('none');
    expect(await subscriptionPayments(db(), funder.id)).toEqual([
      expect.objectContaining({ status: 'pending' }),
    ]);

    // A made-up secret, or another funder's attempt, reads as an unknown subscription.
    const wrong = await confirmSubscription(
      t.app,
      funder,
      { ...started, client_secret: 'sub_x_secret_y' },
      true,
    );
    expect(wrong.statusCode).toBe(404);
    const other = await funderIn(t.app, 'none');
    expect((await confirmSubscription(t.app, other, started, true)).statusCode).toBe(404);

    const confirmed = await confirmSubscription(t.app, funder, started, true);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({
      status: 'success',
      subscription_status: 'payment_pending',
      message: subscriptionMessages.paymentReceived,
    });
    expect((await userRow(db(), funder.id)).subscription_status).toBe('payment_pending');
    expect(await subscriptionPayments(db(), funder.id)).toEqual([
      expect.objectContaining({ status: 'completed' }),
    ]);

    const twice = await confirmSubscription(t.app, funder, started, true);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error).toBe(subscriptionMessages.notAwaitingAuthentication);
    expect(await auditActionsFor(db(), funder.id)).toEqual(['subscription.payment_succeeded']);
  });

  it('sandbox/confirm-subscription: refusing the extra step fails with the bank message; another card then succeeds', async () => {
    const funder = await funderIn(t.app, 'none');
    const started = (await subscribe(t.app, funder, NEEDS_AUTH)).json();
    const refused = await confirmSubscription(t.app, funder, started, false);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toBe(paymentMessages.authenticationFailed);
    expect((await userRow(db(), funder.id)).subscription_status).toBe('none');

    const retry = await subscribe(t.app, funder, VISA);
    expect(retry.json()).toMatchObject({ status: 'success', subscription_status: 'payment_pending' });
    expect((await subscriptionPayments(db(), funder.id)).map((p) => p.status)).toEqual([
      'failed',
      'completed',
    ]);
  });

  it("create-subscription: pm_card_chargeDeclined answers 400 'Your card was declined.'; nothing changes but a failed payment", async () => {
    const funder = await funderIn(t.app, 'none');
    const res = await subscribe(t.app, funder, DECLINED);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: paymentMessages.declined, code: 'BAD_REQUEST' });
    expect(await userRow(db(), funder.id)).toMatchObject({ subscription_status: 'none', approved: true });
    expect(await subscriptionPayments(db(), funder.id)).toEqual([
      expect.objectContaining({ status: 'failed', failure_message: paymentMessages.declined }),
    ]);
    expect(await auditActionsFor(db(), funder.id)).toEqual([]);
    expect(await notificationsOf(db(), funder.id)).toHaveLength(0);

    // A lapsed funder may subscribe again; a test card number works as in the card form.
    const lapsed = await funderIn(t.app, 'inactive');
    const byCard = await subscribe(t.app, lapsed, '4242 4242 4242 4242');
    expect(byCard.json()).toMatchObject({ status: 'success', subscription_status: 'payment_pending' });
  });

  it('create-subscription: an unknown test payment method or a blank one answers 400 and records nothing', async () => {
    const funder = await funderIn(t.app, 'none');
    const unknown = await subscribe(t.app, funder, 'pm_card_mastercard_made_up');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error).toBe(paymentMessages.unknownPaymentMethod);
    const blank = await subscribe(t.app, funder, '   ');
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error).toBe('A card is required');
    expect(await subscriptionPayments(db(), funder.id)).toHaveLength(0);
  });

  it('create-subscription: a developer or an admin answers 403, an unapproved funder 403 with its message, anonymous 401', async () => {
    const borrower = await createUser(t.app, { role: 'borrower', profile: 'default' });
    expect((await subscribe(t.app, borrower, VISA)).statusCode).toBe(403);
    expect((await subscribe(t.app, admin, VISA)).statusCode).toBe(403);
    expect((await subscribe(t.app, null, VISA)).statusCode).toBe(401);

    const unapproved = await funderIn(t.app, 'none', { approved: false });
    const res = await subscribe(t.app, unapproved, VISA);
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe(subscriptionMessages.notApproved);
    expect(await subscriptionPayments(db(), unapproved.id)).toHaveLength(0);
    expect((await userRow(db(), unapproved.id)).subscription_status).toBe('none');

    for (const route of ['/api/payments/cancel-subscription', '/api/payments/sandbox/confirm-subscription']) {
      const res403 = await t.app.inject({
        method: 'POST',
        url: route,
        headers: { origin: 'http://localhost:3000', cookie: borrower.cookie },
        payload: {},
      });
      expect(res403.statusCode, route).toBe(403);
    }
    expect((await mySubscription(t.app, null)).statusCode).toBe(401);
  });

  it('subscribe, then the admin approves: active for one month, with marketplace access', async () => {
    const funder = await funderIn(t.app, 'none');
    await subscribe(t.app, funder, VISA);
    const approved = await adminCall(t.app, admin, 'POST', `/approve-subscription/${funder.id}`);
    expect(approved.statusCode).toBe(200);
    const mine = (await mySubscription(t.app, funder)).json();
    expect(mine).toMatchObject({
      subscription_status: 'active',
      derived_status: 'Active',
      has_marketplace_access: true,
    });
    const end = new Date(mine.subscription_period_end).getTime();
    expect(end).toBeGreaterThan(Date.now() + 27 * DAY);
    expect(end).toBeLessThan(Date.now() + 32 * DAY);
  });
});

describe('POST /api/payments/cancel-subscription and the expiry job', () => {
  it('cancel-subscription: access is kept until the period ends; then the job makes it inactive, audited and notified', async () => {
    const funder = await funderIn(t.app, 'active');
    const { subscription_period_end: periodEnd } = await userRow(db(), funder.id);

    const res = await cancelSubscription(t.app, funder);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      subscription_status: 'cancelled',
      cancel_at_period_end: true,
      subscription_period_end: new Date(periodEnd!).toISOString(),
      message: subscriptionMessages.cancelled,
    });
    expect(await userRow(db(), funder.id)).toMatchObject({
      subscription_status: 'cancelled',
      cancel_at_period_end: true,
    });
    expect((await mySubscription(t.app, funder)).json()).toMatchObject({ has_marketplace_access: true });
    expect(await auditActionsFor(db(), funder.id)).toEqual(['subscription.cancelled']);

    const again = await cancelSubscription(t.app, funder);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(subscriptionMessages.nothingToCancel);

    // Still inside the period: the job leaves it alone.
    await t.app.subscriptionExpiry.runOnce();
    expect((await userRow(db(), funder.id)).subscription_status).toBe('cancelled');

    await endPeriod(db(), funder.id);
    expect(await t.app.subscriptionExpiry.runOnce()).toBeGreaterThanOrEqual(1);
    expect(await userRow(db(), funder.id)).toMatchObject({
      subscription_status: 'inactive',
      cancel_at_period_end: false,
    });
    expect((await mySubscription(t.app, funder)).json()).toMatchObject({
      derived_status: 'Inactive',
      has_marketplace_access: false,
    });
    expect(await auditActionsFor(db(), funder.id)).toEqual([
      'subscription.cancelled',
      'subscription.expired',
    ]);
    const notes = await notificationsOf(db(), funder.id);
    expect(notes.map((n) => n.type)).toEqual(['system', 'system']);
    expect(notes[1]!.message).toContain('has ended');

    // Nothing left to do: a second run changes nothing.
    await t.app.subscriptionExpiry.runOnce();
    expect(await auditActionsFor(db(), funder.id)).toEqual([
      'subscription.cancelled',
      'subscription.expired',
    ]);

    // Now lapsed, the funder may subscribe again.
    expect((await subscribe(t.app, funder, VISA)).json()).toMatchObject({ status: 'success' });
    expect(await verifyAuditChain(db())).toMatchObject({ ok: true });
  });

  it('cancel-subscription: none, pending or inactive subscriptions answer 409', async () => {
    for (const status of ['none', 'payment_pending', 'inactive'] as const) {
      const funder = await funderIn(t.app, status);
      const res = await cancelSubscription(t.app, funder);
      expect(res.statusCode, status).toBe(409);
      expect(res.json().error).toBe(subscriptionMessages.nothingToCancel);
    }
  });

  it('sandbox renewals: at the end of its period an active paid subscription is charged for the next month, once; a cancelled one is not', async () => {
    const funder = await funderIn(t.app, 'none');
    expect((await subscribe(t.app, funder, VISA)).json()).toMatchObject({ status: 'success' });
    expect((await adminCall(t.app, admin, 'POST', `/approve-subscription/${funder.id}`)).statusCode).toBe(
      200,
    );
    await endPeriod(db(), funder.id, '2 days');
    const ended = new Date((await userRow(db(), funder.id)).subscription_period_end!);

    expect(await t.app.subscriptionExpiry.runOnce()).toBe(0);
    const renewed = await userRow(db(), funder.id);
    expect(renewed.subscription_status).toBe('active');
    // One month on from where the last period ended (1 to 3 days either side of 30 for the months).
    const next = new Date(renewed.subscription_period_end!).getTime();
    expect(next - ended.getTime()).toBeGreaterThan(27 * DAY);
    expect(next - ended.getTime()).toBeLessThan(32 * DAY);
    const payments = await subscriptionPayments(db(), funder.id);
    expect(payments.map((p) => [p.status, p.amount_cents])).toEqual([
      ['completed', SUBSCRIPTION_FEE_CENTS],
      ['completed', SUBSCRIPTION_FEE_CENTS],
    ]);
    expect(await auditActionsFor(db(), funder.id)).toContain('subscription.renewed');
    expect((await mySubscription(t.app, funder)).json()).toMatchObject({ has_marketplace_access: true });

    // The period runs into next month now: another run charges nothing.
    await t.app.subscriptionExpiry.runOnce();
    expect(await subscriptionPayments(db(), funder.id)).toHaveLength(2);

    // Cancelled, then past its end: no charge, it ends.
    expect((await cancelSubscription(t.app, funder)).statusCode).toBe(200);
    await endPeriod(db(), funder.id);
    expect(await t.app.subscriptionExpiry.runOnce()).toBe(1);
    expect((await userRow(db(), funder.id)).subscription_status).toBe('inactive');
    expect(await subscriptionPayments(db(), funder.id)).toHaveLength(2);
    expect(await verifyAuditChain(db())).toMatchObject({ ok: true });
  });

  it('sandbox renewals: a denied subscription is never charged again, even after an admin force-approves the funder', async () => {
    const funder = await funderIn(t.app, 'none');
    expect((await subscribe(t.app, funder, VISA)).json()).toMatchObject({ status: 'success' });
    const denied = await adminCall(t.app, admin, 'POST', `/deny-subscription/${funder.id}`, {
      reason: 'Not a lender we work with yet',
    });
    expect(denied.statusCode).toBe(200);
    const forced = await adminCall(t.app, admin, 'POST', `/force-approve-funder/${funder.id}`, {
      reason: 'Vouched for by the team',
    });
    expect(forced.statusCode).toBe(200);
    expect((await userRow(db(), funder.id)).subscription_status).toBe('active');

    await endPeriod(db(), funder.id);
    await t.app.subscriptionExpiry.runOnce();
    expect((await userRow(db(), funder.id)).subscription_status).toBe('inactive');
    // The first payment only (kept: nothing is refunded automatically); no renewal.
    expect(await subscriptionPayments(db(), funder.id)).toHaveLength(1);
    expect(await auditActionsFor(db(), funder.id)).not.toContain('subscription.renewed');
  });

  it("sandbox renewals: one cycle's invoice reported twice (two server processes) is charged once", async () => {
    const funder = await funderIn(t.app, 'none');
    expect((await subscribe(t.app, funder, VISA)).json()).toMatchObject({ status: 'success' });
    expect((await adminCall(t.app, admin, 'POST', `/approve-subscription/${funder.id}`)).statusCode).toBe(
      200,
    );
    const sandbox = t.app.deps.payments;
    if (!isSandboxProvider(sandbox)) throw new Error('expected the sandbox');
    const [first] = await subscriptionPayments(db(), funder.id);
    const subscription = await sandbox.retrieveSubscription(first!.provider_reference!);
    const periodEnd = new Date((await userRow(db(), funder.id)).subscription_period_end!);
    const cycle = { periodEnd, nextPeriodEnd: new Date(periodEnd.getTime() + 30 * DAY) };
    expect(await handlePaymentEvent(t.app.deps, sandbox.renewalEvent(subscription!, cycle))).toEqual({
      outcome: 'applied',
    });
    expect(await handlePaymentEvent(t.app.deps, sandbox.renewalEvent(subscription!, cycle))).toEqual({
      outcome: 'duplicate',
    });
    expect(await subscriptionPayments(db(), funder.id)).toHaveLength(2);
  });

  it('expiry job: an active subscription past its period with nothing to charge (no paid subscription) becomes inactive; live ones stay', async () => {
    const lapsed = await funderIn(t.app, 'active');
    const live = await funderIn(t.app, 'active');
    const cancelledLive = await funderIn(t.app, 'cancelled');
    await endPeriod(db(), lapsed.id, '2 days');

    await t.app.subscriptionExpiry.runOnce();
    expect((await userRow(db(), lapsed.id)).subscription_status).toBe('inactive');
    expect((await userRow(db(), live.id)).subscription_status).toBe('active');
    expect((await userRow(db(), cancelledLive.id)).subscription_status).toBe('cancelled');
    const audit = await db()
      .selectFrom('audit_log')
      .selectAll()
      .where('target_id', '=', lapsed.id)
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({
      action: 'subscription.expired',
      actor_name: 'Subscription expiry',
      reason: 'The subscription period ended without a renewal',
    });
  });
});

describe('subscription events: one handler, deduplicated by event id', () => {
  it('handlePaymentEvent: the same sandbox invoice.paid twice changes the funder once', async () => {
    const funder = await funderIn(t.app, 'none');
    const started = (await subscribe(t.app, funder, NEEDS_AUTH)).json();
    const sandbox = t.app.deps.payments;
    if (!isSandboxProvider(sandbox)) throw new Error('expected the sandbox');
    const subscription = await sandbox.retrieveSubscription(started.subscription_id);
    const event = sandbox.authenticateSubscription(subscription!, true);

    expect(await handlePaymentEvent(t.app.deps, event)).toEqual({ outcome: 'applied' });
    expect(await handlePaymentEvent(t.app.deps, event)).toEqual({ outcome: 'duplicate' });
    // The same payment reported under another id is recognised by its effect.
    const other = sandbox.authenticateSubscription(subscription!, true);
    expect(await handlePaymentEvent(t.app.deps, other)).toEqual({ outcome: 'already_applied' });

    expect((await userRow(db(), funder.id)).subscription_status).toBe('payment_pending');
    expect(await auditActionsFor(db(), funder.id)).toEqual(['subscription.payment_succeeded']);
    expect(await notificationsOf(db(), funder.id)).toHaveLength(1);
    expect(await subscriptionPayments(db(), funder.id)).toHaveLength(1);
  });
});

describe('Stripe provider: subscription webhooks', () => {
  const secret = 'whsec_test';
  let s: TestApp;
  beforeAll(async () => {
    s = await buildTestApp({ STRIPE_SECRET_KEY: 'sk_test_dummy', STRIPE_WEBHOOK_SECRET: secret });
  });
  afterAll(() => s.close());

  const newId = (prefix: string) => `${prefix}_${randomUUID().replaceAll('-', '').slice(0, 24)}`;

  const signed = (payload: string) =>
    new Stripe('sk_test_dummy').webhooks.generateTestHeaderString({ payload, secret });

  const deliver = (payload: string) =>
    s.app.inject({
      method: 'POST',
      url: '/api/payments/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': signed(payload) },
      payload,
    });

  const eventOf = (type: string, object: Record<string, unknown>, id = newId('evt')) =>
    JSON.stringify({
      id,
      object: 'event',
      api_version: Stripe.API_VERSION,
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      type,
      data: { object },
    });

  const invoice = (options: {
    subscriptionId: string;
    userId: string;
    invoiceId?: string;
    billingReason?: string;
    periodEnd?: Date;
  }) => ({
    id: options.invoiceId ?? newId('in'),
    object: 'invoice',
    amount_due: SUBSCRIPTION_FEE_CENTS,
    amount_paid: SUBSCRIPTION_FEE_CENTS,
    currency: 'aud',
    status: 'paid',
    billing_reason: options.billingReason ?? 'subscription_create',
    last_finalization_error: null,
    lines: {
      object: 'list',
      data: [
        {
          period: {
            start: Math.floor(Date.now() / 1000),
            end: Math.floor((options.periodEnd ?? new Date(Date.now() + 30 * DAY)).getTime() / 1000),
          },
        },
      ],
    },
    parent: {
      type: 'subscription_details',
      subscription_details: {
        subscription: options.subscriptionId,
        metadata: { user_id: options.userId, type: 'subscription' },
      },
    },
  });

  const subscriptionObject = (options: {
    id: string;
    userId: string;
    status: string;
    cancelAtPeriodEnd: boolean;
  }) => ({
    id: options.id,
    object: 'subscription',
    status: options.status,
    currency: 'aud',
    cancel_at_period_end: options.cancelAtPeriodEnd,
    metadata: { user_id: options.userId, type: 'subscription' },
    latest_invoice: null,
    items: {
      object: 'list',
      data: [
        {
          price: { unit_amount: SUBSCRIPTION_FEE_CENTS },
          quantity: 1,
          current_period_end: Math.floor((Date.now() + 30 * DAY) / 1000),
        },
      ],
    },
  });

  /** A funder whose Stripe subscription was started (its row made) and is paid with status `status`. */
  async function stripeFunder(status: 'none' | 'active', paymentStatus: 'pending' | 'completed') {
    const funder = await funderIn(s.app, status);
    const subscriptionId = newId('sub');
    await s.database.db
      .insertInto('payment')
      .values({
        user_id: funder.id,
        type: 'subscription',
        amount_cents: SUBSCRIPTION_FEE_CENTS,
        status: paymentStatus,
        provider: 'stripe',
        provider_reference: subscriptionId,
        idempotency_key: `subscription-${funder.id}-1`,
      })
      .execute();
    return { funder, subscriptionId };
  }

  it('webhook: a signed invoice.paid for a new subscription puts it under review; its repeat changes nothing', async () => {
    const { funder, subscriptionId } = await stripeFunder('none', 'pending');
    const payload = eventOf('invoice.paid', invoice({ subscriptionId, userId: funder.id }));

    const first = await deliver(payload);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ received: true, duplicate: false });
    expect((await userRow(s.database.db, funder.id)).subscription_status).toBe('payment_pending');

    const repeat = await deliver(payload);
    expect(repeat.json()).toEqual({ received: true, duplicate: true });
    expect(await auditActionsFor(s.database.db, funder.id)).toEqual(['subscription.payment_succeeded']);
    expect(await notificationsOf(s.database.db, funder.id)).toHaveLength(1);
    expect(await subscriptionPayments(s.database.db, funder.id)).toEqual([
      expect.objectContaining({
        status: 'completed',
        provider: 'stripe',
        provider_reference: subscriptionId,
      }),
    ]);
  });

  it('webhook: a renewal invoice.paid extends the period once, with a payment row of its own', async () => {
    const { funder, subscriptionId } = await stripeFunder('active', 'completed');
    const periodEnd = new Date(Date.now() + 61 * DAY);
    const renewal = invoice({
      subscriptionId,
      userId: funder.id,
      billingReason: 'subscription_cycle',
      periodEnd,
    });
    expect((await deliver(eventOf('invoice.paid', renewal))).statusCode).toBe(200);
    // The same invoice reported again under another event id.
    expect((await deliver(eventOf('invoice.paid', renewal))).json()).toEqual({
      received: true,
      duplicate: false,
    });

    const row = await userRow(s.database.db, funder.id);
    expect(row.subscription_status).toBe('active');
    expect(Math.abs(new Date(row.subscription_period_end!).getTime() - periodEnd.getTime())).toBeLessThan(
      1000,
    );
    expect((await subscriptionPayments(s.database.db, funder.id)).map((p) => p.status)).toEqual([
      'completed',
      'completed',
    ]);
    expect(await auditActionsFor(s.database.db, funder.id)).toEqual(['subscription.renewed']);
  });

  it('webhook: customer.subscription.updated with cancel_at_period_end cancels; deleted ends an active one', async () => {
    const a = await stripeFunder('active', 'completed');
    const updated = eventOf(
      'customer.subscription.updated',
      subscriptionObject({
        id: a.subscriptionId,
        userId: a.funder.id,
        status: 'active',
        cancelAtPeriodEnd: true,
      }),
    );
    expect((await deliver(updated)).statusCode).toBe(200);
    expect(await userRow(s.database.db, a.funder.id)).toMatchObject({
      subscription_status: 'cancelled',
      cancel_at_period_end: true,
    });

    const b = await stripeFunder('active', 'completed');
    const deleted = eventOf(
      'customer.subscription.deleted',
      subscriptionObject({
        id: b.subscriptionId,
        userId: b.funder.id,
        status: 'canceled',
        cancelAtPeriodEnd: false,
      }),
    );
    expect((await deliver(deleted)).statusCode).toBe(200);
    expect((await deliver(deleted)).json()).toMatchObject({ duplicate: true });
    expect((await userRow(s.database.db, b.funder.id)).subscription_status).toBe('inactive');
    expect(await auditActionsFor(s.database.db, b.funder.id)).toEqual(['subscription.ended']);

    // An old subscription that is not the funder's current one changes nothing.
    const c = await stripeFunder('active', 'completed');
    const stale = eventOf(
      'customer.subscription.deleted',
      subscriptionObject({
        id: newId('sub'),
        userId: c.funder.id,
        status: 'canceled',
        cancelAtPeriodEnd: false,
      }),
    );
    expect((await deliver(stale)).statusCode).toBe(200);
    expect((await userRow(s.database.db, c.funder.id)).subscription_status).toBe('active');
  });

  it('webhook: a failed first invoice marks its payment failed and leaves the funder unsubscribed', async () => {
    const { funder, subscriptionId } = await stripeFunder('none', 'pending');
    const failed = eventOf('invoice.payment_failed', {
      ...invoice({ subscriptionId, userId: funder.id }),
      status: 'open',
      amount_paid: 0,
    });
    expect((await deliver(failed)).statusCode).toBe(200);
    expect((await userRow(s.database.db, funder.id)).subscription_status).toBe('none');
    expect(await subscriptionPayments(s.database.db, funder.id)).toEqual([
      expect.objectContaining({ status: 'failed', failure_message: paymentMessages.genericFailure }),
    ]);
  });

  it('with Stripe, cancelling or a denial stops the renewals of the paid subscription before anything changes here', async () => {
    const stopped: string[] = [];
    const stripeLike: PaymentProvider = {
      ...s.app.deps.payments,
      async cancelSubscriptionAtPeriodEnd(id) {
        stopped.push(id);
      },
    };
    const deps = { db: s.database.db, payments: stripeLike, config: s.app.deps.config };

    const a = await stripeFunder('active', 'completed');
    const viewer: Viewer = { id: a.funder.id, name: 'Fiona Funder', email: a.funder.email, role: 'funder' };
    expect(await cancelWithProvider(deps, { viewer })).toMatchObject({ subscription_status: 'cancelled' });
    expect(stopped).toEqual([a.subscriptionId]);

    const b = await stripeFunder('none', 'completed');
    await s.database.db
      .updateTable('user')
      .set({ subscription_status: 'payment_pending' })
      .where('id', '=', b.funder.id)
      .execute();
    const admin: Viewer = { id: 'admin-id', name: 'Alex Admin', email: 'admin@example.com', role: 'admin' };
    await denySubscription(deps, { viewer: admin, userId: b.funder.id, reason: 'Not a wholesale investor' });
    expect(stopped).toEqual([a.subscriptionId, b.subscriptionId]);
    expect((await userRow(s.database.db, b.funder.id)).subscription_status).toBe('denied');

    // A refused denial (wrong state) never reaches the provider.
    await expect(
      denySubscription(deps, { viewer: admin, userId: b.funder.id, reason: 'Again' }),
    ).rejects.toMatchObject({ code: 'CONFLICT' });
    expect(stopped).toHaveLength(2);
  });

  it('create-subscription with Stripe: default_incomplete answers requires_action with the invoice client secret; its invoice.paid then applies', async () => {
    const funder = await funderIn(s.app, 'none');
    const created: SubscriptionInfo[] = [];
    const stripeLike: PaymentProvider = {
      ...s.app.deps.payments,
      async createSubscription(input) {
        const info: SubscriptionInfo = {
          id: newId('sub'),
          status: 'incomplete',
          amountCents: input.amountCents,
          currency: 'AUD',
          metadata: input.metadata,
          currentPeriodEnd: new Date(Date.now() + 30 * DAY),
          cancelAtPeriodEnd: false,
          payment: { status: 'requires_action', clientSecret: 'pi_123_secret_456', lastError: null },
        };
        created.push(info);
        return info;
      },
    };
    const deps: PaymentsDeps = { db: s.database.db, payments: stripeLike };
    const viewer: Viewer = { id: funder.id, name: 'Fiona Funder', email: funder.email, role: 'funder' };
    const answer = await createSubscription(deps, { viewer, paymentMethodId: 'pm_1Abc' });
    expect(answer).toEqual({
      status: 'requires_action',
      client_secret: 'pi_123_secret_456',
      subscription_id: created[0]!.id,
    });
    expect(await subscriptionPayments(s.database.db, funder.id)).toEqual([
      expect.objectContaining({ status: 'pending', provider: 'stripe', provider_reference: created[0]!.id }),
    ]);

    // Stripe.js confirms the card on the client; the webhook brings the outcome.
    const paid = eventOf('invoice.paid', invoice({ subscriptionId: created[0]!.id, userId: funder.id }));
    expect((await deliver(paid)).statusCode).toBe(200);
    expect((await userRow(s.database.db, funder.id)).subscription_status).toBe('payment_pending');
  });
});
