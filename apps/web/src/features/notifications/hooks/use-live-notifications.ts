import { notifications } from '@mantine/notifications';
import { notificationTitle } from '@plinth/domain/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLiveEvents } from '../../../lib/live-events';
import {
  type NotificationItem,
  type NotificationsFeed,
  notificationsQueryKey,
  notificationsQueryOptions,
} from '../api/get-notifications';

/** Notification toasts stay 5 s (spec 000 section 9); other toasts keep the 4 s default. */
export const NOTIFICATION_TOAST_MS = 5000;
// Several notifications written together (one action, many recipients' events) make one fetch.
const BATCH_MS = 250;
const MAX_TOASTS_AT_ONCE = 3;

/**
 * Keeps the bell current from the live stream: a new notification is fetched at once (the event
 * says there is something new, so the 30 s floor of the poll does not hold it back) and shown as a
 * toast unless `shouldToast` says the page already shows it. A resync (the stream was down, or its
 * fallback poll) fetches only if the last fetch is over 30 s old.
 */
export function useLiveNotifications(shouldToast: (item: NotificationItem) => boolean) {
  const client = useQueryClient();
  const pendingIds = useRef(new Set<string>());
  const batchTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => () => clearTimeout(batchTimer.current), []);

  useLiveEvents((signal) => {
    if (signal.type === 'resync') {
      void client.prefetchQuery(notificationsQueryOptions);
      return;
    }
    if (signal.type !== 'notification') return;
    pendingIds.current.add(signal.notification_id);
    clearTimeout(batchTimer.current);
    batchTimer.current = setTimeout(async () => {
      const ids = new Set(pendingIds.current);
      pendingIds.current.clear();
      // Cancels a fetch already under way: it may have started before this notification existed.
      await client.refetchQueries({ queryKey: notificationsQueryKey, exact: true });
      const feed = client.getQueryData<NotificationsFeed>(notificationsQueryKey);
      const fresh = (feed?.items ?? []).filter((n) => ids.has(n.id) && !n.read && shouldToast(n));
      for (const item of fresh.slice(0, MAX_TOASTS_AT_ONCE)) {
        notifications.show({
          id: `notification-${item.id}`,
          title: notificationTitle(item.type),
          message: item.message,
          autoClose: NOTIFICATION_TOAST_MS,
        });
      }
    }, BATCH_MS);
  });
}
