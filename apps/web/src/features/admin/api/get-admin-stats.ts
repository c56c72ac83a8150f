import type { adminStatsResponse } from '@plinth/domain/admin';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { adminQueryKey } from './admin-query-key';

export type AdminStats = z.infer<typeof adminStatsResponse>;

export const adminStatsQueryKey = [...adminQueryKey, 'stats'] as const;

export const getAdminStats = () => api<AdminStats>('/admin/stats');

export const adminStatsQueryOptions = queryOptions({ queryKey: adminStatsQueryKey, queryFn: getAdminStats });

export const useAdminStats = () => useQuery(adminStatsQueryOptions);
