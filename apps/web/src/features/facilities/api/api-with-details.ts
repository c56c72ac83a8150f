import { errorTextFrom } from '@plinth/domain/format';
import { ApiError } from '../../../lib/api-client';
import { idempotentFetch } from '../../../lib/idempotent-fetch';

/** One field the server refused, as its error handler names it ('covenants.0.threshold'). */
export type FieldIssue = { field: string; message: string };

/** A refused write with the server's sentence and, for a 400, each field's problem (its `details`). */
export class FieldRefusal extends ApiError {
  constructor(
    status: number,
    message: string,
    code: string | undefined,
    readonly details: FieldIssue[],
  ) {
    super(status, message, code);
  }
}

/** The server's `details` of a refused request, or none. */
export function detailsOf(bodyText: string): { code?: string; details: FieldIssue[] } {
  try {
    const parsed = JSON.parse(bodyText) as { code?: unknown; details?: unknown };
    const details = Array.isArray(parsed.details)
      ? parsed.details.flatMap((d: unknown) => {
          const issue = d as { field?: unknown; message?: unknown } | null;
          return issue && typeof issue.field === 'string' && typeof issue.message === 'string'
            ? [{ field: issue.field, message: issue.message }]
            : [];
        })
      : [];
    return { code: typeof parsed.code === 'string' ? parsed.code : undefined, details };
  } catch {
    return { details: [] };
  }
}

/**
 * A JSON write like `api()` (one Idempotency-Key per call, retried with it when the answer is lost)
 * that keeps the server's field details, so a form can put each refusal under its field. `api()`
 * keeps only the sentence, and lives outside this feature.
 */
export async function writeWithDetails<T>(
  path: string,
  init: { method: 'POST' | 'PUT' | 'PATCH'; body: unknown },
): Promise<T> {
  const response = await idempotentFetch(`/api${path}`, {
    method: init.method,
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(init.body),
  });
  const text = await response.text();
  if (!response.ok) {
    const { code, details } = detailsOf(text);
    throw new FieldRefusal(response.status, errorTextFrom(response.status, text), code, details);
  }
  return (text ? JSON.parse(text) : undefined) as T;
}
