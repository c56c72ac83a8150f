import type { ConversationRef } from '@plinth/domain/conversation-ref';

/** Every cache key of the messages page sits under ['messages']: a resync invalidates them all. */
export const messagesQueryKeys = {
  all: ['messages'] as const,
  /** The viewer's access-request conversations (GET /api/access-requests). */
  conversations: ['messages', 'conversations'] as const,
  /** The unread counts (GET /api/messages/unread-count): the Plinth Support badge. */
  unread: ['messages', 'unread'] as const,
  /** Users' threads with the admins, for admins (GET /api/admin/messages). */
  adminThreads: ['messages', 'admin-threads'] as const,
  /** One conversation's messages, newest page first. */
  thread: (ref: ConversationRef) =>
    [
      'messages',
      'thread',
      ref.kind,
      ref.kind === 'request' ? ref.id : ref.kind === 'user' ? ref.userId : '',
    ] as const,
};
