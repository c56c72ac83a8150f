import type { updateProjectStatusBody } from '@plinth/domain/admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { adminQueryKey } from './admin-query-key';
import type { AdminActionResult } from './approve-project';

export type UpdateProjectStatusBody = z.input<typeof updateProjectStatusBody>;

/** Sets a project's status (spec 001 section 4.1); the server derives payment_status and visible from it. */
export const updateProjectStatus = ({ id, ...body }: { id: string } & UpdateProjectStatusBody) =>
  api<AdminActionResult>(`/admin/update-project-status/${encodeURIComponent(id)}`, { method: 'POST', body });

/** Invalidates every ['admin'] query. */
export function useUpdateProjectStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProjectStatus,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminQueryKey }),
  });
}
