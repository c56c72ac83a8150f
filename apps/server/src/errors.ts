import { invalidIdMessage } from '@plinth/domain/api-errors';
import type { FieldIssue } from '@plinth/domain/onboarding';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { bodyTooLargeMessage } from './http/server-limits';

/** Machine codes and the HTTP status each one means; one table for the whole API. */
export const errorStatus = {
  BAD_REQUEST: 400,
  VALIDATION_FAILED: 400,
  // A path parameter that is not an id (decision 080): 400 whatever the resource.
  INVALID_ID: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  // The marketplace gate (spec 000 section 2): a funder not yet approved, or without a subscription.
  ACCOUNT_PENDING_APPROVAL: 403,
  SUBSCRIPTION_REQUIRED: 403,
  // Access granted before undertakings existed: the funder signs one first (docs/decisions/033-undertaking.md).
  UNDERTAKING_REQUIRED: 403,
  // A write sent with the session cookie from another site (src/http/same-origin.ts, decision 045).
  CROSS_SITE_REQUEST: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  // Idempotency keys (docs/decisions/037-idempotency-keys.md): the first request with the key still
  // runs; the key was used for a different request.
  IDEMPOTENCY_KEY_IN_USE: 409,
  IDEMPOTENCY_KEY_REUSED: 422,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL: 500,
} as const;
export type ErrorCode = keyof typeof errorStatus;

/** The one error type services throw: a code, a message for people, optional field details. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: FieldIssue[],
  ) {
    super(message);
  }
  get status() {
    return errorStatus[this.code];
  }
}

export const badRequest = (why: string) => new AppError('BAD_REQUEST', why);
export const notFound = (what = 'Not found') => new AppError('NOT_FOUND', what);
export const forbidden = (why = 'You are not allowed to do this') => new AppError('FORBIDDEN', why);
export const conflict = (why: string) => new AppError('CONFLICT', why);
export const validationFailed = (issues: FieldIssue[]) =>
  new AppError('VALIDATION_FAILED', issues.map((i) => i.message).join(', '), issues);

/** The code of an answer that has only a status (Fastify's own 4xx, Better Auth's errors without one). */
export const codeForStatus = (status: number): ErrorCode => {
  const found = (Object.entries(errorStatus) as [ErrorCode, number][]).find(([, s]) => s === status);
  return found ? found[0] : status >= 500 ? 'INTERNAL' : 'BAD_REQUEST';
};

/** Path parameters that name a resource: `id`, `docId`, `userId`, … (not a page number or a setting's key). */
const ID_PARAM = /^(id|[a-z]+Id)$/;

/** One handler: 4xx answers say what was wrong; 5xx answers never leak their text. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      return reply
        .status(error.status)
        .send({ error: error.message, code: error.code, details: error.details });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const details = error.validation.map((v) => ({
        field: v.instancePath.replace(/^\//, '').replaceAll('/', '.') || (error.validationContext ?? 'body'),
        message: v.message ?? 'Invalid value',
      }));
      // A malformed id in the path (`/api/projects/not-an-id`) is 'Invalid id' on every route; a
      // well-formed one that does not exist is the route's own 404.
      if (error.validationContext === 'params' && details.every((d) => ID_PARAM.test(d.field))) {
        return reply.status(400).send({
          error: invalidIdMessage,
          code: 'INVALID_ID',
          details: details.map((d) => ({ field: d.field, message: invalidIdMessage })),
        });
      }
      return reply.status(400).send({
        error: details.map((d) => d.message).join(', ') || 'Invalid request',
        code: 'VALIDATION_FAILED',
        details,
      });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response did not match its schema');
      return reply.status(500).send({ error: 'Internal server error', code: 'INTERNAL' });
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'unhandled error');
      return reply.status(500).send({ error: 'Internal server error', code: 'INTERNAL' });
    }
    // Fastify's own 4xx: malformed JSON, empty JSON body, body over the limit, wrong content type, 429.
    // Its 413 names no limit; ours does.
    const message = error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' ? bodyTooLargeMessage : error.message;
    return reply.status(status).send({ error: message, code: codeForStatus(status) });
  });

  app.setNotFoundHandler((request, reply) => {
    reply
      .status(404)
      .send({ error: `Route ${request.method} ${request.url.split('?')[0]} not found`, code: 'NOT_FOUND' });
  });
}
