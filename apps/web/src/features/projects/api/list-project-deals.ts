import type { projectDealsResponse } from '@plinth/domain/deals';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';

export type ProjectDealsResponse = z.infer<typeof projectDealsResponse>;

/** Under ['projects'], so a funder's Engage (which invalidates ['projects']) refreshes it. */
export const projectDealsQueryKey = (projectId: string) => ['projects', 'deals', projectId] as const;

export const listProjectDeals = (projectId: string) =>
  api<ProjectDealsResponse>(`/projects/${encodeURIComponent(projectId)}/deals`);

export const projectDealsQueryOptions = (projectId: string) =>
  queryOptions({
    queryKey: projectDealsQueryKey(projectId),
    queryFn: () => listProjectDeals(projectId),
  });

/** GET /projects/{id}/deals: the project's deals for its developer: each funder, status and latest quote. */
export const useProjectDeals = (projectId: string, options: { enabled?: boolean } = {}) =>
  useQuery({ ...projectDealsQueryOptions(projectId), enabled: options.enabled ?? true });
