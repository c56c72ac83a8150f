import type { Deal } from '@plinth/domain/deals';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const dealQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['deals', id],
    queryFn: () => api<Deal>(`/deals/${encodeURIComponent(id)}`),
    // A deal that is not there (or not the viewer's) stays so: no retries of a 404.
    retry: false,
  });

/** GET /deals/{id}: the deal, for its parties and admins. */
export const useDeal = (id: string) => useQuery(dealQueryOptions(id));
