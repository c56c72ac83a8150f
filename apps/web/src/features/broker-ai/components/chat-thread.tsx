import { Button, Group, Text, Textarea } from '@mantine/core';
import { MESSAGE_MAX_LENGTH } from '@plinth/domain/constants';
import { IconSend } from '@tabler/icons-react';
import { type KeyboardEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import type { ChatLine } from '../hooks/use-broker-chat';
import classes from './broker-ai.module.css';

/** Spec 000 section 9: the chat scrolls to the newest line 100 ms after it changes. */
const AUTO_SCROLL_MS = 100;

interface ChatThreadProps {
  lines: ChatLine[];
  isTyping: boolean;
  isSending: boolean;
  onSend: (question: string) => void;
  /** Shown before the first line (the welcome text, suggested questions). */
  empty?: ReactNode;
}

/** The chat area: the turns, the typing indicator and the box (Enter or Send; Shift+Enter a new line). */
export function ChatThread({ lines, isTyping, isSending, onSend, empty }: ChatThreadProps) {
  const [text, setText] = useState('');
  const end = useRef<HTMLDivElement>(null);
  const lastLine = lines.at(-1);
  const scrollKey = `${lines.length}:${lastLine?.message.length ?? 0}:${isTyping}`;

  useEffect(() => {
    if (!scrollKey) return;
    const timer = setTimeout(() => end.current?.scrollIntoView?.({ block: 'end' }), AUTO_SCROLL_MS);
    return () => clearTimeout(timer);
  }, [scrollKey]);

  const question = text.trim();
  const canSend = question.length > 0 && !isSending;
  const send = () => {
    if (!canSend) return;
    setText('');
    onSend(question);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    send();
  };

  return (
    <>
      <div className={classes.thread} role="log" aria-live="polite" aria-label="BrokerAI conversation">
        {lines.length === 0 && !isTyping && empty}
        {lines.map((line) => (
          <div
            key={line.id}
            className={`${classes.bubble} ${line.isError ? classes.error : line.sender === 'user' ? classes.user : classes.ai}`}
            data-sender={line.sender}
          >
            {line.message}
          </div>
        ))}
        {isTyping && (
          <div className={classes.typing} role="status" aria-label="BrokerAI is typing">
            <span />
            <span />
            <span />
          </div>
        )}
        <div ref={end} />
      </div>
      <form
        className={classes.composer}
        onSubmit={(event) => {
          event.preventDefault();
          send();
        }}
      >
        <Group align="flex-end" gap="sm" wrap="nowrap">
          <Textarea
            aria-label="Ask BrokerAI"
            placeholder="Ask about LVR, margins, GST, stress tests…"
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
            onKeyDown={onKeyDown}
            maxLength={MESSAGE_MAX_LENGTH}
            autosize
            minRows={1}
            maxRows={4}
            style={{ flex: 1 }}
          />
          <Button type="submit" disabled={!canSend} leftSection={<IconSend size={16} aria-hidden />}>
            Send
          </Button>
        </Group>
        <Text fz="xs" c="gray.7" mt={4}>
          General information only, not financial advice.
        </Text>
      </form>
    </>
  );
}
