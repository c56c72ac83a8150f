import type { dealProposalResponse } from '@plinth/domain/proposals';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { dealQueryKeys } from './deal-query-keys';

export type DealProposalResponse = z.infer<typeof dealProposalResponse>;

export const getDealProposal = (dealId: string) =>
  api<DealProposalResponse>(`/deals/${encodeURIComponent(dealId)}/proposal`);

export const dealProposalQueryOptions = (dealId: string) =>
  queryOptions({ queryKey: dealQueryKeys.proposal(dealId), queryFn: () => getDealProposal(dealId) });

/** GET /deals/{id}/proposal: the latest proposal (null before the first) and the earlier ones. */
export const useDealProposal = (dealId: string) => useQuery(dealProposalQueryOptions(dealId));
