import { resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';

/** One route as the server registered it: what the default-deny walk calls (decision 045). */
export interface RegisteredRoute {
  method: string;
  /** The URL pattern, prefixes included (`/api/projects/:id`). */
  url: string;
  /** For a file route of @fastify/static: the folder its file is served from, resolved. */
  fileRoot?: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered, one entry per method (HEAD included), in registration order. */
    readonly registeredRoutes: readonly RegisteredRoute[];
  }
}

/**
 * Keeps a list of every route as it is registered. Called first in buildApp, before any plugin,
 * so no route escapes it; the default-deny test walks the list, so a route added later is checked
 * without anyone remembering to list it.
 */
export function keepRouteRegistry(app: FastifyInstance) {
  const routes: RegisteredRoute[] = [];
  app.decorate('registeredRoutes', { getter: () => routes });
  app.addHook('onRoute', (route) => {
    // @fastify/static names the folder of each file route it registers in the route's config.
    const rootPath = (route.config as { rootPath?: unknown } | undefined)?.rootPath;
    const fileRoot = typeof rootPath === 'string' ? resolve(rootPath) : undefined;
    for (const method of [route.method].flat()) {
      routes.push({ method, url: route.url, ...(fileRoot ? { fileRoot } : {}) });
    }
  });
}
