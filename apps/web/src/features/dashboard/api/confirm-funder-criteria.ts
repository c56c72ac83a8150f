import type { FunderCriteriaResponse } from '@plinth/domain/funder-criteria';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { alertStandingQueryKey } from './get-alert-standing';

export const confirmFunderCriteria = () =>
  api<FunderCriteriaResponse>('/funder-criteria/confirm', { method: 'POST' });

/**
 * POST /funder-criteria/confirm: the saved criteria are still accurate (confirmed now, alerts on
 * again). The answer is the criteria, written into the settings feature's ['funder-criteria'] (named
 * here rather than imported); the alert settings under it are refetched for their new standing.
 */
export function useConfirmFunderCriteria() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmFunderCriteria,
    onSuccess: (criteria) => {
      queryClient.setQueryData(['funder-criteria'], criteria);
      return queryClient.invalidateQueries({ queryKey: alertStandingQueryKey });
    },
  });
}
