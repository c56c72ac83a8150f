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

/** The error statuses a route (or a module's routes) may answer, each with the error shape: `...errorResponses(400, 404)`. */
export function errorResponses<const S extends readonly number[]>(...statuses: S) {
  return Object.fromEntries(statuses.map((status) => [status, errorResponse])) as Record<
    S[number],
    typeof errorResponse
  >;
}
