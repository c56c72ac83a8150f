import type { FunderCriteriaResponse } from '@plinth/domain/funder-criteria';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const funderCriteriaQueryKey = ['funder-criteria'] as const;

export const getFunderCriteria = () => api<FunderCriteriaResponse>('/funder-criteria');

export const funderCriteriaQueryOptions = queryOptions({
  queryKey: funderCriteriaQueryKey,
  queryFn: getFunderCriteria,
});

/** GET /funder-criteria: the funder's lending criteria, or their onboarding prefill until first saved. */
export const useFunderCriteria = () => useQuery(funderCriteriaQueryOptions);
