import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { releaseStampMemory } from '../watermark/stamped-copy';
import { contentDisposition } from './content-disposition';

/** A stored file on its way out: its bytes (streamed, or a stamped copy in memory) and what to call it. */
export interface OpenedFile {
  body: Readable | Buffer;
  fileName: string;
  mimeType: string;
  sizeBytes: number;
}

/** Headers of a stored file sent back: never sniffed, never cached by shared caches. */
export function sendFile(reply: FastifyReply, kind: 'attachment' | 'inline', file: OpenedFile) {
  // The app's CSP forbids framing; an inline view may be framed by the app itself (PDF preview).
  if (kind === 'inline') reply.header('content-security-policy', "frame-ancestors 'self'");
  // A stamped copy's memory is given back once it has gone out whole (decision 034).
  const body = file.body;
  reply.raw.once('close', () => releaseStampMemory(body, reply.raw.writableFinished));
  return reply
    .type(file.mimeType)
    .header('content-length', file.sizeBytes)
    .header('content-disposition', contentDisposition(kind, file.fileName))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .send(file.body);
}
