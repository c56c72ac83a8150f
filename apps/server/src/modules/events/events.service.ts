import { type LiveEvent, liveEvent } from '@plinth/domain/events';
import { sql } from 'kysely';
import { z } from 'zod';
import type { Db } from '../../db/database';

/** The one Postgres channel every server process listens on for live events. */
export const LIVE_EVENTS_CHANNEL = 'plinth_events';

/** What travels through NOTIFY: the event and the users whose open pages should get it. */
export const liveEnvelope = z.object({ user_ids: z.array(z.string()).min(1), event: liveEvent });
export type LiveEnvelope = z.infer<typeof liveEnvelope>;

// A NOTIFY payload must stay under 8000 bytes; events carry ids only, so batches of recipients
// this size stay far below it.
const RECIPIENTS_PER_NOTIFY = 100;

/**
 * Queues a live event for `userIds` on the writer's transaction: Postgres delivers a NOTIFY only
 * when that transaction commits (and drops it on rollback), so a page is never told of a change
 * it cannot yet read. Every server process's hub receives it and writes it to those users'
 * open event streams.
 */
export async function publishLiveEvent(trx: Db, userIds: readonly string[], event: LiveEvent): Promise<void> {
  const recipients = [...new Set(userIds)];
  for (let i = 0; i < recipients.length; i += RECIPIENTS_PER_NOTIFY) {
    const envelope: LiveEnvelope = { user_ids: recipients.slice(i, i + RECIPIENTS_PER_NOTIFY), event };
    await sql`select pg_notify(${LIVE_EVENTS_CHANNEL}, ${JSON.stringify(envelope)})`.execute(trx);
  }
}

/** Many live events on the writer's transaction in one statement (a fan-out's notifications). */
export async function publishLiveEvents(
  trx: Db,
  items: readonly { userIds: readonly string[]; event: LiveEvent }[],
): Promise<void> {
  const payloads: string[] = [];
  for (const { userIds, event } of items) {
    const recipients = [...new Set(userIds)];
    for (let i = 0; i < recipients.length; i += RECIPIENTS_PER_NOTIFY)
      payloads.push(JSON.stringify({ user_ids: recipients.slice(i, i + RECIPIENTS_PER_NOTIFY), event }));
  }
  if (payloads.length === 0) return;
  await sql`select pg_notify(${LIVE_EVENTS_CHANNEL}, p) from unnest(${payloads}::text[]) as p`.execute(trx);
}
