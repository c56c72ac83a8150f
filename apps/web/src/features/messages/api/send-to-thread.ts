import { notifications } from '@mantine/notifications';
import { accessMessages } from '@plinth/domain/access';
import type { ConversationRef } from '@plinth/domain/conversation-ref';
import { type InfiniteData, useMutation, useQueryClient } from '@tanstack/react-query';
import { messagesQueryKeys } from './messages-query-keys';
import { replyToAdmins } from './reply-to-admins';
import { sendAdminMessage } from './send-admin-message';
import { sendMessage } from './send-message';
import type { ThreadMessage, ThreadPage } from './thread-page';

function sendToThread(ref: ConversationRef, text: string): Promise<ThreadMessage> {
  switch (ref.kind) {
    case 'request':
      return sendMessage(ref.id, text);
    case 'support':
      return replyToAdmins(text);
    case 'user':
      return sendAdminMessage(ref.userId, text);
  }
}

/**
 * Sends into the open conversation. The sent message joins the chat at once; the lists (last
 * message) refetch. Failure: 'Send Failed' / 'Failed to send message' (spec 000 section 8), and
 * the composer keeps the text.
 */
export function useSendToThread(ref: ConversationRef) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => sendToThread(ref, text),
    onSuccess: (sent) => {
      client.setQueryData<InfiniteData<ThreadPage, string | undefined>>(
        messagesQueryKeys.thread(ref),
        (data) => {
          if (!data?.pages[0] || data.pages.some((page) => page.items.some((m) => m.id === sent.id)))
            return data;
          const [latest, ...older] = data.pages;
          return { ...data, pages: [{ ...latest, items: [...latest.items, sent] }, ...older] };
        },
      );
      void client.invalidateQueries({
        queryKey: ref.kind === 'request' ? messagesQueryKeys.conversations : messagesQueryKeys.adminThreads,
      });
    },
    onError: () => {
      notifications.show({
        color: 'red',
        title: accessMessages.sendFailedTitle,
        message: accessMessages.sendFailed,
      });
    },
  });
}
