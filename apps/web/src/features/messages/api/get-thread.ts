import type { ConversationRef } from '@plinth/domain/conversation-ref';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { getAdminThread } from './get-admin-thread';
import { getConversationMessages } from './get-conversation-messages';
import { getSupportThread } from './get-support-thread';
import { messagesQueryKeys } from './messages-query-keys';
import type { ThreadMessage, ThreadPage } from './thread-page';

function getThreadPage(ref: ConversationRef, before: string | undefined): Promise<ThreadPage> {
  switch (ref.kind) {
    case 'request':
      return getConversationMessages(ref.id, before);
    case 'support':
      return getSupportThread(before);
    case 'user':
      return getAdminThread(ref.userId, before);
  }
}

/** Pages newest first: page 0 is the latest; each next page is older, up to its oldest message. */
export const threadQueryOptions = (ref: ConversationRef) =>
  infiniteQueryOptions({
    queryKey: messagesQueryKeys.thread(ref),
    queryFn: ({ pageParam }) => getThreadPage(ref, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page: ThreadPage) => (page.has_more ? page.items[0]?.sent_at : undefined),
    // Live events and resyncs say when it changed; no need to refetch on every visit.
    staleTime: 10_000,
  });

export const useThread = (ref: ConversationRef) => useInfiniteQuery(threadQueryOptions(ref));

/** The loaded pages in reading order, oldest first. */
export const threadMessages = (pages: readonly ThreadPage[] | undefined): ThreadMessage[] =>
  pages ? [...pages].reverse().flatMap((page) => page.items) : [];
