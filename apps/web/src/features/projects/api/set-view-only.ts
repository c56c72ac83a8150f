import type { ProjectDocument } from '@plinth/domain/documents';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const setViewOnly = ({ documentId, viewOnly }: { documentId: string; viewOnly: boolean }) =>
  api<ProjectDocument>(`/documents/${documentId}`, { method: 'PATCH', body: { view_only: viewOnly } });

/** PATCH /documents/{id}: the developer marks a PDF view only, or lifts it (decision 034). */
export function useSetViewOnly() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setViewOnly,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['projects'] }),
  });
}
