import type { attachDocumentBody, Draw } from '@plinth/domain/facilities';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { z } from 'zod';
import { uploadWithProgress } from '../../../lib/upload-with-progress';
import { facilityQueryKeys } from './facility-query-keys';

export type DrawDocumentKind = z.infer<typeof attachDocumentBody>['kind'];

/**
 * The developer's file goes straight to the draw (POST /draws/{id}/documents/upload, with progress)
 * as the builder's claim, an invoice or the supporting statement. The deal room's own upload cannot
 * carry it: a facility's deal is complete and its room read-only (decision 063). The server keeps
 * the file with the deal's documents, so it is stamped for its readers like every other.
 */
export function useAttachDrawDocument(drawId: string) {
  const client = useQueryClient();
  const [percent, setPercent] = useState<number | null>(null);
  const mutation = useMutation({
    mutationFn: async ({ file, kind }: { file: File; kind: DrawDocumentKind }) => {
      const body = new FormData();
      body.append('kind', kind);
      body.append('documents', file, file.name);
      setPercent(0);
      return uploadWithProgress<Draw>({
        path: `/draws/${encodeURIComponent(drawId)}/documents/upload`,
        body,
        onProgress: (fraction) => setPercent(Math.round(fraction * 100)),
      });
    },
    onSuccess: (draw) => client.setQueryData(facilityQueryKeys.draw(drawId), draw),
    onSettled: () => {
      setPercent(null);
      return client.invalidateQueries({ queryKey: facilityQueryKeys.draw(drawId) });
    },
  });
  return { ...mutation, percent };
}
