import { constants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance, RouteOptions } from 'fastify';

/** Below this a compressed answer saves less than its headers and the CPU cost (decision 064). */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * Brotli quality 4: within a few per cent of quality 11's size on our JSON at a tenth of its CPU
 * (issue 31 counts CPU per request); gzip level 5 for clients without br. Static files are not
 * compressed here: the build writes .br/.gz beside them at the highest levels (compress.mjs).
 */
const BROTLI_QUALITY = 4;
/** A 256 KB window, not brotli's 4 MB: a third less CPU on a 5 KB answer, the same size below 256 KB. */
const BROTLI_WINDOW_BITS = 18;
const GZIP_LEVEL = 5;
/**
 * Answers up to this size are compressed in one synchronous call; larger ones through a zlib stream
 * on libuv's thread pool. The plugin's default on 2 cores is 8 KB, and its stream path (a zlib
 * context, a pipeline and an abort signal per answer, the work handed to another thread) cost
 * 0.4–0.5 ms of CPU per answer more than the compression itself on a message thread (28 KB) or an
 * admin's queue (12 KB); brotli quality 4 of 128 KB takes about 0.5 ms in one call (decision 076).
 */
export const SYNC_COMPRESS_MAX_BYTES = 128 * 1024;

/**
 * What is compressed: the API's JSON and problem bodies, text, CSV and XML. Not PDFs, images or
 * archives (already compressed: more CPU for nothing), and never an event stream, which must reach
 * the browser event by event.
 */
const compressibleType =
  /^(?:application\/(?:[\w.-]+\+)?(?:json|xml)|text\/(?:plain|csv|html|xml|css|javascript))\s*(?:;|$)/i;

/** A route that streams Server-Sent Events (its OpenAPI `produces`): never buffered or compressed. */
const isEventStream = (route: RouteOptions) =>
  ((route.schema as { produces?: readonly string[] } | undefined)?.produces ?? []).includes(
    'text/event-stream',
  );

/**
 * Compresses responses with br or gzip, as the client asks (Accept-Encoding), when they are over
 * 1 KB and of a compressible type (decision 064). Partial content (206, Content-Range) and answers
 * that already carry a Content-Encoding (the build's precompressed files) pass through untouched;
 * a HEAD answers the headers of the compressed GET, its Content-Length that of the compressed body.
 * Request bodies are not decompressed: a gzip bomb posted to the API would get past the body limit.
 */
export async function registerCompression(app: FastifyInstance) {
  // Before the plugin's own onRoute hook, which reads `compress`: event streams opt out.
  app.addHook('onRoute', (route) => {
    if (route.compress === undefined && isEventStream(route)) route.compress = false;
  });
  await app.register(fastifyCompress, {
    global: true,
    globalDecompression: false,
    encodings: ['br', 'gzip'],
    threshold: COMPRESS_THRESHOLD_BYTES,
    syncThreshold: SYNC_COMPRESS_MAX_BYTES,
    customTypes: (type: string) => compressibleType.test(type) && !type.startsWith('text/event-stream'),
    brotliOptions: {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_LGWIN]: BROTLI_WINDOW_BITS,
      },
    },
    zlibOptions: { level: GZIP_LEVEL },
  });
}
