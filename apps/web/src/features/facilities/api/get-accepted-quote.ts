import type { dealProposalResponse } from '@plinth/domain/proposals';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { facilityQueryKeys } from './facility-query-keys';

type DealProposals = z.infer<typeof dealProposalResponse>;
export type AcceptedQuote = NonNullable<DealProposals['proposal']>;

/** The deal's accepted quote (the latest, else one in its history), or null when it has none. */
export async function getAcceptedQuote(dealId: string): Promise<AcceptedQuote | null> {
  const answer = await api<DealProposals>(`/deals/${encodeURIComponent(dealId)}/proposal`);
  return [answer.proposal, ...answer.history].find((p) => p?.status === 'accepted') ?? null;
}

/**
 * GET /deals/{id}/proposal, read for the facility's set-up: the terms it starts from when a field is
 * left empty (decision 055), shown so the funder sees what they would get.
 */
export const useAcceptedQuote = (dealId: string, enabled: boolean) =>
  useQuery({
    queryKey: facilityQueryKeys.acceptedQuote(dealId),
    queryFn: () => getAcceptedQuote(dealId),
    retry: false,
    enabled: enabled && dealId !== '',
  });
