import type { DocumentRequest } from '@plinth/domain/deals';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { dealQueryKeys } from './deal-query-keys';

export interface CreateDocumentRequestInput {
  document_name: string;
  description: string | null;
}

export const createDocumentRequest = (dealId: string, body: CreateDocumentRequestInput) =>
  api<DocumentRequest>(`/deals/${encodeURIComponent(dealId)}/document-requests`, {
    method: 'POST',
    body,
  });

/** POST /deals/{id}/document-requests {document_name, description}. */
export function useCreateDocumentRequest(dealId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateDocumentRequestInput) => createDocumentRequest(dealId, body),
    onSuccess: () => client.invalidateQueries({ queryKey: dealQueryKeys.documentRequests(dealId) }),
  });
}
