import { errorTextFrom } from '@plinth/domain/format';
import { idempotentFetch } from './idempotent-fetch';

/** An API failure with the text the spec says to show (server error field, short text, or HTTP status). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
  ) {
    super(message);
  }
}

/**
 * JSON calls to our own API; the session travels in the HttpOnly cookie (same origin). Each call of
 * a POST, PUT, PATCH or DELETE is one action with its own Idempotency-Key, retried with that key when
 * the answer is lost (idempotent-fetch.ts).
 */
export async function api<T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  const response = await idempotentFetch(`/api${path}`, {
    method: init.method ?? 'GET',
    credentials: 'same-origin',
    headers: init.body === undefined ? undefined : { 'content-type': 'application/json' },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await response.text();
  if (!response.ok) {
    let code: string | undefined;
    try {
      code = (JSON.parse(text) as { code?: string }).code;
    } catch {
      code = undefined;
    }
    throw new ApiError(response.status, errorTextFrom(response.status, text), code);
  }
  return (text ? JSON.parse(text) : undefined) as T;
}
