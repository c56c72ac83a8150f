import { createHash } from 'node:crypto';
import type { Role } from '@plinth/domain/roles';
import type { FastifyRequest, onRequestHookHandler } from 'fastify';
import type { ChangeTracker } from '../db/change-tracker';
import { createReadCache } from '../db/read-cache';
import { AppError, forbidden } from '../errors';
import type { Auth } from './auth';

/** The signed-in person behind a request, as our API sees them. */
export interface Viewer {
  id: string;
  name: string;
  email: string;
  role: Role | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    viewer: Viewer | null;
  }
}

export function toFetchHeaders(raw: FastifyRequest['headers']): Headers {
  const headers = new Headers();
  for (const [key, value] of Object.entries(raw)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(key, v);
    else headers.set(key, String(value));
  }
  return headers;
}

export interface Guards {
  /** onRequest hook: 401 without a valid session (cookie or bearer token). */
  requireSession: onRequestHookHandler;
  /** onRequest hook: 401 without a session, 403 for any role not listed — before the body is read. */
  requireRole(...roles: Role[]): onRequestHookHandler;
}

/** A session as the guards keep it: who, and until when. */
interface CachedSession {
  viewer: Viewer | null;
  expiresAt: number;
}

export function createGuards(auth: Auth, changes: ChangeTracker): Guards {
  // Better Auth's session check costs a few milliseconds of CPU and a query per request; its answer
  // for the same credentials stays the same until a session or user row is written (sign-in,
  // sign-out, a role, an approval), which the change tracker sees (docs/decisions/012).
  // Keys are a hash of the credentials, so their size is fixed; refusals are not kept, so
  // made-up cookies cannot push real sessions out.
  const sessions = createReadCache<CachedSession>(changes, {
    tables: ['session', 'user'],
    max: 10_000,
    ttlMs: 60_000,
    keep: (value) => value.viewer !== null,
  });

  async function readSession(headers: FastifyRequest['headers']): Promise<CachedSession> {
    const session = await auth.api.getSession({ headers: toFetchHeaders(headers) });
    if (!session) return { viewer: null, expiresAt: 0 };
    const { id, name, email, role } = session.user as typeof session.user & { role?: Role | null };
    return {
      viewer: { id, name, email, role: role ?? null },
      expiresAt: new Date(session.session.expiresAt).getTime(),
    };
  }

  async function loadViewer(request: FastifyRequest): Promise<Viewer | null> {
    const { cookie, authorization } = request.headers;
    // No credentials, no session: nothing to look up.
    if (!cookie && !authorization) return null;
    // The credentials, exactly as sent, are the key: only what Better Auth itself accepted is kept.
    const key = createHash('sha256')
      .update(cookie ?? '')
      .update('\n')
      .update(authorization ?? '')
      .digest('base64url');
    const cached = await sessions.get(key, () => readSession(request.headers));
    if (cached.viewer && cached.expiresAt <= Date.now()) return (await readSession(request.headers)).viewer;
    return cached.viewer;
  }

  const requireSession: onRequestHookHandler = async (request) => {
    request.viewer = await loadViewer(request);
    if (!request.viewer) throw new AppError('UNAUTHENTICATED', 'Please sign in to continue');
  };

  return {
    requireSession,
    requireRole(...roles) {
      return async function requireRole(request, reply) {
        await requireSession.call(this, request, reply, () => {});
        const role = request.viewer?.role;
        if (!role || !roles.includes(role)) throw forbidden('Your role does not allow this');
      };
    },
  };
}

/** The viewer of a route guarded by requireSession or requireRole. */
export function viewerOf(request: FastifyRequest): Viewer {
  if (!request.viewer) throw new AppError('UNAUTHENTICATED', 'Please sign in to continue');
  return request.viewer;
}
