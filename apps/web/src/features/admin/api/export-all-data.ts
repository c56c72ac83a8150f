import { ApiError } from '../../../lib/api-client';
import { calendarDay } from '../../../lib/format';

/** The file name the server gives the export (plinth-export-YYYY-MM-DD.json), read from its header. */
const fileNameOf = (response: Response) =>
  /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ??
  `plinth-export-${calendarDay()}.json`;

/**
 * Downloads Export All Data as it streams, reporting the bytes received so far; the file is never
 * held as one string, only as the chunks the Blob is made of.
 */
export async function exportAllData(
  onProgress: (bytes: number) => void,
): Promise<{ blob: Blob; fileName: string }> {
  const response = await fetch('/api/admin/export-all-data', { credentials: 'same-origin' });
  if (!response.ok || !response.body) {
    let message = `HTTP ${response.status}`;
    try {
      message = ((await response.json()) as { error?: string }).error ?? message;
    } catch {
      // Not JSON: keep the status.
    }
    throw new ApiError(response.status, message);
  }
  const reader = response.body.getReader();
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value as Uint8Array<ArrayBuffer>);
    received += value.byteLength;
    onProgress(received);
  }
  return { blob: new Blob(chunks, { type: 'application/json' }), fileName: fileNameOf(response) };
}
