import type { ProjectResponse } from '@plinth/domain/projects';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Cache keys under ['projects'] are invalidated by every project mutation. */
export const projectQueryKey = (id: string) => ['projects', 'detail', id] as const;

export const getProject = (id: string) => api<ProjectResponse>(`/projects/${id}`);

export const projectQueryOptions = (id: string) =>
  queryOptions({ queryKey: projectQueryKey(id), queryFn: () => getProject(id) });

export const useProject = (id: string) => useQuery(projectQueryOptions(id));
