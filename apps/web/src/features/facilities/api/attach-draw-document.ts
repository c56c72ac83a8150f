import type { attachDocumentBody } from '@plinth/domain/facilities';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { z } from 'zod';
import { ApiError, api } from '../../../lib/api-client';
import { uploadWithProgress } from '../../../lib/upload-with-progress';
import { facilityQueryKeys } from './facility-query-keys';

export type DrawDocumentKind = z.infer<typeof attachDocumentBody>['kind'];

interface UploadAnswer {
  uploaded?: { id: string }[];
  failed?: { file_name: string; error: string }[];
}

/**
 * The existing upload, then the attachment: the file goes to the deal room
 * (POST /deals/{id}/documents, with progress) and is attached to the draw as the builder's claim,
 * an invoice or the supporting statement (POST /draws/{id}/documents).
 */
export function useAttachDrawDocument(dealId: string, drawId: string) {
  const client = useQueryClient();
  const [percent, setPercent] = useState<number | null>(null);
  const mutation = useMutation({
    mutationFn: async ({ file, kind }: { file: File; kind: DrawDocumentKind }) => {
      const body = new FormData();
      body.append('documents', file, file.name);
      setPercent(0);
      const answer = await uploadWithProgress<UploadAnswer | undefined>({
        path: `/deals/${encodeURIComponent(dealId)}/documents`,
        body,
        onProgress: (fraction) => setPercent(Math.round(fraction * 100)),
      });
      const refused = answer?.failed?.[0];
      if (refused) throw new ApiError(200, refused.error);
      const documentId = answer?.uploaded?.[0]?.id;
      if (!documentId) throw new ApiError(200, 'The upload did not return the file');
      return api<unknown>(`/draws/${encodeURIComponent(drawId)}/documents`, {
        method: 'POST',
        body: { document_id: documentId, kind },
      });
    },
    onSettled: () => {
      setPercent(null);
      return client.invalidateQueries({ queryKey: facilityQueryKeys.draw(drawId) });
    },
  });
  return { ...mutation, percent };
}
