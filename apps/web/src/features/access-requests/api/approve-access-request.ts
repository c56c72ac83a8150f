import type { AccessRequest } from '@plinth/domain/access';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { accessRequestsQueryKey } from './list-access-requests';

export const approveAccessRequest = (id: string) =>
  api<AccessRequest>(`/access-requests/${encodeURIComponent(id)}/approve`, { method: 'PUT' });

/** PUT /access-requests/{id}/approve (the owning developer, pending only); refreshes ['access-requests']. */
export function useApproveAccessRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: approveAccessRequest,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accessRequestsQueryKey }),
  });
}
