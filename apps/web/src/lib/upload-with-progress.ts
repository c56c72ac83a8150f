import { errorTextFrom } from '@plinth/domain/format';
import { ApiError } from './api-client';

export interface UploadWithProgressOptions {
  /** An /api path, as `api()` takes it ('/deals/1/documents'). */
  path: string;
  body: FormData;
  /** Called as the bytes go out, with a fraction from 0 to 1. */
  onProgress?: (fraction: number) => void;
}

/**
 * POSTs a multipart body to our API and resolves to the parsed JSON answer. XMLHttpRequest rather
 * than fetch because only it reports upload progress. The session cookie goes along (same origin);
 * no JSON content type: the browser sets the multipart boundary. A refusal rejects with ApiError
 * carrying the text the spec says to show.
 */
export function uploadWithProgress<T>({ path, body, onProgress }: UploadWithProgressOptions): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api${path}`);
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
        resolve((text ? JSON.parse(text) : undefined) as T);
      } catch {
        reject(new ApiError(xhr.status, errorTextFrom(xhr.status, text)));
      }
    };
    xhr.onerror = () => reject(new ApiError(0, 'The upload could not reach the server'));
    xhr.onabort = () => reject(new ApiError(0, 'The upload was cancelled'));
    xhr.send(body);
  });
}
