import type { AccessRequest, accessRequestsQuery } from '@plinth/domain/access';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';

export type AccessRequestsParams = z.input<typeof accessRequestsQuery>;
export interface AccessRequestsPage {
  items: AccessRequest[];
  total: number;
}

/** Every access-request query lives under ['access-requests']; approving or declining refreshes them. */
export const accessRequestsQueryKey = ['access-requests'] as const;
export const accessRequestsListQueryKey = (params: AccessRequestsParams) =>
  [...accessRequestsQueryKey, 'list', params] as const;

export function listAccessRequests(params: AccessRequestsParams) {
  const search = new URLSearchParams();
  if (params.status) search.set('status', params.status);
  if (params.page) search.set('page', String(params.page));
  if (params.limit) search.set('limit', String(params.limit));
  const query = search.size > 0 ? `?${search}` : '';
  return api<AccessRequestsPage>(`/access-requests${query}`);
}

export const accessRequestsQueryOptions = (params: AccessRequestsParams) =>
  queryOptions({
    queryKey: accessRequestsListQueryKey(params),
    queryFn: () => listAccessRequests(params),
    placeholderData: keepPreviousData,
  });

/** GET /access-requests[?status=pending]: for a developer, the requests on their own projects. */
export const useAccessRequests = (params: AccessRequestsParams) =>
  useQuery(accessRequestsQueryOptions(params));
