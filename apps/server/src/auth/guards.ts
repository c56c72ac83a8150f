import type { Role } from '@plinth/domain/roles';
import type { FastifyRequest, onRequestHookHandler } from 'fastify';
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

export function createGuards(auth: Auth): Guards {
  async function loadViewer(request: FastifyRequest): Promise<Viewer | null> {
    const session = await auth.api.getSession({ headers: toFetchHeaders(request.headers) });
    if (!session) return null;
    const { id, name, email, role } = session.user as typeof session.user & { role?: Role | null };
    return { id, name, email, role: role ?? null };
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
