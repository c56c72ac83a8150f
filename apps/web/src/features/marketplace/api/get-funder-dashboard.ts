import type { FunderDashboardResponse } from '@plinth/domain/marketplace';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Requesting access changes the counts and the recommendations: it updates this entry. */
export const funderDashboardQueryKey = ['dashboard', 'funder'] as const;

export const getFunderDashboard = () => api<FunderDashboardResponse>('/dashboard/funder');

export const funderDashboardQueryOptions = queryOptions({
  queryKey: funderDashboardQueryKey,
  queryFn: getFunderDashboard,
});

/**
 * GET /dashboard/funder: ACTIVE DEALS, IN DUE DILIGENCE, PENDING REQUESTS and 'Recommended for You'.
 * Only for a funder with marketplace access (the server answers others with 403): pass
 * `enabled: false` while the dashboard shows a banner instead.
 */
export const useFunderDashboard = (options: { enabled?: boolean } = {}) =>
  useQuery({ ...funderDashboardQueryOptions, enabled: options.enabled ?? true });
