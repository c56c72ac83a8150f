import type { adminActionResponse } from '@plinth/domain/admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { adminQueryKey } from './admin-query-key';

export type AdminActionResult = z.infer<typeof adminActionResponse>;

/** Publishes a project under review (payment_pending → paid and visible); Quick Approve sends its reason. */
export const approveProject = ({ id, reason }: { id: string; reason?: string }) =>
  api<AdminActionResult>(`/admin/approve-project/${encodeURIComponent(id)}`, {
    method: 'POST',
    body: reason ? { reason } : undefined,
  });

/** Invalidates every ['admin'] query. */
export function useApproveProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: approveProject,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminQueryKey }),
  });
}
