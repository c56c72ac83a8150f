import type { uploadDocumentsResponse } from '@plinth/domain/documents';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import type { z } from 'zod';
import { ApiError } from '../../../lib/api-client';
import { uploadWithProgress } from '../../../lib/upload-with-progress';

export type UploadDocumentsResponse = z.infer<typeof uploadDocumentsResponse>;

export interface UploadDocumentOptions {
  projectId: string;
  documentType: string;
  file: File;
  /** A PDF funders may only read in the app's viewer, not download (decision 034). */
  viewOnly?: boolean;
  /** Called as the bytes go out, with a fraction from 0 to 1. */
  onProgress?: (fraction: number) => void;
}

/**
 * POST /projects/{id}/documents with one file, one request per file so each has its own bar and a
 * failure sinks only itself. A file the server refuses inside a 200 answer rejects too.
 */
export async function uploadDocument({
  projectId,
  documentType,
  file,
  viewOnly = false,
  onProgress,
}: UploadDocumentOptions): Promise<UploadDocumentsResponse> {
  const body = new FormData();
  body.append('document_types', JSON.stringify([documentType]));
  // One flag per file, in file order, as for document_types.
  body.append('view_only', JSON.stringify([viewOnly]));
  body.append('documents', file, file.name);
  const result = await uploadWithProgress<UploadDocumentsResponse>({
    path: `/projects/${projectId}/documents`,
    body,
    onProgress,
  });
  const refused = result.failed[0];
  if (refused) throw new ApiError(200, refused.error);
  return result;
}

export type FileUploadStatus = 'uploading' | 'done' | 'failed';

export interface FileUploadState {
  fileName: string;
  /** 0 to 100. */
  percent: number;
  status: FileUploadStatus;
  error?: string;
}

/** A file chosen in the documents step, not yet uploaded. */
export interface PendingFile {
  file: File;
  /** Only offered for a PDF. */
  viewOnly: boolean;
}

export interface PendingDocument extends PendingFile {
  documentType: string;
}

/** The chosen files (by document type) as a list to upload. */
export const pendingDocuments = (pending: Record<string, PendingFile>): PendingDocument[] =>
  Object.entries(pending).map(([documentType, chosen]) => ({ documentType, ...chosen }));

export interface UploadOutcome {
  uploaded: PendingDocument[];
  failed: (PendingDocument & { error: string })[];
}

/** Files sent at once: enough to overlap round trips, few enough that each bar moves steadily. */
const CONCURRENT_UPLOADS = 2;

/**
 * Uploads several documents, one request each, keeping a progress entry per document type.
 * Never throws: the outcome says which files went through and which failed.
 */
export function useUploadDocuments() {
  const queryClient = useQueryClient();
  const [uploads, setUploads] = useState<Record<string, FileUploadState>>({});

  const uploadAll = useCallback(
    async (projectId: string, documents: PendingDocument[]): Promise<UploadOutcome> => {
      const update = (documentType: string, change: Partial<FileUploadState>) =>
        setUploads((all) => {
          const current = all[documentType];
          return current ? { ...all, [documentType]: { ...current, ...change } } : all;
        });
      setUploads(
        Object.fromEntries(
          documents.map((d) => [
            d.documentType,
            { fileName: d.file.name, percent: 0, status: 'uploading' as const },
          ]),
        ),
      );

      const outcome: UploadOutcome = { uploaded: [], failed: [] };
      const queue = [...documents];
      const worker = async () => {
        for (let next = queue.shift(); next; next = queue.shift()) {
          const { documentType, file, viewOnly } = next;
          try {
            await uploadDocument({
              projectId,
              documentType,
              file,
              viewOnly,
              onProgress: (fraction) => update(documentType, { percent: Math.round(fraction * 100) }),
            });
            update(documentType, { percent: 100, status: 'done' });
            outcome.uploaded.push(next);
          } catch (error) {
            const message = error instanceof Error ? error.message : 'Upload failed';
            update(documentType, { status: 'failed', error: message });
            outcome.failed.push({ ...next, error: message });
          }
        }
      };
      await Promise.all(Array.from({ length: Math.min(CONCURRENT_UPLOADS, documents.length) }, worker));
      // documents_complete and document_count have changed on the server.
      void queryClient.invalidateQueries({ queryKey: ['projects'] });
      return outcome;
    },
    [queryClient],
  );

  const isUploading = Object.values(uploads).some((u) => u.status === 'uploading');
  return { uploads, uploadAll, isUploading };
}
