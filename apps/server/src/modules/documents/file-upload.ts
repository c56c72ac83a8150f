import type { Readable } from 'node:stream';
import { finished } from 'node:stream';
import { finished as finishedAsync } from 'node:stream/promises';
import {
  type AllowedDocumentExtension,
  displayFileName,
  documentMessages,
  extensionOf,
  isAllowedExtension,
} from '@plinth/domain/documents';
import type { FieldIssue } from '@plinth/domain/onboarding';
import { watermarkMessages } from '@plinth/domain/watermark';
import type { FileStorage } from '../../adapters/storage/file-storage';
import { newStorageKey } from '../../adapters/storage/storage-key';
import { AppError } from '../../errors';
import type { UploadPart } from '../../http/upload-spool';
import { EncryptedPdfScanner } from '../watermark/encrypted-pdf';
import { FileRefusedError, MagicBytesGuard } from './magic-bytes';

/**
 * Receiving uploaded files, for every upload of the app (project documents, deal documents): each
 * file, already read whole into a temporary file before the handler ran (http/upload-spool.ts,
 * decision 046), streamed into storage under a server-made key while its magic bytes are checked,
 * within a size limit.
 */

/** Reads the rest of a file part and throws it away, so the next part can be read. */
export async function discard(file: Readable) {
  file.resume();
  await finishedAsync(file);
}

export interface StoredFile {
  key: string;
  mimeType: string;
  sizeBytes: number;
  sha256: string;
}
export interface RefusedFile {
  fileName: string;
  refusal: string;
  isTooLarge: boolean;
}
export type FileOutcome = { fileName: string; stored: StoredFile } | RefusedFile;

/**
 * Streams one file part into storage under a fresh server-made key, checking its magic bytes on
 * the way. A refused file (wrong type, wrong content, over `maxMb`, which the route's upload limit
 * must equal, a password-protected PDF that could never be stamped for its readers) leaves nothing
 * behind and is reported; a temporary file that cannot be read throws.
 */
export async function receiveFile(
  storage: FileStorage,
  part: Extract<UploadPart, { type: 'file' }>,
  maxMb: number,
): Promise<FileOutcome> {
  const fileName = displayFileName(part.filename ?? '');
  const source = part.file;
  if (!isAllowedExtension(fileName)) {
    await discard(source);
    return { fileName, refusal: documentMessages.typeNotAllowed, isTooLarge: false };
  }
  const extension = extensionOf(fileName) as AllowedDocumentExtension;
  const key = newStorageKey(extension);
  const encryption = extension === 'pdf' ? new EncryptedPdfScanner() : null;
  const guard = new MagicBytesGuard(extension, encryption ? (chunk) => encryption.push(chunk) : undefined);
  const onLimit = () => guard.destroy(new FileRefusedError(documentMessages.tooLarge(maxMb), 'too_large'));
  // The guard may fail before `put` subscribes to it; `put` still sees the stored error.
  guard.on('error', () => {});
  source.on('limit', onLimit);
  // `pipe` does not carry the source's failure (a temporary file that cannot be read) to the
  // guard; this does, so `put` always settles.
  let sourceFailure: Error | null = null;
  const stopWatching = finished(source, (err) => {
    if (!err) return;
    sourceFailure = err;
    guard.destroy(err);
  });
  source.pipe(guard);
  try {
    const { sizeBytes, sha256 } = await storage.put(key, guard);
    if (source.truncated) {
      await storage.delete(key);
      return { fileName, refusal: documentMessages.tooLarge(maxMb), isTooLarge: true };
    }
    if (encryption?.found) {
      await storage.delete(key);
      return { fileName, refusal: watermarkMessages.passwordProtected, isTooLarge: false };
    }
    return { fileName, stored: { key, mimeType: guard.mimeType, sizeBytes, sha256 } };
  } catch (error) {
    if (sourceFailure) throw sourceFailure;
    if (!(error instanceof FileRefusedError)) throw error;
    source.unpipe(guard);
    await discard(source);
    return { fileName, refusal: error.message, isTooLarge: error.reason === 'too_large' };
  } finally {
    source.off('limit', onLimit);
    stopWatching();
  }
}

/** Every file refused: 413 when one was too large, else 400; each file's reason in the details. */
export function allRefused(refused: RefusedFile[]) {
  const details: FieldIssue[] = refused.map((r) => ({ field: r.fileName, message: r.refusal }));
  const message = [...new Set(details.map((d) => d.message))].join(', ');
  return refused.some((r) => r.isTooLarge)
    ? new AppError('PAYLOAD_TOO_LARGE', message, details)
    : new AppError('VALIDATION_FAILED', message, details);
}
