import { z } from 'zod';

/**
 * The shape of every API error: a message for people, a machine code, and per-field messages for
 * a 400. Route schemas declare it for each error status they answer.
 */
export const errorResponse = z.object({
  error: z.string(),
  code: z.string(),
  details: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
});
export type ErrorResponse = z.infer<typeof errorResponse>;

/** What a malformed id in a path answers (400, code `INVALID_ID`), whatever the resource (decision 080). */
export const invalidIdMessage = 'Invalid id';

/** An id in a path: a UUID, else 400 'Invalid id'. A well-formed id that does not exist is the route's 404. */
export const idParam = () => z.uuid({ error: invalidIdMessage });

/** The error statuses a route (or a module's routes) may answer, each with the error shape: `...errorResponses(400, 404)`. */
export function errorResponses<const S extends readonly number[]>(...statuses: S) {
  return Object.fromEntries(statuses.map((status) => [status, errorResponse])) as Record<
    S[number],
    typeof errorResponse
  >;
}
