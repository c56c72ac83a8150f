import type { DocumentRequest } from '@plinth/domain/deals';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { dealQueryKeys } from './deal-query-keys';

export interface DocumentRequestsResponse {
  items: DocumentRequest[];
}

export const getDocumentRequests = (dealId: string) =>
  api<DocumentRequestsResponse>(`/deals/${encodeURIComponent(dealId)}/document-requests`);

export const documentRequestsQueryOptions = (dealId: string) =>
  queryOptions({
    queryKey: dealQueryKeys.documentRequests(dealId),
    queryFn: () => getDocumentRequests(dealId),
  });

/** GET /deals/{id}/document-requests: what each party has asked the other for. */
export const useDocumentRequests = (dealId: string) => useQuery(documentRequestsQueryOptions(dealId));
