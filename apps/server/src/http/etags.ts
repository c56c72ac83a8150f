import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * What a signed-in answer may be cached as: by the browser only (`private`: a shared cache never
 * stores one person's page for another), and only after asking the server again (`no-cache`), which
 * costs a 304 without a body when nothing changed.
 */
export const API_CACHE_CONTROL = 'private, no-cache';

/** Better Auth's answers carry the session (get-session's token) and set cookies: never tagged. */
const UNTAGGED_PREFIX = '/api/auth/';

/** A weak validator of the serialised body: equal bodies, equal tags (decision 064). */
export const etagOf = (body: string | Buffer) =>
  `W/"${createHash('sha1').update(body).digest('base64url').slice(0, 27)}"`;

/** Whether If-None-Match names this tag: weak comparison (RFC 9110 13.1.2), `*` names any. */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const opaque = etag.replace(/^W\//, '');
  return header
    .split(',')
    .map((tag) => tag.trim())
    .some((tag) => tag === '*' || tag.replace(/^W\//, '') === opaque);
}

function isTaggable(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  if (reply.statusCode !== 200) return false;
  if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return false;
  if (!request.url.startsWith('/api/') || request.url.startsWith(UNTAGGED_PREFIX)) return false;
  if (reply.hasHeader('set-cookie') || reply.hasHeader('etag')) return false;
  // A route that marks its answer no-store carries a secret minted per request (a reading's
  // download code, a god-mode token): a 304 would hand back the old one.
  const cacheControl = String(reply.getHeader('cache-control') ?? '');
  if (cacheControl.includes('no-store')) return false;
  return /^application\/(?:[\w.-]+\+)?json/.test(String(reply.getHeader('content-type') ?? ''));
}

/**
 * ETag on every JSON answer to a GET under /api (not Better Auth's, not a no-store one), and 304
 * Not Modified when If-None-Match names it; `Cache-Control: private, no-cache` unless the route
 * set its own. Runs before compression (route-level onSend hooks run after the app's), so the tag
 * is of the JSON itself, the same for br, gzip and identity. The server still does the work of the
 * answer; the 304 saves the bytes on the wire and the client's parse.
 */
export function registerEtags(app: FastifyInstance) {
  app.addHook('onSend', async (request, reply, payload) => {
    if (!isTaggable(request, reply, payload)) return payload;
    const etag = etagOf(payload as string | Buffer);
    reply.header('etag', etag);
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', API_CACHE_CONTROL);
    if (!matchesIfNoneMatch(request.headers['if-none-match'], etag)) return payload;
    reply.code(304);
    reply.removeHeader('content-type');
    reply.removeHeader('content-length');
    return '';
  });
}
