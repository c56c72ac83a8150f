import { Badge, VisuallyHidden } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useLiveEvents } from '../../../lib/live-events';
import { useUnreadCounts } from '../api/get-unread-counts';
import { messagesQueryKeys } from '../api/messages-query-keys';

/**
 * Beside the Messages link: how many messages wait unread (GET /api/messages/unread-count), kept
 * current by live events; nothing when there are none.
 */
export function MessagesNavBadge() {
  const client = useQueryClient();
  const unread = useUnreadCounts(true);
  useLiveEvents((signal) => {
    if (signal.type === 'message' || signal.type === 'admin_message' || signal.type === 'resync') {
      void client.invalidateQueries({ queryKey: messagesQueryKeys.unread });
    }
  });
  const total = unread.data?.total ?? 0;
  if (total === 0) return null;
  return (
    <Badge component="span" size="xs" circle={total < 10} color="red.9" ml={6}>
      {total > 99 ? '99+' : total}
      <VisuallyHidden> unread</VisuallyHidden>
    </Badge>
  );
}
