import type { overrideHistoryResponse } from '@plinth/domain/admin';
import { OVERRIDE_HISTORY_SHOWN } from '@plinth/domain/constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { adminQueryKey } from './admin-query-key';

export type OverrideHistoryEntry = z.infer<typeof overrideHistoryResponse>['entries'][number];

export const overrideHistoryQueryKey = [...adminQueryKey, 'override-history'] as const;

/** The newest entries of the audit log's admin actions (spec 001 section 9: ten are shown). */
export const getOverrideHistory = () =>
  api<z.infer<typeof overrideHistoryResponse>>(`/admin/override-history?limit=${OVERRIDE_HISTORY_SHOWN}`);

export const overrideHistoryQueryOptions = queryOptions({
  queryKey: overrideHistoryQueryKey,
  queryFn: getOverrideHistory,
});

export const useOverrideHistory = () => useQuery(overrideHistoryQueryOptions);
