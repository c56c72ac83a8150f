import { api } from '../../../lib/api-client';

/** PUT /api/messages/{id}/read: its recipient marks a message read. */
export const markMessageRead = (messageId: string) =>
  api<unknown>(`/messages/${messageId}/read`, { method: 'PUT' });

/** PUT /api/access-requests/{id}/messages/read: everything the other party wrote, in one call. */
export const markConversationRead = (accessRequestId: string) =>
  api<{ updated: number }>(`/access-requests/${accessRequestId}/messages/read`, { method: 'PUT' });
