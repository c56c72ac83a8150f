import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminQueryKey } from './admin-query-key';
import type { AdminActionResult } from './approve-project';

/** Marks the listing fee of a project under review as failed; the project returns to draft. */
export const markPaymentFailed = (id: string) =>
  api<AdminActionResult>(`/admin/payment-failed/${encodeURIComponent(id)}`, { method: 'POST' });

/** Invalidates every ['admin'] query. */
export function useMarkPaymentFailed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markPaymentFailed,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminQueryKey }),
  });
}
