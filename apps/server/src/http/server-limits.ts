import type { Server } from 'node:http';
import type { FastifyHttpOptions } from 'fastify';

/**
 * The HTTP server's own limits, set where buildApp makes the Fastify instance so every server
 * (main.ts, tests that listen) has them (decision 045).
 */

/** JSON (and form) bodies; files come as multipart uploads, with their own per-file limits. */
export const JSON_BODY_LIMIT = 1024 * 1024;
/** All request headers together; more is 431. Node's default, stated so no flag can raise it. */
export const HEADERS_LIMIT = 16 * 1024;
/** From connection (or the previous request) to the end of the headers; then 408 and closed. */
export const HEADERS_TIMEOUT_MS = 10_000;
/**
 * The whole request, body included: long enough for the largest upload (20 files of 50 MB) on a
 * slow link, short enough that a trickle cannot keep a socket for ever. Answers are not limited.
 */
export const REQUEST_TIMEOUT_MS = 30 * 60_000;
/** How often Node looks for requests past those timeouts (its default is every 30 s). */
const TIMEOUT_CHECK_INTERVAL_MS = 1_000;

export const bodyTooLargeMessage =
  'Request body is too large: the API takes JSON bodies of up to 1 MiB (64 KiB under /api/auth); send files as multipart uploads';

export const httpServerOptions = {
  bodyLimit: JSON_BODY_LIMIT,
  requestTimeout: REQUEST_TIMEOUT_MS,
  http: {
    maxHeaderSize: HEADERS_LIMIT,
    headersTimeout: HEADERS_TIMEOUT_MS,
    requestTimeout: REQUEST_TIMEOUT_MS,
    connectionsCheckingInterval: TIMEOUT_CHECK_INTERVAL_MS,
  },
} satisfies FastifyHttpOptions<Server>;
