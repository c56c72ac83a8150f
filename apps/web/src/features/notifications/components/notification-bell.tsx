import {
  ActionIcon,
  Alert,
  Button,
  Center,
  Group,
  Indicator,
  Loader,
  Popover,
  ScrollArea,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { notificationTarget } from '@plinth/domain/notifications';
import { IconBell, IconRefresh } from '@tabler/icons-react';
import { type ReactNode, useId, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { isRateLimited, type NotificationItem, useNotifications } from '../api/get-notifications';
import { useMarkAllNotificationsRead } from '../api/mark-all-notifications-read';
import { useMarkNotificationRead } from '../api/mark-notification-read';
import { useLiveNotifications } from '../hooks/use-live-notifications';
import classes from './notification-bell.module.css';
import { NotificationList } from './notification-list';

const countLabel = (count: number) => (count > 99 ? '99+' : String(count));

/**
 * The header's bell (spec 000 section 2, Notifications dropdown): the unread count, the latest 10,
 * Refresh, 'Mark all read', and tap-through to each notification's target. Render it once per page:
 * it also owns the live toasts.
 */
export function NotificationBell() {
  const [isOpen, setIsOpen] = useState(false);
  const countId = useId();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const query = useNotifications();
  const markRead = useMarkNotificationRead();
  const markAllRead = useMarkAllNotificationsRead();

  // A new message's notification is not toasted on the messages page, which shows the message itself.
  useLiveNotifications((item) => !(item.type === 'message' && pathname.startsWith('/messages')));

  const feed = query.data;
  const unread = feed?.unread_count ?? 0;

  const open = (item: NotificationItem) => {
    if (!item.read) markRead.mutate(item.id);
    const target = notificationTarget(item.type, item.related_id);
    if (target) {
      setIsOpen(false);
      navigate(target);
    }
  };

  let content: ReactNode;
  if (feed && feed.items.length > 0) {
    content = <NotificationList items={feed.items} onOpen={open} />;
  } else if (feed) {
    content = (
      <Text ta="center" c="gray.7" fz="sm" py="xl">
        No notifications
      </Text>
    );
  } else if (query.isError && !isRateLimited(query.error)) {
    content = (
      <Alert color="red" variant="light" c="red.9" m="sm">
        {query.error.message || 'Failed to load notifications'}
      </Alert>
    );
  } else {
    content = (
      <Center py="xl">
        <Loader size="sm" role="status" aria-label="Loading notifications" />
      </Center>
    );
  }

  return (
    <Indicator
      label={countLabel(unread)}
      disabled={unread === 0}
      size={18}
      offset={6}
      color="red.9"
      zIndex={1}
      styles={{ indicator: { fontWeight: 700 } }}
    >
      <Popover
        opened={isOpen}
        onChange={setIsOpen}
        position="bottom-end"
        width="min(360px, calc(100vw - 16px))"
        shadow="md"
        radius="md"
        trapFocus
        returnFocus
      >
        <Popover.Target>
          <ActionIcon
            variant="subtle"
            color="gray.8"
            size="lg"
            radius="xl"
            aria-label="Notifications"
            aria-describedby={countId}
            onClick={() => setIsOpen((o) => !o)}
          >
            <IconBell size={22} aria-hidden />
          </ActionIcon>
        </Popover.Target>
        <Popover.Dropdown p={0}>
          <div className={classes.header}>
            <Text fw={700} fz="sm">
              Notifications
            </Text>
            <Group gap={4} wrap="nowrap">
              <ActionIcon
                variant="subtle"
                color="gray.8"
                aria-label="Refresh"
                aria-busy={query.isFetching}
                onClick={() => void query.refetch()}
              >
                {query.isFetching ? (
                  <Loader size={16} color="gray.8" />
                ) : (
                  <IconRefresh size={18} aria-hidden />
                )}
              </ActionIcon>
              <Button
                variant="subtle"
                size="compact-sm"
                disabled={unread === 0}
                onClick={() => markAllRead.mutate()}
              >
                Mark all read
              </Button>
            </Group>
          </div>
          <ScrollArea.Autosize mah="min(420px, 60vh)" type="auto">
            {content}
          </ScrollArea.Autosize>
        </Popover.Dropdown>
      </Popover>
      <VisuallyHidden id={countId}>
        {unread === 0 ? 'No unread notifications' : `${unread} unread`}
      </VisuallyHidden>
    </Indicator>
  );
}
