import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import { type Auth, CLIENT_IP_HEADER } from './auth';
import { toFetchHeaders } from './guards';

/**
 * Hands /api/auth/* (all but our own /me, /set-role and /complete-profile, which Fastify matches
 * first) to Better Auth as a Fetch Request built from the raw body, and copies every Set-Cookie
 * header of its answer back.
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
      return reply.send(Buffer.from(await response.arrayBuffer()));
    },
  });
}
