import type { projectDealDocumentsResponse } from '@plinth/domain/data-room';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';

export type ProjectDealDocumentsResponse = z.infer<typeof projectDealDocumentsResponse>;

/** Under ['projects'], so the project's refreshes ask again. */
export const projectDealDocumentsQueryKey = (projectId: string) =>
  ['projects', 'deal-documents', projectId] as const;

/** GET /projects/{id}/documents/deal: the files of every deal room on the project, for its developer. */
export const useProjectDealDocuments = (projectId: string, options: { enabled?: boolean } = {}) =>
  useQuery({
    queryKey: projectDealDocumentsQueryKey(projectId),
    queryFn: () =>
      api<ProjectDealDocumentsResponse>(`/projects/${encodeURIComponent(projectId)}/documents/deal`),
    enabled: options.enabled ?? true,
  });
