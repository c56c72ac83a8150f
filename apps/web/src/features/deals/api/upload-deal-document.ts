import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { uploadWithProgress } from '../../../lib/upload-with-progress';
import { dealQueryKeys } from './deal-query-keys';

export interface UploadDealDocumentInput {
  file: File;
  /** The pending document request this file fulfils, if any. */
  requestId?: string | null;
}

/** An upload answered 2xx may still name a refused file (the project upload's shape). */
interface UploadAnswer {
  failed?: { file_name: string; error: string }[];
}

export interface DealUploadProgress {
  fileName: string;
  /** 0 to 100. */
  percent: number;
  status: 'uploading' | 'done' | 'failed';
  error?: string;
}

/**
 * POST /deals/{id}/documents (multipart `documents`, optional `request_id`) with upload progress,
 * kept after the upload ends (done or failed) until the next one. Refreshes the documents and, for
 * a fulfilment, the requests.
 */
export function useUploadDealDocument(dealId: string) {
  const client = useQueryClient();
  const [progress, setProgress] = useState<DealUploadProgress | null>(null);
  const update = (change: Partial<DealUploadProgress>) => setProgress((p) => (p ? { ...p, ...change } : p));

  const mutation = useMutation({
    mutationFn: async ({ file, requestId }: UploadDealDocumentInput) => {
      const body = new FormData();
      if (requestId) body.append('request_id', requestId);
      body.append('documents', file, file.name);
      setProgress({ fileName: file.name, percent: 0, status: 'uploading' });
      const answer = await uploadWithProgress<UploadAnswer | undefined>({
        path: `/deals/${encodeURIComponent(dealId)}/documents`,
        body,
        onProgress: (fraction) => update({ percent: Math.round(fraction * 100) }),
      });
      const refused = answer?.failed?.[0];
      if (refused) throw new ApiError(200, refused.error);
      return answer;
    },
    onSuccess: () => update({ percent: 100, status: 'done' }),
    onError: (error) => update({ status: 'failed', error: error.message }),
    onSettled: () => {
      void client.invalidateQueries({ queryKey: dealQueryKeys.documents(dealId) });
      void client.invalidateQueries({ queryKey: dealQueryKeys.documentRequests(dealId) });
    },
  });

  return { ...mutation, progress };
}
