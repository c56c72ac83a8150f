import type { budgetResponse } from '@plinth/domain/facilities';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { facilityQueryKeys } from './facility-query-keys';

export type BudgetResult = z.infer<typeof budgetResponse>;

export const getBudget = (id: string) => api<BudgetResult>(`/facilities/${encodeURIComponent(id)}/budget`);

/** GET /facilities/{id}/budget: the approved version, a draft awaiting approval, the history. */
export const useBudget = (id: string) =>
  useQuery({
    queryKey: facilityQueryKeys.budget(id),
    queryFn: () => getBudget(id),
    retry: false,
    enabled: id !== '',
  });
