import { randomBytes } from 'node:crypto';
import { CODE_ALPHABET } from '@plinth/domain/watermark';

/**
 * A fresh download code: 40 random bits as 8 Crockford base-32 characters, shown XXXX-XXXX. Not
 * guessable (a trillion codes, and the trace answers only the document's own developer and admins);
 * document_view.code is unique, so a clash, however unlikely, fails the insert rather than mixing
 * two readers up.
 */
export function newDownloadCode(): string {
  const bytes = randomBytes(5);
  let bits = 0n;
  for (const byte of bytes) bits = (bits << 8n) | BigInt(byte);
  let code = '';
  for (let i = 7; i >= 0; i--) code += CODE_ALPHABET[Number((bits >> BigInt(i * 5)) & 31n)];
  return `${code.slice(0, 4)}-${code.slice(4)}`;
}
