import { brokerAiMessages } from '@plinth/domain/broker-ai/answer';
import type { AiMessage } from '@plinth/domain/broker-ai/api';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { brokerAiQueryKeys } from '../api/broker-ai-query-keys';
import { createSession } from '../api/create-session';
import { type SessionMessages, useSessionMessages } from '../api/get-session-messages';
import { streamMessage } from '../api/stream-message';

/** A turn on screen: stored, being streamed, or the chat's error line. */
export interface ChatLine {
  id: string;
  sender: 'user' | 'ai';
  message: string;
  isError?: boolean;
}

interface Pending {
  question: string;
  reply: string;
}

/**
 * One BrokerAI chat: its stored messages, the question being answered with the reply as it
 * streams, and the error line. A chat without a session makes one on its first question (bound to
 * `projectId` or `facilityId` when given) and reports it through `onSessionCreated`.
 */
export function useBrokerChat(options: {
  sessionId: string | null;
  projectId?: string | null;
  facilityId?: string | null;
  onSessionCreated: (sessionId: string) => void;
}) {
  const { sessionId, projectId, facilityId, onSessionCreated } = options;
  const queryClient = useQueryClient();
  const messages = useSessionMessages(sessionId);
  const [pending, setPending] = useState<Pending | null>(null);
  const [failed, setFailed] = useState<{ sessionId: string | null; question: string } | null>(null);
  const isBusy = useRef(false);

  const send = useCallback(
    async (question: string) => {
      if (isBusy.current) return;
      isBusy.current = true;
      setFailed(null);
      setPending({ question, reply: '' });
      let id = sessionId;
      try {
        if (!id) {
          id = (
            await createSession({
              project_id: projectId ?? null,
              ...(facilityId ? { facility_id: facilityId } : {}),
              session_title: null,
            })
          ).id;
          onSessionCreated(id);
        }
        const done = await streamMessage(id, question, (text) =>
          setPending((p) => (p ? { ...p, reply: p.reply + text } : p)),
        );
        const now = new Date().toISOString();
        const stored: AiMessage[] = [
          { id: done.user_message_id, sender: 'user', message: question, timestamp: now },
          { id: done.ai_message_id, sender: 'ai', message: done.ai_response, timestamp: now },
        ];
        // The reply shows at once from the cache; the refetch brings the stored timestamps.
        queryClient.setQueryData<SessionMessages>(brokerAiQueryKeys.messages(id), (old) => ({
          items: [...(old?.items ?? []), ...stored],
        }));
        void queryClient.invalidateQueries({ queryKey: brokerAiQueryKeys.messages(id) });
        void queryClient.invalidateQueries({ queryKey: brokerAiQueryKeys.sessions });
      } catch {
        setFailed({ sessionId: id, question });
        if (id) void queryClient.invalidateQueries({ queryKey: brokerAiQueryKeys.messages(id) });
      } finally {
        setPending(null);
        isBusy.current = false;
      }
    },
    [sessionId, projectId, facilityId, onSessionCreated, queryClient],
  );

  const lines: ChatLine[] = (messages.data?.items ?? []).map((m) => ({
    id: m.id,
    sender: m.sender,
    message: m.message,
  }));
  if (pending) {
    lines.push({ id: 'pending-question', sender: 'user', message: pending.question });
    if (pending.reply) lines.push({ id: 'pending-reply', sender: 'ai', message: pending.reply });
  }
  if (failed && failed.sessionId === sessionId) {
    if (!lines.some((l) => l.sender === 'user' && l.message === failed.question))
      lines.push({ id: 'failed-question', sender: 'user', message: failed.question });
    lines.push({ id: 'error', sender: 'ai', message: brokerAiMessages.error, isError: true });
  }

  return {
    lines,
    send,
    isLoading: messages.isPending && sessionId !== null,
    isSending: pending !== null,
    /** Waiting for the first words of the reply: the typing indicator. */
    isTyping: pending !== null && pending.reply === '',
  };
}
