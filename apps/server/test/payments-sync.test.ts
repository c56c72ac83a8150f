import { randomUUID } from 'node:crypto';
import { paymentMessages } from '@plinth/domain/payments';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentIntentInfo, PaymentProvider } from '../src/adapters/payments/payment-provider';
import type { Viewer } from '../src/auth/guards';
import {
  checkProjectPayment,
  createProjectPayment,
  syncProjectPayment,
} from '../src/modules/payments/listing-payments';
import type { PaymentsDeps } from '../src/modules/payments/payments.types';
import { buildTestApp, createUser, type TestApp, type TestUser } from './helpers';
import {
  auditActions,
  confirmWith,
  createPayableProject,
  paymentRows,
  projectRow,
  startIntent,
} from './support/payments';

// The admin's helpers on a listing payment: checkProjectPayment and syncProjectPayment, against a
// stand-in for Stripe.

const VISA = '4242 4242 4242 4242';

let t: TestApp;
let owner: TestUser;
let admin: TestUser;
beforeAll(async () => {
  t = await buildTestApp();
  owner = await createUser(t.app, { role: 'borrower', profile: 'default', name: 'Dana Developer' });
  admin = await createUser(t.app, { role: 'admin', name: 'Ada Admin' });
});
afterAll(() => t.close());

/**
 * A stand-in for Stripe's API (the tests have no network): intents kept in memory, whose status a
 * test sets as Stripe.js confirming the card would.
 */
function fakeStripe() {
  const intents = new Map<string, PaymentIntentInfo>();
  const byKey = new Map<string, string>();
  const provider: PaymentProvider = {
    name: 'stripe',
    publishableKey: 'pk_test_fake',
    async createPaymentIntent(input) {
      const existing = byKey.get(input.idempotencyKey);
      if (existing) return intents.get(existing)!;
      const id = `pi_fake_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
      const intent: PaymentIntentInfo = {
        id,
        clientSecret: `${id}_secret_fake`,
        status: 'requires_payment_method',
        amountCents: input.amountCents,
        currency: 'AUD',
        metadata: input.metadata,
        lastError: null,
      };
      intents.set(id, intent);
      byKey.set(input.idempotencyKey, id);
      return intent;
    },
    async retrievePaymentIntent(id) {
      return intents.get(id) ?? null;
    },
    parseWebhookEvent() {
      throw new Error('not used');
    },
    createSubscription() {
      throw new Error('not used');
    },
    retrieveSubscription() {
      throw new Error('not used');
    },
    cancelSubscriptionAtPeriodEnd() {
      throw new Error('not used');
    },
  };
  const succeed = (id: string) => intents.set(id, { ...intents.get(id)!, status: 'succeeded' });
  return { provider, succeed };
}

describe('checkProjectPayment and syncProjectPayment (admin helpers)', () => {
  const viewerOf = (user: TestUser, name = 'Test User'): Viewer => ({
    id: user.id,
    name,
    email: user.email,
    role: 'borrower',
  });

  it('checkProjectPayment: reports no payment, then an unconfirmed intent, then a succeeded one in cents', async () => {
    const project = await createPayableProject(t, owner);
    expect(await checkProjectPayment(t.app.deps, project.id)).toMatchObject({
      hasPayment: false,
      paymentStatus: null,
      amount: null,
    });
    const intent = await startIntent(t.app, owner, project.id);
    expect(await checkProjectPayment(t.app.deps, project.id)).toMatchObject({
      hasPayment: false,
      paymentStatus: 'requires_payment_method',
      amount: 49_900,
    });
    await confirmWith(t.app, owner, intent, { card_number: VISA });
    const check = await checkProjectPayment(t.app.deps, project.id);
    expect(check).toMatchObject({ hasPayment: true, paymentStatus: 'succeeded', amount: 49_900 });
    expect(check.message).toContain(intent.payment_intent_id);
  });

  it('syncProjectPayment: a succeeded intent whose webhook never came moves the project under review, once', async () => {
    const fake = fakeStripe();
    const deps: PaymentsDeps = { db: t.database.db, payments: fake.provider };
    const project = await createPayableProject(t, owner);
    const started = await createProjectPayment(deps, { viewer: viewerOf(owner), projectId: project.id });
    if (started.status !== 'requires_confirmation') throw new Error('expected an intent');
    expect(started).toMatchObject({ provider: 'stripe', publishable_key: 'pk_test_fake' });

    expect(
      await syncProjectPayment(deps, { projectId: project.id, admin: { id: admin.id, name: 'Ada Admin' } }),
    ).toMatchObject({ projectUpdated: false });
    expect((await projectRow(t, project.id)).payment_status).toBe('unpaid');

    fake.succeed(started.payment_intent_id);
    const sync = await syncProjectPayment(deps, {
      projectId: project.id,
      admin: { id: admin.id, name: 'Ada Admin' },
    });
    expect(sync.projectUpdated).toBe(true);
    expect((await projectRow(t, project.id)).payment_status).toBe('payment_pending');
    expect(await paymentRows(t, project.id)).toEqual([
      expect.objectContaining({ provider: 'stripe', status: 'completed', amount_cents: 49_900 }),
    ]);
    const audit = await t.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('target_id', '=', project.id)
      .where('action', '=', 'payment.succeeded')
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor_id: admin.id, actor_name: 'Ada Admin' });

    const again = await syncProjectPayment(deps, {
      projectId: project.id,
      admin: { id: admin.id, name: 'Ada Admin' },
    });
    expect(again.projectUpdated).toBe(false);
    expect(await auditActions(t, project.id)).toEqual(['project.created', 'payment.succeeded']);
  });

  it('create-project-payment: an intent that succeeded without its webhook is applied, not charged again', async () => {
    const fake = fakeStripe();
    const deps: PaymentsDeps = { db: t.database.db, payments: fake.provider };
    const project = await createPayableProject(t, owner);
    const started = await createProjectPayment(deps, { viewer: viewerOf(owner), projectId: project.id });
    if (started.status !== 'requires_confirmation') throw new Error('expected an intent');
    fake.succeed(started.payment_intent_id);

    const again = await createProjectPayment(deps, { viewer: viewerOf(owner), projectId: project.id });
    expect(again).toEqual({ status: 'payment_pending', message: paymentMessages.alreadyProcessed });
    expect((await projectRow(t, project.id)).payment_status).toBe('payment_pending');
    expect(await paymentRows(t, project.id)).toHaveLength(1);
  });

  it('syncProjectPayment: an intent named for another project is refused', async () => {
    const fake = fakeStripe();
    const deps: PaymentsDeps = { db: t.database.db, payments: fake.provider };
    const mine = await createPayableProject(t, owner);
    const other = await createPayableProject(t, owner);
    const started = await createProjectPayment(deps, { viewer: viewerOf(owner), projectId: mine.id });
    if (started.status !== 'requires_confirmation') throw new Error('expected an intent');
    fake.succeed(started.payment_intent_id);
    const sync = await syncProjectPayment(deps, {
      projectId: other.id,
      admin: { id: admin.id, name: 'Ada Admin' },
      paymentIntentId: started.payment_intent_id,
    });
    expect(sync.projectUpdated).toBe(false);
    expect((await projectRow(t, other.id)).payment_status).toBe('unpaid');
  });
});
