import type { aiSessionsResponse } from '@plinth/domain/broker-ai/api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { brokerAiQueryKeys } from './broker-ai-query-keys';

/** GET /api/ai-chat/sessions: the viewer's chats, newest first. */
export const listSessions = () => api<z.infer<typeof aiSessionsResponse>>('/ai-chat/sessions');

export const sessionsQueryOptions = queryOptions({
  queryKey: brokerAiQueryKeys.sessions,
  queryFn: listSessions,
});

export const useSessions = () => useQuery(sessionsQueryOptions);
