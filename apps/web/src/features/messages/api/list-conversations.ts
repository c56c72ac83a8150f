import type { AccessRequest, accessRequestsResponse } from '@plinth/domain/access';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { messagesQueryKeys } from './messages-query-keys';

export type Conversation = AccessRequest;
type ConversationsResponse = z.infer<typeof accessRequestsResponse>;

/** The most this page lists; the server's page size cap. */
export const CONVERSATIONS_LIMIT = 100;

/** A funder's own access requests, or the requests on a developer's projects: one conversation each. */
export const listConversations = () =>
  api<ConversationsResponse>(`/access-requests?limit=${CONVERSATIONS_LIMIT}`);

export const conversationsQueryOptions = queryOptions({
  queryKey: messagesQueryKeys.conversations,
  queryFn: listConversations,
});

export const useConversations = (isEnabled: boolean) =>
  useQuery({ ...conversationsQueryOptions, enabled: isEnabled });
