import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const deleteDocument = (documentId: string) =>
  api<void>(`/documents/${documentId}`, { method: 'DELETE' });

/**
 * Deleting a document changes the project's document list, its count and `documents_complete`
 * (and so whether it can be published): refresh everything under ['projects'].
 */
export function useDeleteDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDocument,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['projects'] }),
  });
}
