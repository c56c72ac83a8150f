import type { AiSession, CreateAiSessionBody } from '@plinth/domain/broker-ai/api';
import { api } from '../../../lib/api-client';

/** POST /api/ai-chat/sessions: a chat, free or about a project the viewer may read. Invalidates nothing: the first message does. */
export const createSession = (body: CreateAiSessionBody) =>
  api<AiSession>('/ai-chat/sessions', { method: 'POST', body });
