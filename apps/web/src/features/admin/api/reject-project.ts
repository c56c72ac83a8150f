import type { overrideBody } from '@plinth/domain/admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { adminQueryKey } from './admin-query-key';
import type { AdminActionResult } from './approve-project';

export type RejectProjectBody = z.input<typeof overrideBody>;

/** Rejects a paid or pending project, leaving it paid and hidden; an override, so it needs a reason. */
export const rejectProject = ({ id, ...body }: { id: string } & RejectProjectBody) =>
  api<AdminActionResult>(`/admin/reject-project/${encodeURIComponent(id)}`, { method: 'POST', body });

/** Invalidates every ['admin'] query. */
export function useRejectProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rejectProject,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminQueryKey }),
  });
}
