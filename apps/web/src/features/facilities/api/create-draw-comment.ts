import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { facilityQueryKeys } from './facility-query-keys';

/** POST /draws/{id}/comments: a message in the draw's thread, which every party reads. */
export function useCreateDrawComment(drawId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: string) =>
      api<unknown>(`/draws/${encodeURIComponent(drawId)}/comments`, { method: 'POST', body: { body } }),
    onSuccess: () => client.invalidateQueries({ queryKey: facilityQueryKeys.comments(drawId) }),
  });
}
