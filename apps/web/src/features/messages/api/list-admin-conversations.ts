import type { adminConversation, adminConversationsResponse } from '@plinth/domain/access';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { CONVERSATIONS_LIMIT } from './list-conversations';
import { messagesQueryKeys } from './messages-query-keys';

export type AdminConversation = z.infer<typeof adminConversation>;
type AdminConversationsResponse = z.infer<typeof adminConversationsResponse>;

/** For admins: users' threads with the admins, most recent first. */
export const listAdminConversations = () =>
  api<AdminConversationsResponse>(`/admin/messages?limit=${CONVERSATIONS_LIMIT}`);

export const adminConversationsQueryOptions = queryOptions({
  queryKey: messagesQueryKeys.adminThreads,
  queryFn: listAdminConversations,
});

export const useAdminConversations = (isEnabled: boolean) =>
  useQuery({ ...adminConversationsQueryOptions, enabled: isEnabled });
