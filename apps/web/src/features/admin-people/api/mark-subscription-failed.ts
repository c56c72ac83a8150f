import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminQueryKey } from './admin-people-query-key';
import type { AdminUserActionResult } from './approve-user';

/** Marks the payment of a subscription awaiting review as failed: the subscription becomes inactive. */
export const markSubscriptionFailed = (id: string) =>
  api<AdminUserActionResult>(`/admin/subscription-failed/${encodeURIComponent(id)}`, { method: 'POST' });

/** Invalidates every ['admin'] query. */
export function useMarkSubscriptionFailed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markSubscriptionFailed,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminQueryKey }),
  });
}
