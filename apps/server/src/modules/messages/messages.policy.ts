import type { Viewer } from '../../auth/guards';

export type ConversationRole = 'funder' | 'borrower' | 'admin';

/**
 * Who the viewer is in an access request's conversation: one of its two parties, an admin (who
 * may read it but not write in it), or nobody (null: the conversation is not theirs to know of).
 */
export function conversationRoleOf(
  viewer: Viewer,
  conversation: { funder_id: string; borrower_id: string },
): ConversationRole | null {
  if (viewer.id === conversation.funder_id) return 'funder';
  if (viewer.id === conversation.borrower_id) return 'borrower';
  if (viewer.role === 'admin') return 'admin';
  return null;
}

/** A message in a user's thread with the admins is for the other side than the one that wrote it. */
export const isThreadRecipient = (viewer: Viewer, message: { user_id: string; sender_role: string }) =>
  viewer.role === 'admin'
    ? message.sender_role !== 'admin'
    : message.user_id === viewer.id && message.sender_role === 'admin';
