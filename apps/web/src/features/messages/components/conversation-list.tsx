import { Avatar, Badge, Group, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconLifebuoy } from '@tabler/icons-react';
import { useId } from 'react';
import { formatDateTime } from '../../../lib/format';
import { formatListTime } from '../utils/chat-time';
import type { ConversationSummary } from '../utils/conversation-summary';
import { AccessStatusBadge } from './access-status-badge';
import classes from './messages.module.css';

const initialsOf = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join('') || '?';

interface ConversationListProps {
  conversations: ConversationSummary[];
  selectedKey: string | null;
  onSelect: (conversation: ConversationSummary) => void;
}

/** The sidebar: one button per conversation, named by the counterpart, with its unread count. */
export function ConversationList({ conversations, selectedKey, onSelect }: ConversationListProps) {
  const now = new Date();
  const idPrefix = useId();
  return (
    <ul className={classes.list}>
      {conversations.map((c, i) => (
        <li key={c.key}>
          {/* Named by the counterpart alone; what it is about, the last message and the unread count describe it. */}
          <UnstyledButton
            className={classes.item}
            aria-current={c.key === selectedKey ? 'true' : undefined}
            aria-labelledby={`${idPrefix}-${i}-name`}
            aria-describedby={`${idPrefix}-${i}-details${c.time ? ` ${idPrefix}-${i}-time` : ''}`}
            onClick={() => onSelect(c)}
          >
            <Avatar color="navy.8" variant="filled" radius="xl" size={40} aria-hidden>
              {c.ref.kind === 'support' ? <IconLifebuoy size={22} /> : initialsOf(c.name)}
            </Avatar>
            <span className={classes.itemBody}>
              <Group gap={6} wrap="nowrap" justify="space-between">
                <Text
                  component="span"
                  id={`${idPrefix}-${i}-name`}
                  fz="sm"
                  fw={c.unread > 0 ? 700 : 600}
                  c="gray.9"
                  truncate
                >
                  {c.name}
                </Text>
                {c.time && (
                  <Text
                    component="time"
                    id={`${idPrefix}-${i}-time`}
                    fz="xs"
                    c="gray.7"
                    style={{ flex: 'none' }}
                    dateTime={c.time}
                    title={formatDateTime(c.time)}
                  >
                    {formatListTime(c.time, now)}
                  </Text>
                )}
              </Group>
              <span id={`${idPrefix}-${i}-details`}>
                {c.detail && (
                  <Text component="span" display="block" fz="xs" c="gray.7" truncate>
                    {c.detail}
                  </Text>
                )}
                <Group gap={6} wrap="nowrap" justify="space-between" mt={2}>
                  <Text
                    component="span"
                    fz="sm"
                    c={c.unread > 0 ? 'gray.9' : 'gray.7'}
                    fw={c.unread > 0 ? 600 : 400}
                    truncate
                  >
                    {c.preview ?? 'No messages yet'}
                  </Text>
                  <Group gap={4} wrap="nowrap" style={{ flex: 'none' }}>
                    {c.status && c.status !== 'approved' && <AccessStatusBadge status={c.status} size="xs" />}
                    {c.unread > 0 && (
                      <Badge size="sm" circle={c.unread < 10} color="navy.8" variant="filled">
                        {c.unread > 99 ? '99+' : c.unread}
                        <VisuallyHidden> unread</VisuallyHidden>
                      </Badge>
                    )}
                  </Group>
                </Group>
              </span>
            </span>
          </UnstyledButton>
        </li>
      ))}
    </ul>
  );
}
