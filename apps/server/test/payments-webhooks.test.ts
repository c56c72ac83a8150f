import { randomUUID } from 'node:crypto';
import { LISTING_FEE_CENTS } from '@plinth/domain/constants';
import { paymentMessages } from '@plinth/domain/payments';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentEvent } from '../src/adapters/payments/payment-provider';
import { handlePaymentEvent } from '../src/modules/payments/payment-events';
import { as, buildTestApp, createUser, type TestApp, type TestUser } from './helpers';
import {
  auditActions,
  createPayableProject,
  notificationsOf,
  outboxTo,
  paymentRows,
  projectRow,
  startIntent,
} from './support/payments';

// Payment events: one handler deduplicated by event id, the webhook without Stripe, and Stripe's
// signed webhooks.

const VISA = '4242 4242 4242 4242';

let t: TestApp;
let owner: TestUser;
beforeAll(async () => {
  t = await buildTestApp();
  owner = await createUser(t.app, { role: 'borrower', profile: 'default', name: 'Dana Developer' });
});
afterAll(() => t.close());

describe('handlePaymentEvent', () => {
  it('handlePaymentEvent: the same event id handled twice has one effect', async () => {
    const project = await createPayableProject(t, owner);
    const started = await startIntent(t.app, owner, project.id);
    const intent = await t.app.deps.payments.retrievePaymentIntent(started.payment_intent_id);
    const event: PaymentEvent = {
      id: `evt_twice_${randomUUID()}`,
      type: 'payment_intent.succeeded',
      paymentIntent: { ...intent!, status: 'succeeded' },
      raw: { id: 'evt_twice', data: { object: { id: started.payment_intent_id } } },
    };

    expect(await handlePaymentEvent(t.app.deps, event)).toEqual({ outcome: 'applied' });
    expect(await handlePaymentEvent(t.app.deps, event)).toEqual({ outcome: 'duplicate' });

    expect((await projectRow(t, project.id)).payment_status).toBe('payment_pending');
    expect(await auditActions(t, project.id)).toEqual(['project.created', 'payment.succeeded']);
    expect((await notificationsOf(t, owner.id)).filter((n) => n.related_id === project.id)).toHaveLength(1);
    const recorded = await t.database.db
      .selectFrom('payment_event')
      .select('event_id')
      .where('event_id', '=', event.id)
      .execute();
    expect(recorded).toHaveLength(1);

    // The same success under another event id completes nothing twice either.
    const other = { ...event, id: `evt_other_${randomUUID()}` };
    expect(await handlePaymentEvent(t.app.deps, other)).toEqual({ outcome: 'already_applied' });
    expect(await auditActions(t, project.id)).toEqual(['project.created', 'payment.succeeded']);
  });
});

describe('POST /api/payments/webhook', () => {
  it('webhook: without Stripe configured every delivery answers 400', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payments/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=abc' },
      payload: JSON.stringify({ id: 'evt_1', type: 'payment_intent.succeeded' }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(paymentMessages.webhookNotConfigured);
  });
});

describe('Stripe provider: webhook', () => {
  const secret = 'whsec_test';
  let s: TestApp;
  let developer: TestUser;
  beforeAll(async () => {
    s = await buildTestApp({ STRIPE_SECRET_KEY: 'sk_test_dummy', STRIPE_WEBHOOK_SECRET: secret });
    developer = await createUser(s.app, { role: 'borrower', profile: 'default' });
  });
  afterAll(() => s.close());

  const stripeEvent = (
    type: string,
    intent: { id: string; projectId: string; userId: string; status: string; error?: string },
  ) =>
    JSON.stringify({
      id: `evt_${randomUUID().replaceAll('-', '')}`,
      object: 'event',
      api_version: Stripe.API_VERSION,
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      type,
      data: {
        object: {
          id: intent.id,
          object: 'payment_intent',
          amount: LISTING_FEE_CENTS,
          currency: 'aud',
          status: intent.status,
          client_secret: null,
          last_payment_error: intent.error ? { message: intent.error } : null,
          metadata: { project_id: intent.projectId, user_id: intent.userId, type: 'project_listing' },
        },
      },
    });

  const deliver = (payload: string, signature?: string) =>
    s.app.inject({
      method: 'POST',
      url: '/api/payments/webhook',
      headers: {
        'content-type': 'application/json; charset=utf-8',
        ...(signature ? { 'stripe-signature': signature } : {}),
      },
      payload,
    });

  const signed = (payload: string) =>
    new Stripe('sk_test_dummy').webhooks.generateTestHeaderString({ payload, secret });

  it('webhook: a bad or missing signature answers 400 and changes nothing', async () => {
    const project = await createPayableProject(s, developer);
    const payload = stripeEvent('payment_intent.succeeded', {
      id: 'pi_bad_sig',
      projectId: project.id,
      userId: developer.id,
      status: 'succeeded',
    });
    const wrongSecret = new Stripe('sk_test_dummy').webhooks.generateTestHeaderString({
      payload,
      secret: 'whsec_other',
    });
    const bad = await deliver(payload, wrongSecret);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe(paymentMessages.webhookSignatureInvalid);

    const missing = await deliver(payload);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toBe(paymentMessages.webhookSignatureMissing);

    // Signed, then altered (a re-serialised body would fail the same way).
    const tampered = await deliver(payload.replace('"amount":49900', '"amount":100'), signed(payload));
    expect(tampered.statusCode).toBe(400);

    expect((await projectRow(s, project.id)).payment_status).toBe('unpaid');
    expect(await s.database.db.selectFrom('payment_event').selectAll().execute()).toHaveLength(0);
  });

  it('webhook: a signed payment_intent.succeeded moves the project under review, and its repeat changes nothing', async () => {
    const project = await createPayableProject(s, developer);
    const intentId = `pi_${randomUUID().replaceAll('-', '').slice(0, 24)}`;
    const payload = stripeEvent('payment_intent.succeeded', {
      id: intentId,
      projectId: project.id,
      userId: developer.id,
      status: 'succeeded',
    });

    const first = await deliver(payload, signed(payload));
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ received: true, duplicate: false });
    const row = await projectRow(s, project.id);
    expect(row).toMatchObject({ payment_status: 'payment_pending', stripe_payment_intent_id: intentId });
    expect(await paymentRows(s, project.id)).toEqual([
      expect.objectContaining({
        provider: 'stripe',
        provider_reference: intentId,
        status: 'completed',
        amount_cents: 49_900,
        currency: 'AUD',
        user_id: developer.id,
      }),
    ]);

    const repeat = await deliver(payload, signed(payload));
    expect(repeat.statusCode).toBe(200);
    expect(repeat.json()).toEqual({ received: true, duplicate: true });
    expect(await auditActions(s, project.id)).toEqual(['project.created', 'payment.succeeded']);
    expect(await paymentRows(s, project.id)).toHaveLength(1);
    expect((await notificationsOf(s, developer.id)).filter((n) => n.related_id === project.id)).toHaveLength(
      1,
    );
    expect((await outboxTo(s, developer.email)).filter((m) => m.text?.includes(intentId))).toHaveLength(1);
  });

  it('webhook: a signed payment_intent.payment_failed records the failure and leaves the draft unpaid', async () => {
    const project = await createPayableProject(s, developer);
    const intentId = `pi_${randomUUID().replaceAll('-', '').slice(0, 24)}`;
    const payload = stripeEvent('payment_intent.payment_failed', {
      id: intentId,
      projectId: project.id,
      userId: developer.id,
      status: 'requires_payment_method',
      error: 'Your card has insufficient funds.',
    });
    const res = await deliver(payload, signed(payload));
    expect(res.statusCode).toBe(200);
    expect((await projectRow(s, project.id)).payment_status).toBe('unpaid');
    expect(await paymentRows(s, project.id)).toEqual([
      expect.objectContaining({ status: 'failed', failure_message: 'Your card has insufficient funds.' }),
    ]);
  });

  it('webhook: an event of another type is acknowledged and recorded only', async () => {
    const payload = JSON.stringify({
      id: `evt_${randomUUID().replaceAll('-', '')}`,
      object: 'event',
      type: 'customer.created',
      created: Math.floor(Date.now() / 1000),
      data: { object: { id: 'cus_1', object: 'customer' } },
    });
    const res = await deliver(payload, signed(payload));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true, duplicate: false });
  });

  it('sandbox routes answer 404 while Stripe is the provider', async () => {
    const res = await as(s.app, developer, {
      method: 'POST',
      url: '/api/payments/sandbox/confirm',
      payload: { payment_intent_id: 'pi_1', client_secret: 'pi_1_secret_x', card_number: VISA },
    });
    expect(res.statusCode).toBe(404);
  });
});
