import { sql } from 'kysely';
import type { Db } from '../../db/database';
import type { Payment } from '../../db/types';

type ProviderName = Payment['provider'];

/**
 * Records a provider event by its id. False when that id was recorded before: the unique
 * (provider, event_id) key is what makes a redelivered webhook or a replayed sandbox event a no-op.
 */
export async function recordPaymentEvent(
  trx: Db,
  event: { provider: ProviderName; eventId: string; type: string; payload: unknown },
): Promise<boolean> {
  const inserted = await trx
    .insertInto('payment_event')
    .values({
      provider: event.provider,
      event_id: event.eventId,
      type: event.type,
      payload: JSON.stringify(event.payload ?? {}),
      // The time of this statement, not of the transaction: the sandbox reads an intent's latest
      // event back by this column, and transactions waiting on one intent's lock start in any order.
      received_at: sql`clock_timestamp()`,
    })
    .onConflict((oc) => oc.columns(['provider', 'event_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

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
