import type { MyProjectsResponse, myProjectsQuery } from '@plinth/domain/projects';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';

export type MyProjectsParams = z.output<typeof myProjectsQuery>;
export type ProjectListTab = MyProjectsParams['tab'];
export type ProjectSort = MyProjectsParams['sort'];

/** Under ['projects'], so every project mutation (save, pay, delete a document) refreshes the lists. */
export const myProjectsQueryKey = (params: MyProjectsParams) => ['projects', 'mine', params] as const;

export function listMyProjects({ tab, sort, page, limit }: MyProjectsParams) {
  const search = new URLSearchParams({ tab, sort, page: String(page), limit: String(limit) });
  return api<MyProjectsResponse>(`/projects?${search}`);
}

export const myProjectsQueryOptions = (params: MyProjectsParams) =>
  queryOptions({
    queryKey: myProjectsQueryKey(params),
    queryFn: () => listMyProjects(params),
    // Keep the current page on screen while the next tab, sort or page loads.
    placeholderData: keepPreviousData,
  });

/** The developer's own projects with the tab counts and the dashboard stats. */
export const useMyProjects = (params: MyProjectsParams) => useQuery(myProjectsQueryOptions(params));
