import { randomUUID } from 'node:crypto';
import { settingMessages } from '@plinth/domain/system-settings';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentEvent } from '../src/adapters/payments/payment-provider';
import { handlePaymentEvent } from '../src/modules/payments/payment-events';
import { as, buildTestApp, createUser, type TestApp, type TestUser } from './helpers';
import { adminCall } from './support/admin';
import { confirmWith, createPayableProject, paymentRows, projectRow, startIntent } from './support/payments';
import { funderIn, subscribe, VISA } from './support/subscriptions';

// Issue 10 item 2: the listing fee and the subscription price are system settings. What the admin
// saves is what /api/pricing shows, what a new payment asks for, and what a payment is checked
// against; a payment already opened keeps its own amount (decision 021).

let t: TestApp;
let admin: TestUser;
let developer: TestUser;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await createUser(t.app, { role: 'admin', name: 'Petra Pricing' });
  developer = await createUser(t.app, { role: 'borrower', profile: 'default', name: 'Dev Pricing' });
});
afterAll(() => t.close());

const save = (key: string, value: string) =>
  adminCall(t.app, admin, 'PUT', `/system-settings/${key}`, { value });
const pricing = async () => {
  const res = await t.app.inject({ method: 'GET', url: '/api/pricing' });
  expect(res.statusCode).toBe(200);
  expect(res.headers['cache-control']).toBe('no-cache');
  return res.json();
};

describe('GET /api/pricing', () => {
  it('answers anyone, signed in or not, with the stored prices: $499 a listing and $299 a month', async () => {
    expect(await pricing()).toEqual({ listing_fee_aud: 499, subscription_price_aud: 299, currency: 'AUD' });
    const settings = (await adminCall(t.app, admin, 'GET', '/system-settings')).json().items;
    expect(settings.map((s: { key: string }) => s.key)).toEqual(
      expect.arrayContaining(['listing_fee_aud', 'subscription_price_aud']),
    );
  });
});

describe('the price settings', () => {
  it('refuse anything but whole dollars from $1 to $100,000 with 400 and change nothing', async () => {
    for (const key of ['listing_fee_aud', 'subscription_price_aud']) {
      for (const value of ['0', '100001', '499.50', '$499', '', 'abc', '-5', '4 99', '1e3']) {
        const res = await save(key, value);
        expect(res.statusCode, `${key}=${value}`).toBe(400);
        expect(res.json().error).toBe(settingMessages.price);
      }
    }
    expect(settingMessages.price).toBe('A price must be a whole number of dollars from $1 to $100,000');
    expect(await pricing()).toMatchObject({ listing_fee_aud: 499, subscription_price_aud: 299 });
  });

  it('a new listing fee is what the next payment asks for and takes: $650 moves the project to review', async () => {
    expect((await save('listing_fee_aud', ' 650 ')).statusCode).toBe(200);
    expect(await pricing()).toMatchObject({ listing_fee_aud: 650 });

    const project = await createPayableProject(t, developer);
    const intent = await startIntent(t.app, developer, project.id);
    expect(intent.amount_cents).toBe(65_000);
    const paid = await confirmWith(t.app, developer, intent, { card_number: '4242 4242 4242 4242' });
    expect(paid.json()).toEqual({ status: 'succeeded', message: null });
    expect((await paymentRows(t, project.id)).map((r) => [r.status, r.amount_cents])).toEqual([
      ['completed', 65_000],
    ]);
    expect((await projectRow(t, project.id)).payment_status).toBe('payment_pending');
  });

  it('an intent opened before a change is replaced by one at the new fee; the old one keeps its amount', async () => {
    expect((await save('listing_fee_aud', '650')).statusCode).toBe(200);
    const project = await createPayableProject(t, developer);
    const first = await startIntent(t.app, developer, project.id);
    expect(first.amount_cents).toBe(65_000);
    // Reopening the modal at the same fee reuses the intent.
    expect((await startIntent(t.app, developer, project.id)).payment_intent_id).toBe(first.payment_intent_id);

    expect((await save('listing_fee_aud', '700')).statusCode).toBe(200);
    const second = await startIntent(t.app, developer, project.id);
    expect(second.payment_intent_id).not.toBe(first.payment_intent_id);
    expect(second.amount_cents).toBe(70_000);
    expect((await paymentRows(t, project.id)).map((r) => r.amount_cents)).toEqual([65_000, 70_000]);
  });

  it('a success for less than the amount its intent asked for is kept but does not publish', async () => {
    expect((await save('listing_fee_aud', '700')).statusCode).toBe(200);
    const project = await createPayableProject(t, developer);
    const started = await startIntent(t.app, developer, project.id);
    const intent = await t.app.deps.payments.retrievePaymentIntent(started.payment_intent_id);
    if (!intent) throw new Error('intent not found');
    // Lowering the fee afterwards does not lower what this intent must be paid.
    expect((await save('listing_fee_aud', '100')).statusCode).toBe(200);
    const event: PaymentEvent = {
      id: `evt_short_${randomUUID()}`,
      type: 'payment_intent.succeeded',
      paymentIntent: { ...intent, status: 'succeeded', amountCents: 65_000 },
      raw: {},
    };
    expect(await handlePaymentEvent(t.app.deps, event)).toEqual({ outcome: 'not_applied' });
    expect((await projectRow(t, project.id)).payment_status).toBe('unpaid');
    const trace = await t.database.db
      .selectFrom('audit_log')
      .select(['action', 'reason'])
      .where('action', '=', 'payment.not_applied')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(trace.reason).toBe('The amount paid ($650) is less than the listing fee');
  });

  it('a new subscription price is what a new subscriber pays and sees; a subscriber keeps the price they paid', async () => {
    expect((await save('subscription_price_aud', '349')).statusCode).toBe(200);
    const funder = await funderIn(t.app, 'none', { name: 'Nia NewPrice' });
    const view = async () =>
      (await as(t.app, funder, { method: 'GET', url: '/api/payments/subscription' })).json();
    expect((await view()).amount_cents).toBe(34_900);

    const res = await subscribe(t.app, funder, VISA);
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('success');
    const rows = await t.database.db
      .selectFrom('payment')
      .select(['amount_cents', 'status'])
      .where('user_id', '=', funder.id)
      .execute();
    expect(rows).toEqual([{ amount_cents: 34_900, status: 'completed' }]);

    expect((await save('subscription_price_aud', '399')).statusCode).toBe(200);
    expect((await view()).amount_cents).toBe(34_900);
    expect(await pricing()).toMatchObject({ subscription_price_aud: 399 });
  });
});
