import { Button, Center, Paper, ScrollArea, Text } from '@mantine/core';
import { Fragment, type ReactNode, useEffect, useLayoutEffect, useRef } from 'react';
import { formatDateTime } from '../../../lib/format';
import type { ThreadMessage } from '../api/thread-page';
import { formatDayDivider, formatMessageTime, isSameDay } from '../utils/chat-time';
import classes from './messages.module.css';

/** Spec 000 section 2: the chat scrolls to the newest message 100 ms after it arrives. */
export const AUTO_SCROLL_DELAY_MS = 100;
// Someone reading older messages is not pulled down by a new one unless it is their own.
const NEAR_BOTTOM_PX = 120;

interface MessageListProps {
  messages: ThreadMessage[];
  isMine: (message: ThreadMessage) => boolean;
  /** The name shown above a message, or null for none. */
  senderLabel: (message: ThreadMessage) => string | null;
  hasOlder: boolean;
  isLoadingOlder: boolean;
  onLoadOlder: () => void;
  /** Shown above the first message once the oldest is loaded (the funder's introduction). */
  intro?: ReactNode;
  empty: ReactNode;
}

const isSystem = (m: ThreadMessage) => m.message_type === 'system' || m.sender_role === 'system';

export function MessageList({
  messages,
  isMine,
  senderLabel,
  hasOlder,
  isLoadingOlder,
  onLoadOlder,
  intro,
  empty,
}: MessageListProps) {
  const viewport = useRef<HTMLDivElement>(null);
  const isNearBottom = useRef(true);
  const lastSeenId = useRef<string | null>(null);
  const olderAnchor = useRef<{ height: number; top: number } | null>(null);
  const last = messages.at(-1);
  const firstId = messages[0]?.id;

  // A new newest message: scroll to it after 100 ms (first load, one's own, or when already at the
  // bottom). Keyed by id: a refetch that brings the same messages back must not cancel the scroll.
  const lastId = last?.id;
  const isLastMine = last ? isMine(last) : false;
  useEffect(() => {
    if (!lastId || lastId === lastSeenId.current) return;
    const isFirstLoad = lastSeenId.current === null;
    lastSeenId.current = lastId;
    if (!isFirstLoad && !isLastMine && !isNearBottom.current) return;
    const timer = setTimeout(() => {
      const el = viewport.current;
      el?.scrollTo({ top: el.scrollHeight, behavior: isFirstLoad ? 'instant' : 'smooth' });
    }, AUTO_SCROLL_DELAY_MS);
    return () => clearTimeout(timer);
  }, [lastId, isLastMine]);

  // Older messages came in above: keep the ones being read where they were.
  useLayoutEffect(() => {
    const el = viewport.current;
    const anchor = olderAnchor.current;
    if (!el || !anchor || firstId === undefined) return;
    el.scrollTop = el.scrollHeight - anchor.height + anchor.top;
    olderAnchor.current = null;
  }, [firstId]);

  const loadOlder = () => {
    const el = viewport.current;
    if (el) olderAnchor.current = { height: el.scrollHeight, top: el.scrollTop };
    onLoadOlder();
  };

  return (
    <ScrollArea
      className={classes.messages}
      viewportRef={viewport}
      type="auto"
      onScrollPositionChange={({ y }) => {
        const el = viewport.current;
        if (el) isNearBottom.current = el.scrollHeight - el.clientHeight - y < NEAR_BOTTOM_PX;
      }}
      viewportProps={{ tabIndex: 0, role: 'region', 'aria-label': 'Conversation history' }}
    >
      <div className={classes.messagesInner} role="log" aria-live="polite" aria-relevant="additions">
        {hasOlder && (
          <Center>
            <Button variant="subtle" size="compact-sm" loading={isLoadingOlder} onClick={loadOlder}>
              Load earlier messages
            </Button>
          </Center>
        )}
        {!hasOlder && intro}
        {messages.length === 0 && empty}
        {messages.map((m, i) => {
          const previous = messages[i - 1];
          const isNewDay = !previous || !isSameDay(previous.sent_at, m.sent_at);
          const mine = isMine(m);
          const label = senderLabel(m);
          const showLabel =
            label !== null &&
            (isNewDay || !previous || senderLabel(previous) !== label || isMine(previous) !== mine);
          return (
            <Fragment key={m.id}>
              {isNewDay && <div className={classes.dayDivider}>{formatDayDivider(m.sent_at)}</div>}
              <div
                className={classes.row}
                data-mine={mine || undefined}
                data-system={isSystem(m) || undefined}
              >
                {showLabel && (
                  <Text fz="xs" fw={600} c="gray.8" mx={4} mb={2}>
                    {label}
                  </Text>
                )}
                <div className={classes.bubble}>{m.message}</div>
                <time className={classes.meta} dateTime={m.sent_at} title={formatDateTime(m.sent_at)}>
                  {formatMessageTime(m.sent_at)}
                  {mine && m.read_at ? ' · Read' : ''}
                </time>
              </div>
            </Fragment>
          );
        })}
      </div>
    </ScrollArea>
  );
}

/** The funder's introduction that came with the access request. */
export function IntroductionCard({ name, text }: { name: string; text: string }) {
  return (
    <Paper withBorder radius="md" p="sm" mb="xs" bg="white">
      <Text fz="xs" fw={600} c="gray.8">
        Introduction from {name}
      </Text>
      <Text fz="sm" c="gray.9" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {text}
      </Text>
    </Paper>
  );
}
