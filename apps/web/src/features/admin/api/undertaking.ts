import type { AdminUndertakingResponse } from '@plinth/domain/undertaking';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminQueryKey } from './admin-query-key';

export const adminUndertakingQueryOptions = queryOptions({
  queryKey: [...adminQueryKey, 'undertaking'],
  queryFn: () => api<AdminUndertakingResponse>('/admin/undertaking'),
});

/** GET /admin/undertaking: the current text and every version. */
export const useAdminUndertaking = () => useQuery(adminUndertakingQueryOptions);

/**
 * PUT /admin/undertaking {text}: a new version, signed from now on. Invalidates every ['admin']
 * query (the override history shows it) and the text funders are shown.
 */
export function useUpdateUndertaking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string) =>
      api<AdminUndertakingResponse>('/admin/undertaking', { method: 'PUT', body: { text } }),
    onSuccess: (response) => {
      queryClient.setQueryData(adminUndertakingQueryOptions.queryKey, response);
      void queryClient.invalidateQueries({ queryKey: adminQueryKey });
      void queryClient.invalidateQueries({ queryKey: ['undertaking'] });
    },
  });
}
