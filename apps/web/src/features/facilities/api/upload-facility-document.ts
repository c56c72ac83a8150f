import type { DealDocument, dealDocumentsResponse } from '@plinth/domain/deals';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { z } from 'zod';
import { uploadWithProgress } from '../../../lib/upload-with-progress';
import { lifeQueryKeys } from './life-query-keys';

type DealDocuments = z.infer<typeof dealDocumentsResponse>;

/**
 * POST /facilities/{id}/documents/upload (one `documents` file, with progress): the funder's or the
 * developer's certificate of practical completion, kept by the server with the deal's documents
 * (decision 072). The answer is the new document; it joins the deal's list at once, so the
 * certificate picker can select it before the list is read again.
 */
export function useUploadFacilityDocument(facilityId: string) {
  const client = useQueryClient();
  const [percent, setPercent] = useState<number | null>(null);
  const mutation = useMutation({
    mutationFn: async (file: File) => {
      const body = new FormData();
      body.append('documents', file, file.name);
      setPercent(0);
      return uploadWithProgress<DealDocument>({
        path: `/facilities/${encodeURIComponent(facilityId)}/documents/upload`,
        body,
        onProgress: (fraction) => setPercent(Math.round(fraction * 100)),
      });
    },
    onSuccess: (document) =>
      client.setQueryData<DealDocuments>(lifeQueryKeys.dealDocuments(facilityId), (list) => ({
        items: [...(list?.items ?? []).filter((d) => d.id !== document.id), document],
      })),
    onSettled: () => setPercent(null),
  });
  return { ...mutation, percent };
}
