import { Button, Group, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { brokerAiMessages } from '@plinth/domain/broker-ai/answer';
import type { AiSession } from '@plinth/domain/broker-ai/api';
import type { Role } from '@plinth/domain/roles';
import { IconArrowLeft, IconPlus } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { formatDateTime } from '../../../lib/format';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { useSessions } from '../api/list-sessions';
import { useBrokerChat } from '../hooks/use-broker-chat';
import { facilitySuggestions, suggestionsFor } from '../utils/suggested-questions';
import classes from './broker-ai.module.css';
import { ChatThread } from './chat-thread';

interface BrokerAiPageProps {
  role: Role;
  /** The chat to open (from ?session=), else a new one. */
  sessionId: string | null;
  onSessionChange: (sessionId: string | null) => void;
  /** A new chat is bound to this project (from ?project=). */
  projectId: string | null;
  /** Asked once, as soon as the page opens a new chat (the project page's 'Analyse with BrokerAI'). */
  initialQuestion?: string | null;
}

/**
 * /broker-ai (spec 000 section 2): the chat history (newest first) with New Chat, the chat area and
 * four suggested questions for the viewer's side. On mobile it shows the history or the chat.
 */
export function BrokerAiPage({
  role,
  sessionId,
  onSessionChange,
  projectId,
  initialQuestion,
}: BrokerAiPageProps) {
  const isMobile = useIsMobile();
  const [isListShown, setIsListShown] = useState(false);
  const sessions = useSessions();
  // ?facility= (the facility page's 'Ask BrokerAI about this facility'): a new chat is bound to it.
  // 'New Chat' after it opens a free chat again.
  const [params] = useSearchParams();
  const [facilityId, setFacilityId] = useState(() => params.get('facility'));
  const chat = useBrokerChat({ sessionId, projectId, facilityId, onSessionCreated: onSessionChange });
  const hasAsked = useRef(false);
  const { send } = chat;
  useEffect(() => {
    if (!initialQuestion || hasAsked.current || sessionId !== null) return;
    hasAsked.current = true;
    void send(initialQuestion);
  }, [initialQuestion, sessionId, send]);
  const open = (id: string | null) => {
    if (id === null) setFacilityId(null);
    onSessionChange(id);
    setIsListShown(false);
  };

  const sidebar = (
    <aside className={classes.sidebar} aria-label="Chat history">
      <Group justify="space-between" p="sm">
        <Text fw={700}>Chats</Text>
        <Button size="xs" leftSection={<IconPlus size={14} aria-hidden />} onClick={() => open(null)}>
          New Chat
        </Button>
      </Group>
      <ul className={classes.sessionList}>
        {(sessions.data?.items ?? []).map((s: AiSession) => (
          <li key={s.id}>
            <UnstyledButton
              className={classes.sessionItem}
              aria-current={s.id === sessionId}
              onClick={() => open(s.id)}
            >
              <Text fz="sm" fw={600} lineClamp={1}>
                {s.session_title || 'New Chat'}
              </Text>
              <Text fz="xs" c="gray.7">
                {formatDateTime(s.created_at)}
              </Text>
            </UnstyledButton>
          </li>
        ))}
      </ul>
      {sessions.data?.items.length === 0 && (
        <Text fz="sm" c="gray.7" p="sm">
          No chats yet.
        </Text>
      )}
    </aside>
  );

  const suggestions = (
    <Stack gap="sm">
      <div className={`${classes.bubble} ${classes.ai}`}>{brokerAiMessages.welcome}</div>
      <Text fz="sm" fw={600}>
        Suggested questions
      </Text>
      <Stack gap={6} aria-label="Suggested questions">
        {(facilityId && !sessionId ? facilitySuggestions : suggestionsFor(role)).map((q) => (
          <Button
            key={q}
            variant="default"
            justify="flex-start"
            onClick={() => void chat.send(q)}
            styles={{ label: { whiteSpace: 'normal', textAlign: 'left' } }}
            h="auto"
            py={6}
          >
            {q}
          </Button>
        ))}
      </Stack>
    </Stack>
  );

  const chatArea = (
    <section className={classes.chat} aria-label="BrokerAI chat area">
      {isMobile && (
        <Group p="xs">
          <Button
            variant="subtle"
            size="xs"
            leftSection={<IconArrowLeft size={14} aria-hidden />}
            onClick={() => setIsListShown(true)}
          >
            Chats
          </Button>
        </Group>
      )}
      <ChatThread
        lines={chat.lines}
        isTyping={chat.isTyping}
        isSending={chat.isSending}
        onSend={(q) => void chat.send(q)}
        empty={suggestions}
      />
    </section>
  );

  return (
    <Stack gap="md">
      <div>
        <Title order={1}>BrokerAI Assistant</Title>
        <Text c="gray.7">Deal figures worked exactly, and the norms lenders size them on.</Text>
      </div>
      <div className={classes.frame}>
        {isMobile ? (isListShown ? sidebar : chatArea) : sidebar}
        {!isMobile && chatArea}
      </div>
    </Stack>
  );
}
