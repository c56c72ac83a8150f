import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import { codeForStatus } from '../errors';
import { type Auth, CLIENT_IP_HEADER } from './auth';
import { toFetchHeaders } from './guards';

/**
 * Better Auth's error answer (`{ message, code }`, sometimes only a message, sometimes no body) in
 * the API's one error shape, `{ error, code }` (decision 080): its message is the error, its code
 * is kept, and an answer without a code gets the code of its status.
 */
export function authErrorBody(status: number, raw: Buffer): { error: string; code: string } {
  let parsed: { message?: unknown; code?: unknown } = {};
  try {
    const value = JSON.parse(raw.toString('utf8')) as unknown;
    if (typeof value === 'object' && value !== null) parsed = value as typeof parsed;
  } catch {
    // Not JSON (or empty): the status alone says what went wrong.
  }
  const message = typeof parsed.message === 'string' && parsed.message ? parsed.message : undefined;
  return {
    error:
      message ?? (status === 404 ? 'Not found' : status === 429 ? 'Too many requests' : 'Request refused'),
    code: typeof parsed.code === 'string' && parsed.code ? parsed.code : codeForStatus(status),
  };
}

/**
 * Hands /api/auth/* (all but our own /me, /set-role and /complete-profile, which Fastify matches
 * first) to Better Auth as a Fetch Request built from the raw body, and copies every Set-Cookie
 * header of its answer back; its errors are answered in the API's error shape.
 */
export async function authRoutes(app: FastifyInstance, opts: { auth: Auth; config: Config }) {
  // Raw bytes, whatever the content type: Better Auth parses the body itself, and an empty
  // JSON body (sign-out) must not trip Fastify's empty-body error.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 64 * 1024 }, (_req, body, done) =>
    done(null, body),
  );

  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    schema: { hide: true },
    handler: async (request, reply) => {
      const headers = toFetchHeaders(request.headers);
      // The socket's address, never a client-supplied header, keys Better Auth's rate limits.
      headers.set(CLIENT_IP_HEADER, request.ip);
      const body = request.body as Buffer | undefined;
      const response = await opts.auth.handler(
        new Request(new URL(request.url, opts.config.BASE_URL), {
          method: request.method,
          headers,
          body: request.method === 'POST' && body && body.length > 0 ? new Uint8Array(body) : undefined,
        }),
      );
      reply.status(response.status);
      for (const [key, value] of response.headers) {
        if (key !== 'set-cookie' && key !== 'content-length') reply.header(key, value);
      }
      const cookies = response.headers.getSetCookie();
      if (cookies.length > 0) reply.header('set-cookie', cookies);
      const raw = Buffer.from(await response.arrayBuffer());
      if (response.status >= 400) {
        reply.header('content-type', 'application/json; charset=utf-8');
        return reply.send(authErrorBody(response.status, raw));
      }
      return reply.send(raw);
    },
  });
}
