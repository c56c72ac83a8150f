import type { budgetVersion, putBudgetBody } from '@plinth/domain/facilities';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { facilityQueryKeys } from './facility-query-keys';

export type SaveBudgetInput = z.input<typeof putBudgetBody>;
export type BudgetVersionResult = z.infer<typeof budgetVersion>;

export const saveBudget = (facilityId: string, body: SaveBudgetInput) =>
  api<BudgetVersionResult>(`/facilities/${encodeURIComponent(facilityId)}/budget`, { method: 'PUT', body });

/** PUT /facilities/{id}/budget: the draft as a new version (an approved one is never edited). */
export function useSaveBudget(facilityId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveBudgetInput) => saveBudget(facilityId, body),
    onSuccess: () => client.invalidateQueries({ queryKey: facilityQueryKeys.facility(facilityId) }),
  });
}
