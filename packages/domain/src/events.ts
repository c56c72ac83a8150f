import { z } from 'zod';

/** What a `deal` live event says changed in the room. */
export const dealChanges = ['comment', 'status', 'documents', 'proposal', 'contact'] as const;

/**
 * What the server pushes to an open page over GET /api/events (Server-Sent Events). Each event
 * names what changed; the page refetches what it shows. Fanned out with Postgres LISTEN/NOTIFY.
 */
export const liveEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('message'), access_request_id: z.string(), message_id: z.string() }),
  z.object({ type: z.literal('admin_message'), user_id: z.string(), message_id: z.string() }),
  z.object({ type: z.literal('notification'), notification_id: z.string() }),
  z.object({ type: z.literal('access_request'), access_request_id: z.string(), status: z.string() }),
  /**
   * Something in a deal room changed that the other party's open room should show at once (a
   * comment, the deal's status, contact details shared). Events of the room that also notify the reader come as
   * `notification`.
   */
  z.object({ type: z.literal('deal'), deal_id: z.string(), change: z.enum(dealChanges) }),
  /**
   * A facility's figures changed (issue 33): a draw moved, equity came in, the budget or the parties
   * changed, interest accrued. Every party's open portfolio, facility and draw pages refetch.
   */
  z.object({
    type: z.literal('facility'),
    facility_id: z.string(),
    draw_id: z.string().nullable(),
    change: z.enum(['facility', 'budget', 'parties', 'equity', 'draw', 'comment', 'ledger']),
  }),
]);
export type LiveEvent = z.infer<typeof liveEvent>;

/** The reconnect delay the stream asks browsers for (the SSE `retry:` field). */
export const LIVE_EVENTS_RETRY_MS = 3000;
/** A comment line this often keeps proxies from closing an idle stream. */
export const LIVE_EVENTS_HEARTBEAT_MS = 25_000;
