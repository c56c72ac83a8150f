import type { AlertSettingsBody, AlertSettingsResponse } from '@plinth/domain/listing-alerts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { alertSettingsQueryKey } from './get-alert-settings';

export const saveAlertSettings = (body: AlertSettingsBody) =>
  api<AlertSettingsResponse>('/funder-criteria/alerts', { method: 'PUT', body });

/** PUT /funder-criteria/alerts: the answer replaces ['funder-criteria', 'alerts']. */
export function useSaveAlertSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveAlertSettings,
    onSuccess: (saved) => queryClient.setQueryData(alertSettingsQueryKey, saved),
  });
}
