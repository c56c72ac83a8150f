import type {
  AiSessionWithFacility,
  CreateAiSessionWithFacilityBody,
} from '@plinth/domain/broker-ai/facility';
import { api } from '../../../lib/api-client';

/**
 * POST /api/ai-chat/sessions: a chat, free, about a project the viewer may read, or about a
 * facility they are a party of. Invalidates nothing: the first message does.
 */
export const createSession = (body: CreateAiSessionWithFacilityBody) =>
  api<AiSessionWithFacility>('/ai-chat/sessions', { method: 'POST', body });
