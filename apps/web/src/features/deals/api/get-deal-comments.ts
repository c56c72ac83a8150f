import type { DealComment } from '@plinth/domain/deals';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { dealQueryKeys } from './deal-query-keys';

export interface DealCommentsResponse {
  items: DealComment[];
}

export const getDealComments = (dealId: string) =>
  api<DealCommentsResponse>(`/deals/${encodeURIComponent(dealId)}/comments`);

export const dealCommentsQueryOptions = (dealId: string) =>
  queryOptions({ queryKey: dealQueryKeys.comments(dealId), queryFn: () => getDealComments(dealId) });

/**
 * GET /deals/{id}/comments: the thread, oldest first (newest last). The other party's comments
 * arrive through the room's live `deal` event (useLiveDeal), not by asking again on a timer.
 */
export const useDealComments = (dealId: string) => useQuery(dealCommentsQueryOptions(dealId));
