import type { Deal } from '@plinth/domain/deals';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { dealQueryKeys } from './deal-query-keys';

export const getDeal = (id: string) => api<Deal>(`/deals/${encodeURIComponent(id)}`);

export const dealQueryOptions = (id: string) =>
  queryOptions({
    queryKey: dealQueryKeys.deal(id),
    queryFn: () => getDeal(id),
    // A deal that is not there (or not the viewer's) stays so: no retries of a 404.
    retry: false,
  });

/** GET /deals/{id}: the deal, for its parties and admins. */
export const useDeal = (id: string) => useQuery(dealQueryOptions(id));
