import { sql } from 'kysely';
import type { Db } from '../../db/database';
import type { Payment } from '../../db/types';

/**
 * Records a provider event by its id. False when that id was recorded before: the unique
 * (provider, event_id) key is what makes a redelivered webhook or a replayed sandbox event a no-op.
 * Shared by the payments service (every event it handles) and the sandbox (what it keeps of its own
 * side, such as a cancellation).
 */
export async function recordPaymentEvent(
  trx: Db,
  event: { provider: Payment['provider']; eventId: string; type: string; payload: unknown },
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
