import { sql } from 'kysely';
import type { Db } from '../../db/database';
import type { Payment } from '../../db/types';

type ProviderName = Payment['provider'];

export { recordPaymentEvent } from '../../adapters/payments/payment-event-log';

/** Serialises everything done for one intent until the transaction ends (events, syncs, reuse). */
export async function lockIntent(trx: Db, provider: ProviderName, intentId: string): Promise<void> {
  // Two-key form: its own lock space, apart from the audit chain's single-key lock.
  await sql`select pg_advisory_xact_lock(5301, hashtext(${`${provider}:${intentId}`}))`.execute(trx);
}

export const findPaymentByReference = (trx: Db, provider: ProviderName, reference: string) =>
  trx
    .selectFrom('payment')
    .selectAll()
    .where('provider', '=', provider)
    .where('provider_reference', '=', reference)
    .orderBy('created_at', 'desc')
    .limit(1)
    .forUpdate()
    .executeTakeFirst();

/**
 * The row of an intent we learn about only from its event (a webhook that overtook us, or an
 * intent made elsewhere). A user or project that no longer exists is recorded as null rather than
 * failing the delivery, which the provider would retry for days.
 */
export async function insertPaymentForIntent(
  trx: Db,
  values: {
    provider: ProviderName;
    reference: string;
    type: Payment['type'];
    amountCents: number;
    userId: string | null;
    projectId: string | null;
  },
): Promise<Payment> {
  return trx
    .insertInto('payment')
    .values({
      provider: values.provider,
      provider_reference: values.reference,
      type: values.type,
      amount_cents: values.amountCents,
      user_id: sql<string | null>`(select id from "user" where id = ${values.userId ?? ''})`,
      project_id: sql<string | null>`(select id from project where id::text = ${values.projectId ?? ''})`,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The payment row of a new intent, unless it is there already (the sandbox writes its own). */
export async function insertPaymentIfAbsent(
  db: Db,
  values: {
    provider: ProviderName;
    reference: string;
    idempotencyKey: string;
    type: Payment['type'];
    amountCents: number;
    userId: string;
    projectId: string;
  },
): Promise<void> {
  await db
    .insertInto('payment')
    .values({
      provider: values.provider,
      provider_reference: values.reference,
      idempotency_key: values.idempotencyKey,
      type: values.type,
      amount_cents: values.amountCents,
      user_id: values.userId,
      project_id: values.projectId,
    })
    .onConflict((oc) => oc.column('idempotency_key').doNothing())
    .execute();
}

export async function setPaymentStatus(
  trx: Db,
  id: string,
  change: { status: Payment['status']; failureMessage: string | null },
): Promise<void> {
  await trx
    .updateTable('payment')
    .set({ status: change.status, failure_message: change.failureMessage, updated_at: sql`now()` })
    .where('id', '=', id)
    .execute();
}

/** A project's listing payments with this provider, newest first: the last one is the live intent. */
export const listListingPayments = (db: Db, projectId: string, provider: ProviderName) =>
  db
    .selectFrom('payment')
    .selectAll()
    .where('project_id', '=', projectId)
    .where('type', '=', 'project_listing')
    .where('provider', '=', provider)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();

// --- Subscription payments: one row per paid invoice, provider_reference the provider's subscription id ---

/** How many subscriptions the user has started with this provider (for the next attempt's key). */
export async function countSubscriptionPayments(db: Db, userId: string, provider: ProviderName) {
  const row = await db
    .selectFrom('payment')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('type', '=', 'subscription')
    .where('provider', '=', provider)
    .where((eb) =>
      eb.or([eb('idempotency_key', 'is', null), eb('idempotency_key', 'not like', 'subscription-invoice-%')]),
    )
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The row of a new subscription, unless it is there already (the sandbox writes its own). */
export async function insertSubscriptionPaymentIfAbsent(
  db: Db,
  values: {
    provider: ProviderName;
    reference: string;
    idempotencyKey: string;
    amountCents: number;
    userId: string;
  },
): Promise<void> {
  await db
    .insertInto('payment')
    .values({
      provider: values.provider,
      provider_reference: values.reference,
      idempotency_key: values.idempotencyKey,
      type: 'subscription',
      amount_cents: values.amountCents,
      user_id: values.userId,
    })
    .onConflict((oc) => oc.column('idempotency_key').doNothing())
    .execute();
}

/**
 * Records a renewal: one completed row per invoice, keyed by the invoice id. False when that
 * invoice was recorded before (the same renewal reported twice).
 */
export async function insertRenewalPayment(
  trx: Db,
  values: {
    provider: ProviderName;
    subscriptionId: string;
    invoiceId: string;
    amountCents: number;
    userId: string;
  },
): Promise<boolean> {
  const inserted = await trx
    .insertInto('payment')
    .values({
      provider: values.provider,
      provider_reference: values.subscriptionId,
      idempotency_key: `subscription-invoice-${values.invoiceId}`,
      type: 'subscription',
      amount_cents: values.amountCents,
      status: 'completed',
      user_id: sql<string | null>`(select id from "user" where id = ${values.userId})`,
    })
    .onConflict((oc) => oc.column('idempotency_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** Who a provider subscription belongs to, from any of its rows. */
export async function findSubscriptionOwner(trx: Db, provider: ProviderName, subscriptionId: string) {
  const row = await trx
    .selectFrom('payment')
    .select('user_id')
    .where('provider', '=', provider)
    .where('type', '=', 'subscription')
    .where('provider_reference', '=', subscriptionId)
    .where('user_id', 'is not', null)
    .limit(1)
    .executeTakeFirst();
  return row?.user_id ?? null;
}

/**
 * The provider's id of the subscription the user is paying for: the reference of their latest
 * completed subscription payment with this provider. Null for a subscription an admin granted.
 */
export async function findPaidSubscriptionReference(
  db: Db,
  userId: string,
  provider: ProviderName,
): Promise<string | null> {
  const row = await db
    .selectFrom('payment')
    .select('provider_reference')
    .where('user_id', '=', userId)
    .where('type', '=', 'subscription')
    .where('provider', '=', provider)
    .where('status', '=', 'completed')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.provider_reference ?? null;
}

/** The row made when the subscription was started (its first invoice), locked. */
export const findFirstSubscriptionPayment = (trx: Db, provider: ProviderName, subscriptionId: string) =>
  trx
    .selectFrom('payment')
    .selectAll()
    .where('provider', '=', provider)
    .where('type', '=', 'subscription')
    .where('provider_reference', '=', subscriptionId)
    .where((eb) =>
      eb.or([eb('idempotency_key', 'is', null), eb('idempotency_key', 'not like', 'subscription-invoice-%')]),
    )
    .orderBy('created_at')
    .limit(1)
    .forUpdate()
    .executeTakeFirst();
