/**
 * Tells a password-protected (encrypted) PDF while it streams in, without holding it: an encrypted
 * PDF's trailer (or cross-reference stream dictionary, which is never compressed) names its
 * encryption dictionary as `/Encrypt 12 0 R` or `/Encrypt <<`. `/EncryptMetadata` and the like do
 * not match. The last few bytes of each chunk are kept so a key split across chunks is still seen.
 */
const ENCRYPT_ENTRY = /\/Encrypt\s*(?:\d|<<)/;
const KEEP = 24;

export class EncryptedPdfScanner {
  private tail = '';
  found = false;

  push(chunk: Buffer) {
    if (this.found) return;
    const text = this.tail + chunk.toString('latin1');
    if (ENCRYPT_ENTRY.test(text)) this.found = true;
    this.tail = text.slice(-KEEP);
  }
}

/** The same test on a whole file in memory. */
export function isEncryptedPdf(bytes: Uint8Array): boolean {
  const scanner = new EncryptedPdfScanner();
  scanner.push(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  return scanner.found;
}
