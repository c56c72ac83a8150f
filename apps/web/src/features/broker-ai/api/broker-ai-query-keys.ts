/** Every cache key of BrokerAI sits under ['broker-ai']. */
export const brokerAiQueryKeys = {
  all: ['broker-ai'] as const,
  /** The viewer's chats (GET /api/ai-chat/sessions). */
  sessions: ['broker-ai', 'sessions'] as const,
  /** One chat's messages (GET /api/ai-chat/sessions/{id}/messages). */
  messages: (sessionId: string) => ['broker-ai', 'messages', sessionId] as const,
};
