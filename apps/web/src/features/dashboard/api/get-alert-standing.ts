import type { AlertSettingsResponse } from '@plinth/domain/listing-alerts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/**
 * The settings feature's key for the same answer (named here rather than imported: features do not
 * import each other), so the dashboard and /settings share one cached copy.
 */
export const alertStandingQueryKey = ['funder-criteria', 'alerts'] as const;

export const getAlertStanding = () => api<AlertSettingsResponse>('/funder-criteria/alerts');

export const alertStandingQueryOptions = queryOptions({
  queryKey: alertStandingQueryKey,
  queryFn: getAlertStanding,
});

/** GET /funder-criteria/alerts, read on the dashboard for `paused`: criteria unconfirmed for 30 days. */
export const useAlertStanding = () => useQuery(alertStandingQueryOptions);
