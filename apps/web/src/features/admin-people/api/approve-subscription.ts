import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminQueryKey } from './admin-people-query-key';
import type { AdminUserActionResult } from './approve-user';

/** Approves a subscription awaiting review: active for one month, and the funder is notified. */
export const approveSubscription = (id: string) =>
  api<AdminUserActionResult>(`/admin/approve-subscription/${encodeURIComponent(id)}`, { method: 'POST' });

/** Invalidates every ['admin'] query. */
export function useApproveSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: approveSubscription,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminQueryKey }),
  });
}
