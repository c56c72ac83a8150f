import { SUBSCRIPTION_FEE_CENTS } from '@plinth/domain/constants';
import { paymentMessages } from '@plinth/domain/payments';
import { subscriptionMessages } from '@plinth/domain/subscriptions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createUser, type TestApp, type TestUser } from './helpers';
import { adminCall, emailsTo, notificationsOf } from './support/admin';
import {
  auditActionsFor,
  confirmSubscription,
  DECLINED,
  funderIn,
  mySubscription,
  NEEDS_AUTH,
  subscribe,
  subscriptionPayments,
  userRow,
  VISA,
} from './support/subscriptions';

// A funder's subscription in the sandbox: create-subscription with each test card, who may, and the
// admin's approval. Cancelling, renewals and expiry are in subscriptions-renewals.test.ts; Stripe's
// subscription webhooks in subscriptions-stripe.test.ts.

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
