import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { facilityQueryKeys } from './facility-query-keys';
import type { BudgetVersionResult } from './save-budget';

export const approveBudget = (facilityId: string) =>
  api<BudgetVersionResult>(`/facilities/${encodeURIComponent(facilityId)}/budget/approve`, {
    method: 'POST',
  });

/** POST /facilities/{id}/budget/approve: the funder approves the draft; the last approved is superseded. */
export function useApproveBudget(facilityId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => approveBudget(facilityId),
    onSuccess: () => client.invalidateQueries({ queryKey: facilityQueryKeys.facility(facilityId) }),
  });
}
