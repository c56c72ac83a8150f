import type { DealComment } from '@plinth/domain/deals';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { dealQueryKeys } from './deal-query-keys';

export const createDealComment = (dealId: string, comment: string) =>
  api<DealComment>(`/deals/${encodeURIComponent(dealId)}/comments`, {
    method: 'POST',
    body: { comment },
  });

/** POST /deals/{id}/comments {comment}. */
export function useCreateDealComment(dealId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (comment: string) => createDealComment(dealId, comment),
    onSuccess: () => client.invalidateQueries({ queryKey: dealQueryKeys.comments(dealId) }),
  });
}
