import type { ProjectResponse } from '@plinth/domain/projects';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const resubmitProject = (id: string) =>
  api<ProjectResponse>(`/projects/${id}/resubmit`, { method: 'POST' });

/** Sends a rejected project back for admin review; invalidates every cached query under ['projects']. */
export function useResubmitProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resubmitProject,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['projects'] }),
  });
}
