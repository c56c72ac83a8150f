import { api } from '../../../lib/api-client';
import type { ThreadMessage } from './thread-page';

/** POST /api/admin/messages/send: an admin writes into a user's thread. */
export const sendAdminMessage = (userId: string, message: string) =>
  api<ThreadMessage>('/admin/messages/send', { method: 'POST', body: { user_id: userId, message } });
