import type { overrideBody } from '@plinth/domain/admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { adminQueryKey } from './admin-query-key';

export type DeleteProjectBody = z.input<typeof overrideBody>;

/** Deletes a project; an override, so it needs a reason (sent in the DELETE body, as the spec's call does). */
export const deleteProject = ({ id, ...body }: { id: string } & DeleteProjectBody) =>
  api<{ message: string }>(`/admin/delete-project/${encodeURIComponent(id)}`, { method: 'DELETE', body });

/** Invalidates every ['admin'] query. */
export function useDeleteProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProject,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminQueryKey }),
  });
}
