import type { RespondProposalBody } from '@plinth/domain/proposals';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { dealQueryKeys } from './deal-query-keys';

export const respondToProposal = (proposalId: string, body: RespondProposalBody) =>
  api<unknown>(`/proposals/${encodeURIComponent(proposalId)}/respond`, { method: 'PUT', body });

/**
 * PUT /proposals/{id}/respond: accept, decline with a reason, or counter (a comment). Any answer
 * changes the room (status, access, comments), so the whole deal refreshes.
 */
export function useRespondToProposal(dealId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ proposalId, body }: { proposalId: string; body: RespondProposalBody }) =>
      respondToProposal(proposalId, body),
    onSuccess: () => client.invalidateQueries({ queryKey: dealQueryKeys.deal(dealId) }),
  });
}
