import { useDocumentVisibility } from '@mantine/hooks';
import type { ConversationRef } from '@plinth/domain/conversation-ref';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { Conversation } from '../api/list-conversations';
import { markConversationRead, markMessageRead } from '../api/mark-message-read';
import { messagesQueryKeys } from '../api/messages-query-keys';
import type { ThreadMessage } from '../api/thread-page';

// Up to this many unread messages are marked one by one (PUT /messages/{id}/read, the spec's
// call); more, as after a long absence, in one call for the whole conversation.
const ONE_BY_ONE_LIMIT = 3;

/**
 * Marks the other party's messages read once they are on screen in a visible tab (a message
 * arriving in a background tab stays unread until the person comes back). Threads with the admins
 * need nothing here: the server marks them read when their latest page is fetched.
 */
export function useMarkShownRead(ref: ConversationRef, messages: readonly ThreadMessage[], viewerId: string) {
  const client = useQueryClient();
  const isVisible = useDocumentVisibility() === 'visible';
  const marked = useRef(new Set<string>());

  useEffect(() => {
    if (ref.kind !== 'request' || !isVisible) return;
    const unread = messages.filter(
      (m) => m.read_at === null && m.sender_id !== viewerId && !marked.current.has(m.id),
    );
    if (unread.length === 0) return;
    for (const m of unread) marked.current.add(m.id);

    // The badge clears at once; the lists refetch once the server has it.
    client.setQueryData<{ items: Conversation[]; total: number }>(messagesQueryKeys.conversations, (list) =>
      list
        ? { ...list, items: list.items.map((c) => (c.id === ref.id ? { ...c, unread_count: 0 } : c)) }
        : list,
    );
    const calls =
      unread.length <= ONE_BY_ONE_LIMIT
        ? unread.map((m) => markMessageRead(m.id))
        : [markConversationRead(ref.id)];
    void Promise.allSettled(calls).then(() => {
      void client.invalidateQueries({ queryKey: messagesQueryKeys.conversations });
      void client.invalidateQueries({ queryKey: messagesQueryKeys.unread });
    });
  }, [client, ref, messages, viewerId, isVisible]);
}
