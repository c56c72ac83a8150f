import type { ProjectFields, ProjectResponse } from '@plinth/domain/projects';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const createProject = (fields: ProjectFields) =>
  api<ProjectResponse>('/projects', { method: 'POST', body: fields });

/** Creates an unpaid draft; every cached project list and figure under ['projects'] is stale after it. */
export function useCreateProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createProject,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['projects'] }),
  });
}
