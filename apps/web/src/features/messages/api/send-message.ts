import { api } from '../../../lib/api-client';
import type { ThreadMessage } from './thread-page';

/** POST /api/access-requests/{id}/messages: a message to the other party of an access request. */
export const sendMessage = (accessRequestId: string, message: string) =>
  api<ThreadMessage>(`/access-requests/${accessRequestId}/messages`, {
    method: 'POST',
    body: { message, message_type: 'text' },
  });
