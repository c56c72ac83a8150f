import type { AlertSettingsResponse } from '@plinth/domain/listing-alerts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/**
 * Under ['funder-criteria']: saving or confirming the criteria un-pauses the alerts and moves
 * `pauses_at`, so refreshing the criteria's queries refreshes this one too.
 */
export const alertSettingsQueryKey = ['funder-criteria', 'alerts'] as const;

export const getAlertSettings = () => api<AlertSettingsResponse>('/funder-criteria/alerts');

export const alertSettingsQueryOptions = queryOptions({
  queryKey: alertSettingsQueryKey,
  queryFn: getAlertSettings,
});

/** GET /funder-criteria/alerts: how the funder's listing alerts are e-mailed, and whether they are paused. */
export const useAlertSettings = () => useQuery(alertSettingsQueryOptions);
