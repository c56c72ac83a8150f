import { api } from '../../../lib/api-client';
import type { ThreadMessage } from './thread-page';

/** POST /api/messages/admin/reply: a developer or funder writes to the Plinth team. */
export const replyToAdmins = (message: string) =>
  api<ThreadMessage>('/messages/admin/reply', { method: 'POST', body: { message } });
