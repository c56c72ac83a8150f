import type { projectDocumentsResponse } from '@plinth/domain/documents';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';

export type ProjectDocuments = z.infer<typeof projectDocumentsResponse>;

/** Under ['projects'], so every project mutation (and every upload) marks it stale. */
export const projectDocumentsQueryKey = (projectId: string) =>
  ['projects', 'detail', projectId, 'documents'] as const;

export const getProjectDocuments = (projectId: string) =>
  api<ProjectDocuments>(`/projects/${projectId}/documents`);

export const projectDocumentsQueryOptions = (projectId: string) =>
  queryOptions({
    queryKey: projectDocumentsQueryKey(projectId),
    queryFn: () => getProjectDocuments(projectId),
  });

export const useProjectDocuments = (projectId: string) => useQuery(projectDocumentsQueryOptions(projectId));
