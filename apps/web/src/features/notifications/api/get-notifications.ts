import { NOTIFICATION_DROPDOWN_SIZE } from '@plinth/domain/constants';
import type { notificationItem, notificationsResponse } from '@plinth/domain/notifications';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { ApiError, api } from '../../../lib/api-client';

export type NotificationsFeed = z.infer<typeof notificationsResponse>;
export type NotificationItem = z.infer<typeof notificationItem>;

/** The bell's cache key; the read mutations write into it. */
export const notificationsQueryKey = ['notifications', 'latest'] as const;

/** Spec 000 section 7: polled every 60 s, and never fetched twice within 30 s by a timer or a mount. */
export const NOTIFICATIONS_POLL_MS = 60_000;
export const NOTIFICATIONS_MIN_INTERVAL_MS = 30_000;

export const getNotifications = () =>
  api<NotificationsFeed>(`/notifications?limit=${NOTIFICATION_DROPDOWN_SIZE}`);

export const notificationsQueryOptions = queryOptions({
  queryKey: notificationsQueryKey,
  queryFn: async ({ client }): Promise<NotificationsFeed> => {
    try {
      return await getNotifications();
    } catch (error) {
      // 'Too many requests' is silently ignored (spec 000 section 8): keep showing what we have.
      const previous = client.getQueryData<NotificationsFeed>(notificationsQueryKey);
      if (error instanceof ApiError && error.status === 429 && previous) return previous;
      throw error;
    }
  },
  staleTime: NOTIFICATIONS_MIN_INTERVAL_MS,
});

/** The latest notifications: fetched on mount, then every 60 s while the tab is visible. */
export const useNotifications = () =>
  useQuery({
    ...notificationsQueryOptions,
    refetchInterval: NOTIFICATIONS_POLL_MS,
    // Back on the tab after a while: the staleTime still keeps fetches 30 s apart.
    refetchOnWindowFocus: true,
  });

/** Whether a failed fetch is the rate limit, which the bell does not report. */
export const isRateLimited = (error: unknown) => error instanceof ApiError && error.status === 429;
