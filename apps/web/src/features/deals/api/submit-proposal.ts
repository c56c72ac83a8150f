import type { Proposal } from '@plinth/domain/proposals';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { dealQueryKeys } from './deal-query-keys';

/** What the wizard sends: every figure checked by the domain's quote rules first. */
export interface SubmitProposalInput {
  loan_amount: number;
  interest_rate: number;
  loan_term: number;
  establishment_fee: number;
  other_fees: string | null;
  conditions: string | null;
  valid_until: string | null;
}

export const submitProposal = (dealId: string, body: SubmitProposalInput) =>
  api<Proposal>(`/deals/${encodeURIComponent(dealId)}/proposals`, { method: 'POST', body });

/** POST /deals/{id}/proposals: the funder's indicative quote; refreshes the proposal and the deal. */
export function useSubmitProposal(dealId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SubmitProposalInput) => submitProposal(dealId, body),
    onSuccess: () => client.invalidateQueries({ queryKey: dealQueryKeys.deal(dealId) }),
  });
}
