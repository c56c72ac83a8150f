import type { AnalyticsResponse } from '@plinth/domain/admin-console';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminQueryKey } from './admin-query-key';

export const analyticsQueryOptions = queryOptions({
  queryKey: [...adminQueryKey, 'analytics'],
  queryFn: () => api<AnalyticsResponse>('/admin/analytics?months=12'),
});

export const useAnalytics = () => useQuery(analyticsQueryOptions);
