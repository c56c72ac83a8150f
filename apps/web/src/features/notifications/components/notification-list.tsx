import { Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { notificationTitle } from '@plinth/domain/notifications';
import { formatDateTime } from '../../../lib/format';
import type { NotificationItem } from '../api/get-notifications';
import { formatRelativeTime } from '../utils/relative-time';
import classes from './notification-bell.module.css';

interface NotificationListProps {
  items: NotificationItem[];
  onOpen: (item: NotificationItem) => void;
}

/** The latest notifications, newest first; unread ones tinted, bold and marked with a dot. */
export function NotificationList({ items, onOpen }: NotificationListProps) {
  const now = Date.now();
  return (
    <ul className={classes.list}>
      {items.map((item) => {
        const isUnread = !item.read;
        return (
          <li key={item.id}>
            <UnstyledButton
              className={classes.item}
              data-unread={isUnread || undefined}
              onClick={() => onOpen(item)}
            >
              <span className={classes.dot} aria-hidden />
              <span className={classes.body}>
                <Text component="span" display="block" fz="sm" fw={isUnread ? 700 : 500} c="gray.9">
                  {notificationTitle(item.type)}
                  {isUnread && <VisuallyHidden> (unread)</VisuallyHidden>}
                </Text>
                <Text component="span" display="block" fz="sm" c="gray.8" lineClamp={3}>
                  {item.message}
                </Text>
                <Text
                  component="time"
                  display="block"
                  fz="xs"
                  c="gray.7"
                  mt={2}
                  dateTime={item.created_at}
                  title={formatDateTime(item.created_at)}
                >
                  {formatRelativeTime(item.created_at, now)}
                </Text>
              </span>
            </UnstyledButton>
          </li>
        );
      })}
    </ul>
  );
}
