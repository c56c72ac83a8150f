import type { denySubscriptionBody } from '@plinth/domain/admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { adminQueryKey } from './admin-people-query-key';
import type { AdminUserActionResult } from './approve-user';

export type DenySubscriptionBody = z.input<typeof denySubscriptionBody>;

/** Denies a subscription awaiting review; the funder is told the reason. */
export const denySubscription = ({ id, ...body }: { id: string } & DenySubscriptionBody) =>
  api<AdminUserActionResult>(`/admin/deny-subscription/${encodeURIComponent(id)}`, { method: 'POST', body });

/** Invalidates every ['admin'] query. */
export function useDenySubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: denySubscription,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminQueryKey }),
  });
}
