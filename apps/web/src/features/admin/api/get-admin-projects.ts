import type { adminProjectsQuery, adminProjectsResponse } from '@plinth/domain/admin';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { adminQueryKey } from './admin-query-key';

export type AdminProjectsFilter = z.infer<typeof adminProjectsQuery>['status'];
export type AdminProjectsParams = z.infer<typeof adminProjectsQuery>;
export type AdminProjectsPage = z.infer<typeof adminProjectsResponse>;

export const adminProjectsQueryKey = (params: AdminProjectsParams) =>
  [...adminQueryKey, 'projects', params] as const;

export function getAdminProjects({ status, page, limit }: AdminProjectsParams) {
  const search = new URLSearchParams({ status, page: String(page), limit: String(limit) });
  return api<AdminProjectsPage>(`/admin/projects?${search}`);
}

export const adminProjectsQueryOptions = (params: AdminProjectsParams) =>
  queryOptions({
    queryKey: adminProjectsQueryKey(params),
    queryFn: () => getAdminProjects(params),
    // Switching filter or page keeps the old rows on screen until the new ones arrive.
    placeholderData: keepPreviousData,
  });

export const useAdminProjects = (params: AdminProjectsParams) => useQuery(adminProjectsQueryOptions(params));
