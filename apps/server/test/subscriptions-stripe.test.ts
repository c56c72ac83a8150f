import { randomUUID } from 'node:crypto';
import { SUBSCRIPTION_FEE_CENTS } from '@plinth/domain/constants';
import { paymentMessages } from '@plinth/domain/payments';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentProvider, SubscriptionInfo } from '../src/adapters/payments/payment-provider';
import type { Viewer } from '../src/auth/guards';
import { denySubscription } from '../src/modules/admin/admin-people.service';
import type { PaymentsDeps } from '../src/modules/payments/payments.types';
import {
  cancelSubscription as cancelWithProvider,
  createSubscription,
} from '../src/modules/payments/subscription-billing';
import { buildTestApp, type TestApp } from './helpers';
import { notificationsOf } from './support/admin';
import { auditActionsFor, funderIn, subscriptionPayments, userRow } from './support/subscriptions';

// Subscriptions with Stripe as the provider: its signed webhooks (invoice.paid, renewals, updates
// and deletions, failures), cancelling and denial, and create-subscription's extra step.

const DAY = 86_400_000;

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
    const deps = {
      db: s.database.db,
      payments: stripeLike,
      config: s.app.deps.config,
      jobs: s.app.deps.jobs,
    };

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
