import { notifications } from '@mantine/notifications';
import type { notificationsReadResponse } from '@plinth/domain/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { type NotificationsFeed, notificationsQueryKey } from './get-notifications';

type ReadResponse = z.infer<typeof notificationsReadResponse>;

export const markAllNotificationsRead = () => api<ReadResponse>('/notifications/read-all', { method: 'PUT' });

/** 'Mark all read': the bell clears at once; on failure it is refetched and the person told. */
export function useMarkAllNotificationsRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: markAllNotificationsRead,
    onMutate: () => {
      client.setQueryData<NotificationsFeed>(notificationsQueryKey, (feed) =>
        feed ? { items: feed.items.map((n) => ({ ...n, read: true })), unread_count: 0 } : feed,
      );
    },
    onSuccess: ({ unread_count }) => {
      client.setQueryData<NotificationsFeed>(notificationsQueryKey, (feed) =>
        feed ? { ...feed, unread_count } : feed,
      );
    },
    onError: (error) => {
      void client.invalidateQueries({ queryKey: notificationsQueryKey });
      notifications.show({
        color: 'red',
        title: 'Update Failed',
        message: error.message || 'Failed to mark notifications as read',
      });
    },
  });
}
