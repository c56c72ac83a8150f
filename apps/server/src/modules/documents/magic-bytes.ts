import { Transform, type TransformCallback } from 'node:stream';
import { type AllowedDocumentExtension, documentMessages, documentMimeTypes } from '@plinth/domain/documents';

/**
 * The first bytes each accepted kind of file starts with. Word and Excel files are either an OLE
 * compound file (.doc, .xls) or a ZIP container (.docx, .xlsx).
 */
const signatures = {
  pdf: Buffer.from('%PDF-', 'latin1'),
  png: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  jpeg: Buffer.from([0xff, 0xd8, 0xff]),
  ole: Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
  zip: Buffer.from([0x50, 0x4b, 0x03, 0x04]),
} as const;
type FileKind = keyof typeof signatures;

const kindOfExtension: Record<AllowedDocumentExtension, FileKind> = {
  pdf: 'pdf',
  png: 'png',
  jpg: 'jpeg',
  jpeg: 'jpeg',
  doc: 'ole',
  xls: 'ole',
  docx: 'zip',
  xlsx: 'zip',
};

/** The most bytes any signature needs. */
export const HEAD_LENGTH = Math.max(...Object.values(signatures).map((s) => s.length));

/**
 * Whether a file's first bytes are those its extension promises: 'need_more' until enough bytes
 * have arrived to tell. An executable (MZ, ELF) or a PNG named .pdf does not match.
 */
export function checkSignature(
  extension: AllowedDocumentExtension,
  head: Buffer,
): 'match' | 'mismatch' | 'need_more' {
  const signature = signatures[kindOfExtension[extension]];
  const compared = Math.min(head.length, signature.length);
  if (!head.subarray(0, compared).equals(signature.subarray(0, compared))) return 'mismatch';
  return compared === signature.length ? 'match' : 'need_more';
}

/** A refusal of one file for what it is, not a fault of the request: reported per file. */
export class FileRefusedError extends Error {
  constructor(
    message: string,
    readonly reason: 'too_large' | 'content_mismatch',
  ) {
    super(message);
  }
}

/**
 * Passes a file through unchanged while checking its first bytes against its extension. It holds
 * back at most HEAD_LENGTH bytes, so the file is never buffered whole; on a mismatch it fails with
 * FileRefusedError before anything past the head is written.
 */
export class MagicBytesGuard extends Transform {
  private head: Buffer | null = Buffer.alloc(0);

  /** `inspect` sees every chunk passed on (the encrypted-PDF check reads them on the way). */
  constructor(
    private readonly extension: AllowedDocumentExtension,
    private readonly inspect?: (chunk: Buffer) => void,
  ) {
    super();
  }

  /** The mime type stored for the file: the one its checked content and extension name. */
  get mimeType(): string {
    return documentMimeTypes[this.extension];
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
    if (this.head === null) {
      this.inspect?.(chunk);
      return callback(null, chunk);
    }
    const head = Buffer.concat([this.head, chunk]);
    const verdict = checkSignature(this.extension, head);
    if (verdict === 'mismatch') return callback(this.refusal());
    if (verdict === 'need_more') {
      this.head = head;
      return callback();
    }
    this.head = null;
    this.inspect?.(head);
    callback(null, head);
  }

  override _flush(callback: TransformCallback) {
    // The file ended before its signature was complete (an empty or tiny file).
    if (this.head !== null) return callback(this.refusal());
    callback();
  }

  private refusal() {
    return new FileRefusedError(documentMessages.contentMismatch, 'content_mismatch');
  }
}
