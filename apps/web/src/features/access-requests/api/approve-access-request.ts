import type { AccessRequest } from '@plinth/domain/access';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { accessRequestsQueryKey } from './list-access-requests';

/** With 'Access until' (YYYY-MM-DD) access lapses at the end of that day, Sydney time (decision 035). */
export const approveAccessRequest = ({ id, accessUntil }: { id: string; accessUntil?: string | null }) =>
  api<AccessRequest>(`/access-requests/${encodeURIComponent(id)}/approve`, {
    method: 'PUT',
    ...(accessUntil ? { body: { access_until: accessUntil } } : {}),
  });

/** PUT /access-requests/{id}/approve (the owning developer, pending only); refreshes ['access-requests']. */
export function useApproveAccessRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: approveAccessRequest,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accessRequestsQueryKey }),
  });
}
