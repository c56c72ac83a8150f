import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { releaseStampMemory } from '../watermark/stamped-copy';
import { contentDisposition } from './content-disposition';

/** A file's bytes on their way out: streamed, or a stamped copy in memory, and their exact length. */
export interface FileContents {
  body: Readable | Buffer;
  sizeBytes: number;
}

/**
 * A file a reader was found entitled to: what to call it and its type now, its bytes only when they
 * are to be sent. Making them is the work a download does (a stamped copy, its download code, the
 * recorded opening, an audit entry), so a HEAD request, which sends no bytes, never makes them
 * (issue 29 finding 7; decision 047).
 */
export interface OpenedFile {
  fileName: string;
  mimeType: string;
  /** The length when it is known before the bytes are made (an original); null for a stamped copy. */
  sizeBytes: number | null;
  contents: () => Promise<FileContents>;
}

/** Whether a request wants a body: HEAD asks for the headers GET would send, and nothing else. */
export const wantsBody = (request: FastifyRequest) => request.method !== 'HEAD';

/** An answer to HEAD: no bytes (an empty stream keeps the content-length header set, if any). */
export const noBody = () => Readable.from([]);

/** A file sent back, with headers that keep it from being sniffed or kept by shared caches. */
export async function sendFile(reply: FastifyReply, kind: 'attachment' | 'inline', file: OpenedFile) {
  // Made before any header is set: a refusal while making it (409 unstampable, 404 missing file)
  // goes out as an ordinary error answer.
  const contents = wantsBody(reply.request) ? await file.contents() : null;
  // The app's CSP forbids framing; an inline view may be framed by the app itself (PDF preview).
  if (kind === 'inline') reply.header('content-security-policy', "frame-ancestors 'self'");
  reply
    .type(file.mimeType)
    .header('content-disposition', contentDisposition(kind, file.fileName))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store');
  if (!contents) {
    if (file.sizeBytes !== null) reply.header('content-length', file.sizeBytes);
    return reply.send(noBody());
  }
  const { body, sizeBytes } = contents;
  // A stamped copy's memory is given back once it has gone out whole (decision 034).
  reply.raw.once('close', () => releaseStampMemory(body, reply.raw.writableFinished));
  return reply.header('content-length', sizeBytes).send(body);
}

/** A file the server makes on request (a PDF, a CSV), opened like a stored one: made only for a GET. */
export const generatedFile = (
  file: { fileName: string; mimeType: string },
  make: () => Promise<Uint8Array | string>,
): OpenedFile => ({
  ...file,
  sizeBytes: null,
  contents: async () => {
    const made = await make();
    const body = typeof made === 'string' ? Buffer.from(made, 'utf8') : Buffer.from(made);
    return { body, sizeBytes: body.length };
  },
});
