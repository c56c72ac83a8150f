import type { unreadMessagesResponse } from '@plinth/domain/access';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { messagesQueryKeys } from './messages-query-keys';

export type UnreadCounts = z.infer<typeof unreadMessagesResponse>;

export const getUnreadCounts = () => api<UnreadCounts>('/messages/unread-count');

export const unreadCountsQueryOptions = queryOptions({
  queryKey: messagesQueryKeys.unread,
  queryFn: getUnreadCounts,
});

/** What waits in the viewer's thread with the admins (read without opening it, which marks it read). */
export const useUnreadCounts = (isEnabled: boolean) =>
  useQuery({ ...unreadCountsQueryOptions, enabled: isEnabled });
