import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';

/**
 * Requests Fastify refuses before any route is found (a malformed percent-encoding in the path, a
 * path parameter over its length limit) answer in the app's one error shape `{ error, code }`
 * like every other error, not Fastify's own `{ error, code: 'FST_ERR_…', message, statusCode }`
 * (issue 36 item 3, decision 064). Both are the caller's mistake: 400.
 */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const path = request.raw.url?.split('?')[0] ?? '';
  const why =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? `A part of the path is too long: ${path.slice(0, 120)}`
      : error.code === 'FST_ERR_BAD_URL'
        ? `Malformed URL: ${path.slice(0, 120)} is not valid percent-encoding`
        : 'Bad request';
  return reply.status(400).send({ error: why, code: 'BAD_REQUEST' });
}
