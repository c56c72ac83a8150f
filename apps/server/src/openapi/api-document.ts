import swagger, { type SwaggerTransform } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { documentMimeTypes } from '@plinth/domain/documents';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import type { Auth } from '../auth/auth';
import type { Guards } from '../auth/guards';
import type { Config } from '../config';
import { documentIdempotencyKey } from '../modules/idempotency/idempotency.plugin';
import { shapeDocument } from './document-shape';
import { registerNamedSchemas } from './named-schemas';

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
function producedResponse(types: readonly string[]) {
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

/** What a stored document is served as: any type the data room accepts (packages/domain). */
const DOCUMENT_TYPES = [...new Set(Object.values(documentMimeTypes))];

/**
 * The file routes that do not say what they produce in their schema: the media types of their
 * success, keyed by the route's URL pattern.
 */
export const FILE_ANSWERS: Record<string, readonly string[]> = {
  '/api/documents/:id/download': DOCUMENT_TYPES,
  '/api/documents/:id/view': DOCUMENT_TYPES,
  '/api/documents/:id/pages/:n': ['image/png'],
  '/api/deals/:id/documents/:docId': DOCUMENT_TYPES,
  '/api/deals/:id/documents/:docId/view': DOCUMENT_TYPES,
  '/api/draws/:id/documents/:documentId': DOCUMENT_TYPES,
  '/api/draws/:id/documents/:documentId/view': DOCUMENT_TYPES,
  '/api/projects/:id/data-room-report.csv': ['text/csv'],
  '/api/admin/export-all-data': ['application/json'],
};

const file = { type: 'string', format: 'binary' };
const files = (description: string) => ({ type: 'array', items: file, description });

/** The fields of each multipart upload (the routes read them part by part, so no zod schema holds them). */
export const MULTIPART_BODIES: Record<string, Json> = {
  '/api/projects/:id/documents': {
    type: 'object',
    required: ['documents'],
    properties: {
      documents: files('The files, each up to the project file limit (PDF, Word, Excel, PNG, JPEG)'),
      document_types: {
        type: 'string',
        description: 'A JSON array with the document type of each file, in the order of the files',
      },
      view_only: { type: 'string', enum: ['true', 'false'], description: 'Mark the PDFs view only' },
    },
  },
  '/api/deals/:id/documents': {
    type: 'object',
    required: ['documents'],
    properties: {
      documents: files('The files, each up to 10 MB (PDF, Word, Excel, PNG, JPEG)'),
      request_id: {
        type: 'string',
        format: 'uuid',
        description: 'The document request these files fulfil (one at most)',
      },
    },
  },
  '/api/draws/:id/documents/upload': {
    type: 'object',
    required: ['documents', 'kind'],
    properties: {
      documents: { ...file, description: 'One file up to 10 MB' },
      kind: { type: 'string', description: 'What the file is to the draw (a claim, an invoice, …)' },
    },
  },
  '/api/facilities/:id/documents/upload': {
    type: 'object',
    required: ['documents'],
    properties: {
      documents: {
        ...file,
        description: 'One file up to 10 MB: the certificate of practical completion (a PDF or a scan)',
      },
    },
  },
  '/api/document-trace': {
    type: 'object',
    required: ['file'],
    properties: { file: { ...file, description: 'The leaked PDF, PNG or JPEG' } },
  },
};

/** The error JSON schema, as zod writes it: shapeDocument replaces every error answer by its $ref. */
const ERROR_SCHEMA = {
  type: 'object',
  properties: {
    error: { type: 'string' },
    code: { type: 'string' },
    details: {
      type: 'array',
      items: {
        type: 'object',
        properties: { field: { type: 'string' }, message: { type: 'string' } },
        required: ['field', 'message'],
      },
    },
  },
  required: ['error', 'code'],
};

const BODY_METHODS = ['POST', 'PUT', 'PATCH'];

/**
 * The error statuses an operation can answer, read from the route rather than listed by hand:
 * 400 for any input it validates, 401 and 403 behind a session guard, 404 for a path parameter,
 * 413 and 415 for a body, 409 and 422 for an idempotency key, 429 for a rate limit.
 */
function derivedErrors(
  route: RouteOptions,
  schema: Json,
  { session, idempotent }: { session: boolean; idempotent: boolean },
): number[] {
  const methods = [route.method].flat().map(String);
  const takesBody = methods.some((m) => BODY_METHODS.includes(m.toUpperCase()));
  const statuses = new Set<number>();
  if (takesBody || schema.params || schema.querystring || schema.headers) statuses.add(400);
  if (session) statuses.add(401).add(403);
  if (schema.params) statuses.add(404);
  if (takesBody) statuses.add(413).add(415);
  if (idempotent) statuses.add(409).add(422);
  if ((route.config as { rateLimit?: unknown } | undefined)?.rateLimit) statuses.add(429);
  // Node's HTTP server refuses request headers over 16 KB before any route (decision 045).
  statuses.add(431);
  return [...statuses];
}

/** A route's request body schema as the route declared it (zod), before the document was made of it. */
export interface RouteBody {
  method: string;
  /** The URL pattern (`/api/projects/:id`). */
  url: string;
  body: unknown;
}

/** Each app's route bodies, so a test can hold the document's required fields to the server's. */
export const routeBodies = new WeakMap<FastifyInstance, RouteBody[]>();

export async function registerApiDocument(
  app: FastifyInstance,
  { config, auth, guards }: { config: Config; auth: Auth; guards: Guards },
) {
  registerNamedSchemas();
  // Better Auth names the cookie (with a __Secure- prefix on https): ask it rather than repeat it.
  const { authCookies } = await auth.$context;

  // Where each route was registered, so its plugin's guards can be read when the document is built
  // (after every plugin has added its hooks).
  const registeredIn = new WeakMap<object, FastifyInstance>();
  const bodies: RouteBody[] = [];
  routeBodies.set(app, bodies);
  app.addHook('onRoute', function rememberPlugin(this: FastifyInstance, route) {
    registeredIn.set(route, this);
    const body = (route.schema as { body?: unknown } | undefined)?.body;
    if (body) for (const method of [route.method].flat()) bodies.push({ method, url: route.url, body });
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
    const { produces: routeProduces, ...schema } = transformed.schema as Json & {
      produces?: string[];
      consumes?: string[];
    };
    if (schema.hide) return transformed;
    const route = input.route as RouteOptions;
    const produces = routeProduces ?? FILE_ANSWERS[route.url];
    const session = needsSession(route);
    const idempotent = Boolean(
      (schema.headers as { properties?: Json } | undefined)?.properties?.['idempotency-key'],
    );
    // `produces` is what the success answer is; errors are JSON whatever the route produces.
    const response = { ...(schema.response as Json | undefined) };
    const hasSuccess = Object.keys(response).some((code) => code.startsWith('2'));
    if (produces?.length && !hasSuccess) response[200] = producedResponse(produces);
    for (const status of derivedErrors(route, schema, { session, idempotent }))
      response[status] ??= structuredClone(ERROR_SCHEMA);
    const multipart = schema.consumes?.includes('multipart/form-data')
      ? MULTIPART_BODIES[route.url]
      : undefined;
    return {
      ...transformed,
      schema: {
        ...schema,
        ...(multipart && !schema.body ? { body: multipart } : {}),
        response,
        security: session ? SESSION_SECURITY : [],
      },
    };
  };

  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Plinth API',
        version: '1.0.0',
        description: DESCRIPTION,
        license: { name: "Proprietary: Plinth's terms of use", url: `${config.BASE_URL}/terms` },
      },
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
    // The named schemas first (zod's registry: components.schemas), then the whole-document shape.
    transformObject: (document) =>
      'openapiObject' in document
        ? shapeDocument(jsonSchemaTransformObject(document) as Json)
        : document.swaggerObject,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
}
