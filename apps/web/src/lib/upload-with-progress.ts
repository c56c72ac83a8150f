import { errorTextFrom } from '@plinth/domain/format';
import { ApiError } from './api-client';
import { sendWithIdempotencyKey } from './idempotent-fetch';

export interface UploadWithProgressOptions {
  /** An /api path, as `api()` takes it ('/deals/1/documents'). */
  path: string;
  body: FormData;
  /** Called as the bytes go out, with a fraction from 0 to 1. */
  onProgress?: (fraction: number) => void;
}

/**
 * One attempt of the upload, its answer as a Response so the retry rule of every other call applies.
 * A network failure rejects with a TypeError, as fetch's does; a cancel rejects with ApiError.
 */
function sendAttempt({ path, body, onProgress }: UploadWithProgressOptions, key: string): Promise<Response> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api${path}`);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Idempotency-Key', key);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    // An empty body as null: a Response for 204 must not have one.
    xhr.onload = () => resolve(new Response(xhr.responseText || null, { status: xhr.status }));
    xhr.onerror = () => reject(new TypeError('The upload could not reach the server'));
    xhr.onabort = () => reject(new ApiError(0, 'The upload was cancelled'));
    xhr.send(body);
  });
}

/**
 * POSTs a multipart body to our API and resolves to the parsed JSON answer. XMLHttpRequest rather
 * than fetch because only it reports upload progress. The session cookie goes along (same origin);
 * no JSON content type: the browser sets the multipart boundary. The upload is one action: every
 * attempt sends the same body with the same Idempotency-Key, so a retry after a lost answer never
 * stores the file twice (the bar starts again from 0). A refusal rejects with ApiError carrying the
 * text the spec says to show.
 */
export async function uploadWithProgress<T>(options: UploadWithProgressOptions): Promise<T> {
  let response: Response;
  try {
    response = await sendWithIdempotencyKey((key) => sendAttempt(options, key));
  } catch (error) {
    throw error instanceof TypeError ? new ApiError(0, error.message) : error;
  }
  const text = await response.text();
  if (!response.ok) throw new ApiError(response.status, errorTextFrom(response.status, text));
  try {
    return (text ? JSON.parse(text) : undefined) as T;
  } catch {
    throw new ApiError(response.status, errorTextFrom(response.status, text));
  }
}
