import { z } from 'zod';

/** Deals (spec 000 sections 2 and 7; DESIGN.md sections 5 and 8). */

export const dealMessages = {
  notFound: 'Deal room not found',
  loadFailedTitle: 'Load Failed',
  loadFailed: 'Failed to load deal room data',
} as const;

export const dealStatuses = ['open', 'completed'] as const;

export const dealIdParams = z.object({ id: z.uuid({ error: dealMessages.notFound }) });

/**
 * A deal as its parties (and admins) see it: enough to find its room, which lives under its
 * project (/project/{project_id}/deal/{id}).
 */
export const deal = z.object({
  id: z.string(),
  project_id: z.string(),
  access_request_id: z.string(),
  status: z.enum(dealStatuses),
  created_at: z.string(),
  completed_at: z.string().nullable(),
});
export type Deal = z.infer<typeof deal>;

/** Where a deal's room is: the target of /deals/{id} (a notification tap). */
export const dealRoomPath = (d: Pick<Deal, 'id' | 'project_id'>) =>
  `/project/${encodeURIComponent(d.project_id)}/deal/${encodeURIComponent(d.id)}`;
