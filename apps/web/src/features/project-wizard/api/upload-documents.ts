import type { uploadDocumentsResponse } from '@plinth/domain/documents';
import { errorTextFrom } from '@plinth/domain/format';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import type { z } from 'zod';
import { ApiError } from '../../../lib/api-client';

export type UploadDocumentsResponse = z.infer<typeof uploadDocumentsResponse>;

export interface UploadDocumentOptions {
  projectId: string;
  documentType: string;
  file: File;
  /** Called as the bytes go out, with a fraction from 0 to 1. */
  onProgress?: (fraction: number) => void;
}

/**
 * POST /projects/{id}/documents with one file. XMLHttpRequest rather than fetch because only it
 * reports upload progress; one request per file so each has its own bar and a failure sinks only
 * itself. The session cookie goes along (same origin); no JSON content type for multipart.
 */
export function uploadDocument({
  projectId,
  documentType,
  file,
  onProgress,
}: UploadDocumentOptions): Promise<UploadDocumentsResponse> {
  return new Promise((resolve, reject) => {
    const body = new FormData();
    body.append('document_types', JSON.stringify([documentType]));
    body.append('documents', file, file.name);

    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api/projects/${projectId}/documents`);
    xhr.withCredentials = true;
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      const text = xhr.responseText;
      if (xhr.status < 200 || xhr.status >= 300) {
        reject(new ApiError(xhr.status, errorTextFrom(xhr.status, text)));
        return;
      }
      try {
        const result = JSON.parse(text) as UploadDocumentsResponse;
        const refused = result.failed[0];
        if (refused) reject(new ApiError(xhr.status, refused.error));
        else resolve(result);
      } catch {
        reject(new ApiError(xhr.status, errorTextFrom(xhr.status, text)));
      }
    };
    xhr.onerror = () => reject(new ApiError(0, 'The upload could not reach the server'));
    xhr.onabort = () => reject(new ApiError(0, 'The upload was cancelled'));
    xhr.send(body);
  });
}

export type FileUploadStatus = 'uploading' | 'done' | 'failed';

export interface FileUploadState {
  fileName: string;
  /** 0 to 100. */
  percent: number;
  status: FileUploadStatus;
  error?: string;
}

export interface PendingDocument {
  documentType: string;
  file: File;
}

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
          const { documentType, file } = next;
          try {
            await uploadDocument({
              projectId,
              documentType,
              file,
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
