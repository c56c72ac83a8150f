import { Button, Group, Text, Textarea } from '@mantine/core';
import { messageText } from '@plinth/domain/access';
import { MESSAGE_MAX_LENGTH } from '@plinth/domain/constants';
import { IconSend } from '@tabler/icons-react';
import { type KeyboardEvent, useId, useRef, useState } from 'react';
import classes from './messages.module.css';

interface MessageComposerProps {
  /** Sends the trimmed text; resolves to whether it was sent (if not, the text comes back). */
  onSend: (text: string) => Promise<boolean>;
  isSending: boolean;
  placeholder?: string;
}

/**
 * The message box (spec 000 section 2): trimmed and non-empty, at most 1000 characters with a
 * '/1000' counter; Enter sends, Shift+Enter starts a new line.
 */
export function MessageComposer({
  onSend,
  isSending,
  placeholder = 'Type a message…',
}: MessageComposerProps) {
  const [text, setText] = useState('');
  const counterId = useId();
  const box = useRef<HTMLTextAreaElement>(null);
  const parsed = messageText.safeParse(text);
  const canSend = parsed.success && !isSending;

  // The box clears as the message goes, so the next one can be typed at once; a failed send puts
  // the text back unless something new has been typed since.
  const send = async () => {
    if (!parsed.success || isSending) return;
    const typed = text;
    setText('');
    box.current?.focus();
    if (!(await onSend(parsed.data))) setText((current) => current || typed);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // While an input method is composing, Enter picks a candidate rather than sending.
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    void send();
  };

  return (
    <form
      className={classes.composer}
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
    >
      <Group align="flex-end" gap="sm" wrap="nowrap">
        <Textarea
          ref={box}
          aria-label="Message"
          aria-describedby={counterId}
          placeholder={placeholder}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          onKeyDown={onKeyDown}
          maxLength={MESSAGE_MAX_LENGTH}
          autosize
          minRows={1}
          maxRows={5}
          style={{ flex: 1 }}
        />
        <Button
          type="submit"
          disabled={!canSend}
          loading={isSending}
          leftSection={<IconSend size={16} aria-hidden />}
        >
          Send
        </Button>
      </Group>
      <Text id={counterId} fz="xs" c="gray.7" mt={4}>
        {text.length}/{MESSAGE_MAX_LENGTH}
        <Text component="span" fz="xs" c="gray.7" visibleFrom="sm">
          {' '}
          · Enter to send, Shift+Enter for a new line
        </Text>
      </Text>
    </form>
  );
}
