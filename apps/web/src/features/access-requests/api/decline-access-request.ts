import type { AccessRequest } from '@plinth/domain/access';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { accessRequestsQueryKey } from './list-access-requests';

export const declineAccessRequest = (id: string) =>
  api<AccessRequest>(`/access-requests/${encodeURIComponent(id)}/decline`, { method: 'PUT' });

/** PUT /access-requests/{id}/decline (the owning developer, pending only); refreshes ['access-requests']. */
export function useDeclineAccessRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: declineAccessRequest,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accessRequestsQueryKey }),
  });
}
