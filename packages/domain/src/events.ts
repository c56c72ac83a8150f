import { z } from 'zod';

/**
 * What the server pushes to an open page over GET /api/events (Server-Sent Events). Each event
 * names what changed; the page refetches what it shows. Fanned out with Postgres LISTEN/NOTIFY.
 */
export const liveEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('message'), access_request_id: z.string(), message_id: z.string() }),
  z.object({ type: z.literal('admin_message'), user_id: z.string(), message_id: z.string() }),
  z.object({ type: z.literal('notification'), notification_id: z.string() }),
  z.object({ type: z.literal('access_request'), access_request_id: z.string(), status: z.string() }),
]);
export type LiveEvent = z.infer<typeof liveEvent>;
