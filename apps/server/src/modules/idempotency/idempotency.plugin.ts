import { createHash } from 'node:crypto';
import { resolve } from 'node:path';
import { type Readable, Transform } from 'node:stream';
import type { SwaggerTransform } from '@fastify/swagger';
import type {
  FastifyContextConfig,
  FastifyReply,
  FastifyRequest,
  onResponseHookHandler,
  onSendHookHandler,
  preHandlerHookHandler,
  preParsingHookHandler,
} from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { beginRequestTransaction, type Db } from '../../db/database';
import { type RequestTransaction, runInRequestTransaction } from '../../db/request-transaction';
import { AppError } from '../../errors';
import { isSpooled, spooledSha256, sweepUnfinishedSpools, uploadSpoolHooks } from '../../http/upload-spool';
import * as keys from './idempotency.repository';

/**
 * Idempotency keys (issue 20 item 1; docs/decisions/037-idempotency-keys.md), as Stripe's API and
 * the IETF draft "The Idempotency-Key HTTP Header Field" have them: every POST, PUT, PATCH and
 * DELETE under /api may carry `Idempotency-Key` (1–255 characters); a retry with the same key gets
 * the first answer again, with `Idempotent-Replayed: true`, instead of acting twice.
 *
 * The request runs in one transaction (db/request-transaction.ts) that also stores its answer, so
 * the effect and the stored answer commit together or not at all: a server killed after the effect
 * leaves neither, and the retry acts once. A 5xx answer is rolled back and not stored (the retry
 * acts afresh, which is safe because nothing was kept). Refusals before the handler (the session
 * and role guards, schema validation, a body that does not parse, a malformed key) store nothing.
 *
 * The transaction begins only once the whole body has arrived (decision 046): Fastify reads a JSON
 * body before any preHandler, and an upload route's multipart body is read into temporary files by
 * the preHandler placed first (http/upload-spool.ts). A client on a slow link never holds a
 * database connection, which on PGlite is the only one.
 */

export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const REPLAYED_HEADER = 'Idempotent-Replayed';
const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/**
 * Better Auth's routes (its one catch-all; our own /api/auth/set-role and complete-profile take
 * keys) and the payment provider's webhook (which deduplicates its event ids) have their own rules.
 */
const OWN_RULES = new Set(['/api/auth/*', '/api/payments/webhook']);

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * false for a route whose reply is streamed to the socket (reply.hijack()): its answer cannot
     * be stored and replayed, so it does not take keys (decision 037).
     */
    idempotency?: false;
  }
  interface FastifyRequest {
    idempotency: {
      scope: RequestTransaction;
      caller: string;
      key: string;
      fingerprint: keys.Fingerprint;
    } | null;
  }
}

const invalidKey = (message: string) =>
  new AppError('VALIDATION_FAILED', message, [{ field: 'Idempotency-Key', message }]);

/** The key, null without one; a malformed key is refused before anything runs. */
function readKey(request: FastifyRequest): string | null {
  const raw = request.headers[IDEMPOTENCY_HEADER];
  if (raw === undefined) return null;
  if (Array.isArray(raw)) throw invalidKey('Send one Idempotency-Key header, not several');
  if (raw.length < 1 || raw.length > 255) throw invalidKey('Idempotency-Key must be 1 to 255 characters');
  return raw;
}

/** Who the key belongs to: the signed-in user, else the session cookie, else the client's address. */
function callerOf(request: FastifyRequest): string {
  if (request.viewer) return `user:${request.viewer.id}`;
  const { cookie, authorization } = request.headers;
  if (cookie || authorization) {
    const digest = createHash('sha256')
      .update(cookie ?? '')
      .update('\n')
      .update(authorization ?? '')
      .digest('base64url');
    return `session:${digest}`;
  }
  return `client:${request.ip}`;
}

/**
 * What makes two requests "the same" (decision 046): method, path with query, and the SHA-256 of
 * every byte of the body, hashed as it is read. An upload's multipart body is hashed part by part
 * as it is spooled (http/upload-spool.ts), independently of the boundary a browser draws anew on
 * every send: each field and file name, content type and value, and every byte of each file.
 */
function fingerprintOf(request: FastifyRequest): keys.Fingerprint {
  return { method: request.method, path: request.url, bodySha256: bodySha256Of(request) };
}

const EMPTY_SHA256 = createHash('sha256').digest('hex');
const bodySha256s = new WeakMap<FastifyRequest, string>();

function bodySha256Of(request: FastifyRequest): string {
  const known = spooledSha256(request) ?? bodySha256s.get(request);
  if (known) return known;
  const { 'content-length': length, 'transfer-encoding': encoding } = request.headers;
  if (encoding === undefined && (length === undefined || length === '0')) return EMPTY_SHA256;
  // Every body a route accepts is read before its preHandlers; one that was not cannot be compared.
  throw new Error(`The body of a keyed ${request.method} ${request.routeOptions.url} was not read`);
}

/**
 * preParsing: the body's bytes hashed on their way to the parser, exactly as they arrived. An
 * upload's multipart body is left alone: the upload's spool reads it (and hashes its content).
 */
const hashBody: preParsingHookHandler = (request, _reply, payload, done) => {
  if (request.headers[IDEMPOTENCY_HEADER] === undefined || isSpooled(request)) return done(null, payload);
  const hash = createHash('sha256');
  const hashed = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      hash.update(chunk);
      callback(null, chunk);
    },
    flush(callback) {
      bodySha256s.set(request, hash.digest('hex'));
      callback();
    },
  });
  // A body cut short fails the parser's read as it did without this hook.
  payload.on('error', (error) => hashed.destroy(error));
  payload.pipe(hashed);
  done(null, hashed);
};

/** Whether a route takes keys: an unsafe method under /api, not one with rules of its own. */
function takesKeys(
  method: string,
  url: string | undefined,
  config: FastifyContextConfig | undefined,
): boolean {
  if (!UNSAFE_METHODS.has(method)) return false;
  if (!url?.startsWith('/api/') || OWN_RULES.has(url)) return false;
  return config?.idempotency !== false;
}

const appliesTo = (request: FastifyRequest) =>
  takesKeys(request.method, request.routeOptions.url, request.routeOptions.config);

/**
 * The OpenAPI transform: zod schemas to JSON Schema, and the Idempotency-Key header on every
 * operation that takes it, so integrators' generated clients can send it.
 */
export const documentIdempotencyKey: SwaggerTransform = (input) => {
  const transformed = jsonSchemaTransform(input);
  const methods = [input.route.method].flat();
  if (!methods.some((method) => takesKeys(method, input.url, input.route.config as FastifyContextConfig))) {
    return transformed;
  }
  const headers = (transformed.schema.headers ?? { type: 'object', properties: {} }) as {
    properties?: Record<string, unknown>;
  };
  return {
    ...transformed,
    schema: {
      ...transformed.schema,
      headers: {
        ...headers,
        type: 'object',
        properties: {
          ...headers.properties,
          [IDEMPOTENCY_HEADER]: {
            type: 'string',
            minLength: 1,
            maxLength: 255,
            description:
              'Optional. A retry with the same key gets the first answer again (Idempotent-Replayed: true) instead of acting twice; 409 while the first still runs, 422 if the key was used for another request; kept 24 hours.',
          },
        },
      },
    },
  };
};

function replay(reply: FastifyReply, stored: keys.StoredAnswer) {
  reply.code(stored.status_code).header(REPLAYED_HEADER, 'true');
  if (stored.content_type) reply.header('content-type', stored.content_type);
  return reply.send(Buffer.from(stored.response_body));
}

async function readWhole(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks);
}

const toBuffer = async (payload: unknown): Promise<Buffer> => {
  if (payload === null || payload === undefined) return Buffer.alloc(0);
  if (typeof payload === 'string') return Buffer.from(payload);
  if (Buffer.isBuffer(payload)) return payload;
  return readWhole(payload as Readable);
};

export const idempotencyPlugin = fp<{ db: Db }>(
  async (app, { db }) => {
    app.decorateRequest('idempotency', null);

    // Callback style: the rest of the request (handler, serialisation, onSend) must run inside the
    // request transaction's async context, which only `run(scope, done)` can give it.
    const begin: preHandlerHookHandler = (request, reply, done) => {
      if (!appliesTo(request)) return done();
      let key: string | null;
      try {
        key = readKey(request);
      } catch (error) {
        return done(error as Error);
      }
      if (key === null) return done();
      const caller = callerOf(request);
      let fingerprint: keys.Fingerprint;
      try {
        fingerprint = fingerprintOf(request);
      } catch (error) {
        return done(error as Error);
      }
      const scope = beginRequestTransaction(db);
      runInRequestTransaction(scope, async () => {
        try {
          const found = await keys.claim(db, { caller, key });
          if (found.kind === 'busy') {
            await scope.rollback();
            return done(
              new AppError(
                'IDEMPOTENCY_KEY_IN_USE',
                'A request with this Idempotency-Key is still being processed; retry shortly',
              ),
            );
          }
          if (found.kind === 'answered') {
            await scope.rollback();
            if (!keys.sameRequest(found.answer, fingerprint)) {
              return done(
                new AppError(
                  'IDEMPOTENCY_KEY_REUSED',
                  'This Idempotency-Key was already used for a different request',
                ),
              );
            }
            replay(reply, found.answer);
            return;
          }
          request.idempotency = { scope, caller, key, fingerprint };
          done();
        } catch (error) {
          await scope.rollback().catch(() => {});
          done(error as Error);
        }
      });
    };

    // The answer is stored and the transaction committed before a byte of it is sent: a client
    // never hears of an effect that was not kept.
    const store: onSendHookHandler = async (request, reply, payload) => {
      const pending = request.idempotency;
      if (!pending) return payload;
      request.idempotency = null;
      const body = await toBuffer(payload);
      const status = reply.statusCode;
      if (status >= 500) {
        await pending.scope.rollback();
        return body;
      }
      try {
        await runInRequestTransaction(pending.scope, () =>
          keys.store(db, {
            caller: pending.caller,
            key: pending.key,
            fingerprint: pending.fingerprint,
            statusCode: status,
            contentType: (reply.getHeader('content-type') as string | undefined) ?? null,
            body,
          }),
        );
        await pending.scope.commit();
        return body;
      } catch (error) {
        await pending.scope.rollback().catch(() => {});
        request.log.error({ err: error }, 'idempotent request could not commit');
        reply.code(500).type('application/json');
        return JSON.stringify({ error: 'Internal server error', code: 'INTERNAL' });
      }
    };

    // A request that ended without passing onSend gives its transaction back. A client that goes
    // away mid-request does not end it: the handler finishes and commits, and the client's retry
    // gets the stored answer.
    const release: onResponseHookHandler = async (request) => {
      const pending = request.idempotency;
      if (!pending) return;
      request.idempotency = null;
      await pending.scope.rollback();
    };

    // An upload's body is read into temporary files before anything else on its route, and above
    // all before the request transaction begins (decision 046).
    const tmpDir = resolve(app.deps.config.DATA_DIR, 'tmp');
    await sweepUnfinishedSpools(tmpDir, app.log);
    const spool = uploadSpoolHooks(tmpDir);

    // Only the routes that take keys get the hooks: every other request (every read) runs exactly
    // as without this plugin (global hooks cost a marketplace read 17 % of its throughput).
    app.addHook('onRoute', (route) => {
      const config = route.config as FastifyContextConfig | undefined;
      const methods = [route.method].flat();
      const isKeyed = methods.some((method) => takesKeys(method, route.url, config));
      if (!isKeyed && !config?.upload) return;
      const first = [...(config?.upload ? [spool.readFirst] : []), ...(isKeyed ? [begin] : [])];
      route.preHandler = [...first, ...[route.preHandler ?? []].flat()];
      if (config?.upload) route.onSend = [...[route.onSend ?? []].flat(), spool.dispose];
      if (!isKeyed) return;
      route.preParsing = [...[route.preParsing ?? []].flat(), hashBody];
      route.onSend = [...[route.onSend ?? []].flat(), store];
      route.onResponse = [...[route.onResponse ?? []].flat(), release];
    });
  },
  { name: 'idempotency' },
);
