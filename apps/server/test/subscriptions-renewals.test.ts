import { SUBSCRIPTION_FEE_CENTS } from '@plinth/domain/constants';
import { subscriptionMessages } from '@plinth/domain/subscriptions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isSandboxProvider } from '../src/adapters/payments/sandbox-provider';
import { verifyAuditChain } from '../src/modules/audit/audit.service';
import { handlePaymentEvent } from '../src/modules/payments/payment-events';
import { buildTestApp, createUser, type TestApp, type TestUser } from './helpers';
import { adminCall, notificationsOf } from './support/admin';
import {
  auditActionsFor,
  cancelSubscription,
  endPeriod,
  funderIn,
  mySubscription,
  NEEDS_AUTH,
  subscribe,
  subscriptionPayments,
  userRow,
  VISA,
} from './support/subscriptions';

// A subscription over time: cancel-subscription, the sandbox renewals, the expiry job, and one event
// handler deduplicated by event id.

let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await createUser(t.app, { role: 'admin', name: 'Alex Admin' });
});
afterAll(() => t.close());

const DAY = 86_400_000;
const db = () => t.database.db;

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
