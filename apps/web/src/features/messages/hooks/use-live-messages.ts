import { useQueryClient } from '@tanstack/react-query';
import { useLiveEvents } from '../../../lib/live-events';
import { messagesQueryKeys } from '../api/messages-query-keys';

/**
 * New messages without a reload: each live event marks what it touches stale, and what is on
 * screen refetches (spec 000 section 2, DESIGN.md section 2). Only ids travel in events.
 */
export function useLiveMessages(isAdmin: boolean) {
  const client = useQueryClient();
  const invalidate = (queryKey: readonly unknown[]) => void client.invalidateQueries({ queryKey });

  useLiveEvents((signal) => {
    switch (signal.type) {
      case 'message':
        invalidate(messagesQueryKeys.thread({ kind: 'request', id: signal.access_request_id }));
        invalidate(messagesQueryKeys.conversations);
        return;
      case 'admin_message':
        if (isAdmin) {
          invalidate(messagesQueryKeys.thread({ kind: 'user', userId: signal.user_id }));
          invalidate(messagesQueryKeys.adminThreads);
        } else {
          invalidate(messagesQueryKeys.thread({ kind: 'support' }));
          invalidate(messagesQueryKeys.unread);
        }
        return;
      case 'access_request':
        // Approved, declined or new: the list's status and the open chat's header and composer.
        invalidate(messagesQueryKeys.conversations);
        invalidate(messagesQueryKeys.thread({ kind: 'request', id: signal.access_request_id }));
        return;
      case 'resync':
        invalidate(messagesQueryKeys.all);
        return;
      case 'notification':
        return;
    }
  });
}
