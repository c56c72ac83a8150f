import { createAuthClient } from 'better-auth/react';

// Better Auth's client talks to /api/auth on the same origin; the session is an HttpOnly cookie.
export const authClient = createAuthClient({ basePath: '/api/auth' });
