import { createAuthClient } from 'better-auth/react';

// Better Auth's client talks to /api/auth on the same origin; the session is an HttpOnly cookie.
export const authClient = createAuthClient({ basePath: '/api/auth' });

/**
 * The words to show for a refused auth call. The server answers Better Auth's errors in the API's
 * one shape, `{ error, code }` (decision 080), which Better Auth's client spreads into its `error`.
 */
export function authErrorText(
  error: { message?: string; statusText?: string } & Record<string, unknown>,
  fallback: string,
): string {
  const text = typeof error.error === 'string' ? error.error : undefined;
  return text || error.message || error.statusText || fallback;
}
