import type { projectDocumentsResponse } from '@plinth/domain/documents';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';

export type ProjectDocumentsResponse = z.infer<typeof projectDocumentsResponse>;

export const projectDocumentsQueryKey = (projectId: string) => ['projects', 'documents', projectId] as const;

export const getProjectDocuments = (projectId: string) =>
  api<ProjectDocumentsResponse>(`/projects/${projectId}/documents`);

export const projectDocumentsQueryOptions = (projectId: string) =>
  queryOptions({
    queryKey: projectDocumentsQueryKey(projectId),
    queryFn: () => getProjectDocuments(projectId),
  });

/** A project's documents, whether the required set is complete, and which required types are missing. */
export const useProjectDocuments = (projectId: string) => useQuery(projectDocumentsQueryOptions(projectId));
