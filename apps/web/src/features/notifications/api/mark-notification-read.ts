import type { notificationsReadResponse } from '@plinth/domain/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { type NotificationsFeed, notificationsQueryKey } from './get-notifications';

type ReadResponse = z.infer<typeof notificationsReadResponse>;

export const markNotificationRead = (id: string) =>
  api<ReadResponse>(`/notifications/${id}/read`, { method: 'PUT' });

/**
 * Marks one notification read, in the bell at once and then on the server (spec 000 section 4:
 * "marked read locally and on the server when tapped"). A failure is left for the next fetch to
 * correct: the person has already moved on to the notification's target.
 */
export function useMarkNotificationRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: markNotificationRead,
    onMutate: (id) => {
      client.setQueryData<NotificationsFeed>(notificationsQueryKey, (feed) => {
        const item = feed?.items.find((n) => n.id === id);
        if (!feed || !item || item.read) return feed;
        return {
          items: feed.items.map((n) => (n.id === id ? { ...n, read: true } : n)),
          unread_count: Math.max(0, feed.unread_count - 1),
        };
      });
    },
    onSuccess: ({ unread_count }) => {
      client.setQueryData<NotificationsFeed>(notificationsQueryKey, (feed) =>
        feed ? { ...feed, unread_count } : feed,
      );
    },
  });
}
