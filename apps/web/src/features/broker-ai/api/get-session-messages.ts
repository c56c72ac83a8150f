import type { aiMessagesResponse } from '@plinth/domain/broker-ai/api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { brokerAiQueryKeys } from './broker-ai-query-keys';

export type SessionMessages = z.infer<typeof aiMessagesResponse>;

/** GET /api/ai-chat/sessions/{id}/messages: oldest first. */
export const getSessionMessages = (sessionId: string) =>
  api<SessionMessages>(`/ai-chat/sessions/${sessionId}/messages`);

export const sessionMessagesQueryOptions = (sessionId: string) =>
  queryOptions({
    queryKey: brokerAiQueryKeys.messages(sessionId),
    queryFn: () => getSessionMessages(sessionId),
  });

export const useSessionMessages = (sessionId: string | null) =>
  useQuery({ ...sessionMessagesQueryOptions(sessionId ?? ''), enabled: sessionId !== null });
