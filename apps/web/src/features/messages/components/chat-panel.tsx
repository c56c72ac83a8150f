import { Alert, Button, Center, Loader, Stack, Text } from '@mantine/core';
import { canExchangeMessages, messagingMessages } from '@plinth/domain/access';
import type { ConversationRef } from '@plinth/domain/conversation-ref';
import type { Role } from '@plinth/domain/roles';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useEffect, useMemo } from 'react';
import { ApiError } from '../../../lib/api-client';
import { threadMessages, useThread } from '../api/get-thread';
import { messagesQueryKeys } from '../api/messages-query-keys';
import { useSendToThread } from '../api/send-to-thread';
import type { ThreadMessage } from '../api/thread-page';
import { useMarkShownRead } from '../hooks/use-mark-shown-read';
import { type ConversationSummary, SUPPORT_NAME } from '../utils/conversation-summary';
import { ChatHeader } from './chat-header';
import { MessageComposer } from './message-composer';
import { IntroductionCard, MessageList } from './message-list';
import classes from './messages.module.css';

export interface Viewer {
  id: string;
  role: Role;
}

interface ChatPanelProps {
  conversation: ConversationRef;
  /** The list's row for it, when the list has it (a link may name one it does not). */
  summary: ConversationSummary | undefined;
  viewer: Viewer;
  onBack?: () => void;
}

const isSystem = (m: ThreadMessage) => m.message_type === 'system' || m.sender_role === 'system';

/** One open conversation: who it is with, its messages (live), and the message box. */
export function ChatPanel({ conversation, summary, viewer, onBack }: ChatPanelProps) {
  const client = useQueryClient();
  const thread = useThread(conversation);
  const messages = useMemo(() => threadMessages(thread.data?.pages), [thread.data]);
  const send = useSendToThread(conversation);
  useMarkShownRead(conversation, messages, viewer.id);

  // Threads with the admins are marked read by fetching their latest page: the badges follow (the
  // unread total beside the Messages link too, for users and admins alike).
  useEffect(() => {
    if (conversation.kind === 'request' || !thread.dataUpdatedAt) return;
    void client.invalidateQueries({ queryKey: messagesQueryKeys.unread });
    if (conversation.kind === 'user')
      void client.invalidateQueries({ queryKey: messagesQueryKeys.adminThreads });
  }, [client, conversation.kind, thread.dataUpdatedAt]);

  const isAdminSide = conversation.kind === 'user';
  // In an admin's view every admin's message is "ours"; elsewhere only the viewer's own.
  const isMine = useCallback(
    (m: ThreadMessage) => (isAdminSide ? m.sender_role === 'admin' : m.sender_id === viewer.id),
    [isAdminSide, viewer.id],
  );
  const senderLabel = (m: ThreadMessage): string | null => {
    if (isSystem(m)) return null;
    if (isMine(m)) return m.sender_id !== viewer.id ? (m.admin_name ?? m.sender_name) : null;
    return m.admin_name ?? m.sender_name;
  };

  const threadUser = thread.data?.pages[0]?.user;
  const name =
    summary?.name ?? (conversation.kind === 'support' ? SUPPORT_NAME : (threadUser?.name ?? 'Conversation'));
  const detail = summary?.detail ?? threadUser?.email ?? null;
  const request = summary?.request;
  const isClosed = request !== undefined && !canExchangeMessages(request.status);

  let body: ReactNode;
  if (thread.isPending) {
    body = (
      <Center className={classes.messages}>
        <Loader role="status" aria-label="Loading messages" />
      </Center>
    );
  } else if (thread.isError) {
    const isMissing = thread.error instanceof ApiError && thread.error.status === 404;
    body = (
      <Center className={classes.messages} p="md">
        <Alert
          color="red"
          variant="light"
          c="red.9"
          title={isMissing ? 'Conversation not found' : 'Failed to load messages'}
        >
          <Stack gap="xs" align="flex-start">
            <Text fz="sm">
              {isMissing ? 'It may have been removed, or it is not yours to read.' : thread.error.message}
            </Text>
            {!isMissing && (
              <Button size="xs" variant="light" onClick={() => void thread.refetch()}>
                Try again
              </Button>
            )}
          </Stack>
        </Alert>
      </Center>
    );
  } else {
    body = (
      <MessageList
        messages={messages}
        isMine={isMine}
        senderLabel={senderLabel}
        hasOlder={thread.hasNextPage}
        isLoadingOlder={thread.isFetchingNextPage}
        onLoadOlder={() => void thread.fetchNextPage()}
        intro={
          request?.initial_message ? (
            <IntroductionCard name={request.funder_name} text={request.initial_message} />
          ) : undefined
        }
        empty={
          <Text ta="center" c="gray.7" fz="sm" py="xl">
            {conversation.kind === 'support'
              ? 'No messages yet. Ask the Plinth team anything about your account, a listing or a payment.'
              : `No messages yet. Say hello to ${name}.`}
          </Text>
        }
      />
    );
  }

  return (
    <>
      <ChatHeader name={name} detail={detail} request={request} viewerRole={viewer.role} onBack={onBack} />
      {body}
      {isClosed ? (
        <Text className={classes.composer} fz="sm" c="gray.7">
          {messagingMessages.conversationClosed}
        </Text>
      ) : (
        !thread.isError && (
          <MessageComposer
            isSending={send.isPending}
            onSend={(text) =>
              send.mutateAsync(text).then(
                () => true,
                () => false,
              )
            }
            placeholder={isAdminSide ? `Write to ${name}…` : 'Type a message…'}
          />
        )
      )}
    </>
  );
}
