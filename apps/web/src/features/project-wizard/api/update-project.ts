import type { ProjectFields, ProjectResponse } from '@plinth/domain/projects';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const updateProject = ({ id, fields }: { id: string; fields: ProjectFields }) =>
  api<ProjectResponse>(`/projects/${id}`, { method: 'PUT', body: fields });

/** Saves an edited draft or rejected project; invalidates every cached query under ['projects']. */
export function useUpdateProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProject,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['projects'] }),
  });
}
