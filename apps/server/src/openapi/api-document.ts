import swagger, { type SwaggerTransform } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, RouteOptions } from 'fastify';
import type { Auth } from '../auth/auth';
import type { Guards } from '../auth/guards';
import type { Config } from '../config';
import { documentIdempotencyKey } from '../modules/idempotency/idempotency.plugin';
import { shapeDocument } from './document-shape';

/**
 * The OpenAPI document at /api/docs/json and its UI at /api/docs, written for integrators' client
 * generators (issue 23 item 11): clean under Redocly's recommended rules, an operationId on every
 * operation, the session security of each operation read from its route's guards, the server's own
 * address, and described tags.
 */

/** The security of an operation that needs a session: Better Auth's cookie, or its bearer token. */
const SESSION_SECURITY: Record<string, string[]>[] = [{ sessionCookie: [] }, { bearerAuth: [] }];

const DESCRIPTION = [
  'The API of Plinth, the Australian development-finance marketplace.',
  '',
  "Sign in with Better Auth's `POST /api/auth/sign-in/email` (`{ email, password }`): the answer sets the session cookie and carries the same session as a bearer token in its `set-auth-token` header; send either with every operation that needs a session.",
  'Errors answer `{ error, code, details }`. Every POST, PUT, PATCH and DELETE that lists an `idempotency-key` header may be retried safely with the same key. Money is in whole Australian dollars.',
].join('\n');

type Json = Record<string, unknown>;

/** The onRequest hooks a plugin added with app.addHook: Fastify keeps them under a symbol of its own. */
function pluginHooksOf(instance: FastifyInstance): unknown[] {
  const symbol = Object.getOwnPropertySymbols(instance).find((s) => s.description === 'fastify.hooks');
  const hooks = symbol && (instance as unknown as Record<symbol, { onRequest?: unknown[] }>)[symbol];
  if (!hooks?.onRequest) {
    throw new Error("Fastify's hook list was not found: the OpenAPI security of routes cannot be read");
  }
  return hooks.onRequest;
}

/** A file or stream answer for a route that names what it produces but documents no 2xx answer. */
function producedResponse(types: string[]) {
  const content = Object.fromEntries(
    types.map((type) => [
      type,
      {
        schema: type.startsWith('text/')
          ? { type: 'string' }
          : type.endsWith('json')
            ? { type: 'object' }
            : { type: 'string', format: 'binary' },
      },
    ]),
  );
  const stream = types.includes('text/event-stream');
  return { description: stream ? 'The event stream' : 'The file', content };
}

export async function registerApiDocument(
  app: FastifyInstance,
  { config, auth, guards }: { config: Config; auth: Auth; guards: Guards },
) {
  // Better Auth names the cookie (with a __Secure- prefix on https): ask it rather than repeat it.
  const { authCookies } = await auth.$context;

  // Where each route was registered, so its plugin's guards can be read when the document is built
  // (after every plugin has added its hooks).
  const registeredIn = new WeakMap<object, FastifyInstance>();
  app.addHook('onRoute', function rememberPlugin(this: FastifyInstance, route) {
    registeredIn.set(route, this);
  });
  const isGuard = (hook: unknown) =>
    hook === guards.requireSession || (typeof hook === 'function' && hook.name === 'requireRole');
  /** A route needs a session when a session or role guard runs on it: its own or its plugin's. */
  const needsSession = (route: RouteOptions) => {
    const plugin = registeredIn.get(route);
    const hooks = [...(plugin ? pluginHooksOf(plugin) : []), ...[route.onRequest ?? []].flat()];
    return hooks.some(isGuard);
  };

  const transform: SwaggerTransform = (input) => {
    const transformed = documentIdempotencyKey(input);
    const { produces, ...schema } = transformed.schema as Json & { produces?: string[] };
    if (schema.hide) return transformed;
    // `produces` is what the success answer is; errors are JSON whatever the route produces.
    const response = schema.response as Json | undefined;
    const hasSuccess = Object.keys(response ?? {}).some((code) => code.startsWith('2'));
    const withSuccess =
      produces?.length && !hasSuccess ? { ...response, 200: producedResponse(produces) } : response;
    return {
      ...transformed,
      schema: {
        ...schema,
        ...(withSuccess ? { response: withSuccess } : {}),
        security: needsSession(input.route as RouteOptions) ? SESSION_SECURITY : [],
      },
    };
  };

  await app.register(swagger, {
    openapi: {
      info: { title: 'Plinth API', version: '1.0.0', description: DESCRIPTION },
      servers: [{ url: config.BASE_URL, description: 'This Plinth server' }],
      components: {
        securitySchemes: {
          sessionCookie: {
            type: 'apiKey',
            in: 'cookie',
            name: authCookies.sessionToken.name,
            description: "Better Auth's session cookie, set by signing in.",
          },
          bearerAuth: {
            type: 'http',
            scheme: 'bearer',
            description: 'The session token from the `set-auth-token` header of a sign-in.',
          },
        },
      },
    },
    stripBasePath: false,
    transform,
    transformObject: (document) =>
      'openapiObject' in document ? shapeDocument(document.openapiObject as Json) : document.swaggerObject,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
}
