import type { denyProjectBody } from '@plinth/domain/admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { adminQueryKey } from './admin-query-key';
import type { AdminActionResult } from './approve-project';

export type DenyProjectBody = z.input<typeof denyProjectBody>;

/** Denies a project under review: rejected but paid, or (payment not received) back to an unpaid draft. */
export const denyProject = ({ id, ...body }: { id: string } & DenyProjectBody) =>
  api<AdminActionResult>(`/admin/deny-project/${encodeURIComponent(id)}`, { method: 'POST', body });

/** Invalidates every ['admin'] query. */
export function useDenyProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: denyProject,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminQueryKey }),
  });
}
