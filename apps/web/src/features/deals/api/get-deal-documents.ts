import type { DealDocument } from '@plinth/domain/deals';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { dealQueryKeys } from './deal-query-keys';

export interface DealDocumentsResponse {
  items: DealDocument[];
}

const documentPath = (dealId: string, docId: string) =>
  `/api/deals/${encodeURIComponent(dealId)}/documents/${encodeURIComponent(docId)}`;

/** The authorised URLs of a deal document: download (attachment) and view (inline, the PDF preview). */
export const dealDocumentUrls = (doc: Pick<DealDocument, 'deal_id' | 'id'>) => ({
  download_url: documentPath(doc.deal_id, doc.id),
  view_url: `${documentPath(doc.deal_id, doc.id)}/view`,
});

export const getDealDocuments = (dealId: string) =>
  api<DealDocumentsResponse>(`/deals/${encodeURIComponent(dealId)}/documents`);

export const dealDocumentsQueryOptions = (dealId: string) =>
  queryOptions({ queryKey: dealQueryKeys.documents(dealId), queryFn: () => getDealDocuments(dealId) });

/** GET /deals/{id}/documents: both parties' files, with the view insight on the uploader's side. */
export const useDealDocuments = (dealId: string) => useQuery(dealDocumentsQueryOptions(dealId));
