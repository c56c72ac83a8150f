import { ActionIcon, Anchor, CloseButton, Text } from '@mantine/core';
import { brokerAiMessages } from '@plinth/domain/broker-ai/answer';
import { IconRobot } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useBrokerChat } from '../hooks/use-broker-chat';
import classes from './broker-ai.module.css';
import { ChatThread } from './chat-thread';

/** The full BrokerAI page is the chat itself: no floating one there. */
export const showsFloatingChat = (pathname: string) => pathname !== '/broker-ai';

/**
 * Pages whose own message box has its Send in the bottom-right corner (messages, deal rooms): the
 * floating chat moves to the bottom-left there, so it never covers Send.
 */
export const floatsLeftOn = (pathname: string) =>
  pathname === '/messages' || /^\/project\/[^/]+\/deal\//.test(pathname);

/**
 * The floating BrokerAI chat on every signed-in page (spec 000 section 2): a button in the corner
 * opens a panel with the welcome text, the chat and a link to the full page. The chat lives while
 * the shell does, so it survives moving between pages.
 */
export function FloatingChat({ pathname }: { pathname: string }) {
  const [isOpen, setIsOpen] = useState(false);
  const [sessionId, setSessionId] = useState<string | null>(null);
  const chat = useBrokerChat({ sessionId, onSessionCreated: setSessionId });
  if (!showsFloatingChat(pathname)) return null;
  const side = floatsLeftOn(pathname) ? classes.left : '';

  return (
    <>
      {isOpen && (
        <section className={`${classes.panel} ${side}`} aria-label="BrokerAI chat">
          <div className={classes.panelHeader}>
            <div>
              <Text fw={700}>BrokerAI</Text>
              <Anchor
                component={Link}
                to={sessionId ? `/broker-ai?session=${sessionId}` : '/broker-ai'}
                fz="xs"
              >
                Open full page
              </Anchor>
            </div>
            <CloseButton aria-label="Close BrokerAI chat" onClick={() => setIsOpen(false)} />
          </div>
          <ChatThread
            lines={chat.lines}
            isTyping={chat.isTyping}
            isSending={chat.isSending}
            onSend={(q) => void chat.send(q)}
            empty={
              <div className={`${classes.bubble} ${classes.ai}`} data-sender="ai">
                {brokerAiMessages.welcome}
              </div>
            }
          />
        </section>
      )}
      <ActionIcon
        className={`${classes.fab} ${side}`}
        size={52}
        radius="xl"
        color="navy"
        variant="filled"
        aria-label="BrokerAI chat"
        aria-expanded={isOpen}
        onClick={() => setIsOpen((open) => !open)}
      >
        <IconRobot size={26} aria-hidden />
      </ActionIcon>
    </>
  );
}
