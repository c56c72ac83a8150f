import type { FunderCriteriaBody, FunderCriteriaResponse } from '@plinth/domain/funder-criteria';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { alertSettingsQueryKey } from './get-alert-settings';
import { funderCriteriaQueryKey } from './get-funder-criteria';

export const saveFunderCriteria = (body: FunderCriteriaBody) =>
  api<FunderCriteriaResponse>('/funder-criteria', { method: 'PUT', body });

/**
 * PUT /funder-criteria: saves and confirms the criteria; the answer replaces ['funder-criteria'].
 * Confirming un-pauses the alerts and moves their pause date, so the alert settings are refetched.
 * 'Recommended for You' ranks by saved criteria, so the funder dashboard (['dashboard', 'funder'],
 * another feature's key, named here rather than imported) is refetched when next shown.
 */
export function useSaveFunderCriteria() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveFunderCriteria,
    onSuccess: (saved) => {
      queryClient.setQueryData(funderCriteriaQueryKey, saved);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: alertSettingsQueryKey }),
        queryClient.invalidateQueries({ queryKey: ['dashboard', 'funder'] }),
      ]);
    },
  });
}
