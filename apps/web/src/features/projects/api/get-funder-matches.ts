import type { FunderMatches } from '@plinth/domain/funder-matches';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Under ['projects'], so an edit of the project (which refreshes its queries) recounts it. */
export const funderMatchesQueryKey = (projectId: string) =>
  ['projects', 'funder-matches', projectId] as const;

export const getFunderMatches = (projectId: string) =>
  api<FunderMatches>(`/projects/${encodeURIComponent(projectId)}/funder-matches`);

export const funderMatchesQueryOptions = (projectId: string) =>
  queryOptions({
    queryKey: funderMatchesQueryKey(projectId),
    queryFn: () => getFunderMatches(projectId),
  });

/**
 * GET /projects/{id}/funder-matches: how many active funders lend on a project like this one, and
 * the near miss (the project's developer and admins; decision 041).
 */
export const useFunderMatches = (projectId: string, options: { enabled?: boolean } = {}) =>
  useQuery({ ...funderMatchesQueryOptions(projectId), enabled: options.enabled ?? true });
