import { AUTH_SCHEMAS, authPaths } from './auth-paths';
/**
 * Whole-document touches of the OpenAPI document (issue 23 item 11): operation ids, tag
 * descriptions and OpenAPI 3.0 nullability, applied to what @fastify/swagger built from the routes.
 */

/** What each tag of the API is about; a tag used by a route must be described here (a test checks). */
export const TAG_DESCRIPTIONS: Record<string, string> = {
  auth: "Signing up, in and out, the session and the password reset (Better Auth's endpoints under /api/auth), and the signed-in user's role and profile.",
  users: "Profiles, a person's own data export and account deletion.",
  system: 'Health of the server and its database.',
  projects: "Development projects: a developer's listings, the marketplace and a listing's details.",
  documents: "A project's data room: uploads, downloads and views (stamped for readers), traces and reports.",
  payments: "Listing fees, card confirmation and the payment provider's webhook.",
  subscriptions: "A funder's monthly subscription.",
  admin: 'The admin console: approvals, overrides, users, payments, settings, analytics and exports.',
  settings: 'Prices and settings that apply to everyone.',
  geocode: "Australian address look-ups for a project's site.",
  'access requests': "A funder's request for a listing's data room, and the developer's answer.",
  undertaking: 'The confidentiality undertaking a funder signs before the data room opens.',
  dashboard: "The funder's dashboard.",
  deals: 'Deal rooms between a developer and a funder: figures, comments, contact sharing, portfolio.',
  'deal documents': 'Documents exchanged and requested inside a deal room.',
  proposals: 'Funding proposals (quotes) in a deal room and their answers.',
  messages: 'Conversations between funders, developers and the Plinth team.',
  notifications: 'The notification bell and e-mail preferences.',
  'funder-criteria': "A funder's lending criteria, matched against new listings.",
  events: 'Live events for the signed-in user (server-sent events).',
  'ai-chat': 'BrokerAI: chat sessions about a project or deal, and its memo.',
  facilities:
    'Loan administration: a facility after the close, its parties and surveyor, budget, equity, in-balance test, ledger and statements.',
  draws:
    "A facility's draws: the developer's claims, the quantity surveyor's certification, the funder's decision and funding, threads, the payment schedule.",
};

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head', 'trace'];

const pascal = (segment: string) =>
  segment
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join('');

/** "projects" before "{id}" names one project: "access-requests" → "access-request" ("status" stays). */
const singular = (segment: string) => {
  if (/(ss|us|is)$/.test(segment)) return segment;
  if (segment.endsWith('ies')) return `${segment.slice(0, -3)}y`;
  return segment.endsWith('s') ? segment.slice(0, -1) : segment;
};

/**
 * A readable, stable operation id from the method and path alone: `GET /api/projects/{id}/documents`
 * → `getProjectDocuments`, `PUT /api/funder-criteria` → `putFunderCriteria`. A path parameter is
 * left out and makes the segment before it singular.
 */
export function operationIdOf(method: string, path: string): string {
  const segments = path
    .replace(/^\/api\//, '')
    .split('/')
    .filter(Boolean);
  const words = segments.flatMap((segment, index) => {
    if (segment.startsWith('{')) return [];
    const next = segments[index + 1];
    return [pascal(next?.startsWith('{') ? singular(segment) : segment)];
  });
  return method.toLowerCase() + words.join('');
}

/**
 * OpenAPI 3.0 reads `nullable` only beside a `type` (redocly's nullable-type-sibling). zod writes
 * `x.nullable()` of a union as `{ anyOf: [...], nullable: true }`: null is allowed by making every
 * branch nullable instead; on a schema without type and branches (any value) it says nothing.
 */
function makeNullable(schema: Json) {
  if (typeof schema.type === 'string') {
    schema.nullable = true;
    withNullInEnum(schema);
    return;
  }
  for (const key of ['anyOf', 'oneOf', 'allOf']) {
    const branches = schema[key];
    if (Array.isArray(branches)) for (const branch of branches) if (isObject(branch)) makeNullable(branch);
  }
}

/** A strict reading of OpenAPI 3.0: `nullable` does not widen an `enum`, so null is listed in it. */
function withNullInEnum(schema: Json) {
  if (schema.nullable === true && Array.isArray(schema.enum) && !schema.enum.includes(null)) {
    schema.enum = [...schema.enum, null];
  }
}

function fixNullable(node: unknown) {
  if (Array.isArray(node)) {
    for (const item of node) fixNullable(item);
    return;
  }
  if (!isObject(node)) return;
  const only = Array.isArray(node.allOf) && node.allOf.length === 1 ? node.allOf[0] : undefined;
  if (node.nullable === true && node.type === undefined && isObject(only) && typeof only.$ref === 'string') {
    delete node.allOf;
    node.$ref = only.$ref;
  }
  if (node.nullable === true && typeof node.$ref === 'string') {
    // A named schema that may be null: 3.0 ignores a $ref's siblings, so null is its own branch
    // (as zod writes z.null() for 3.0).
    const ref = node.$ref;
    delete node.$ref;
    delete node.nullable;
    node.anyOf = [{ $ref: ref }, { type: 'string', nullable: true, enum: [null] }];
    return;
  }
  if (node.nullable === true && node.type === undefined) {
    delete node.nullable;
    makeNullable(node);
  }
  withNullInEnum(node);
  for (const value of Object.values(node)) fixNullable(value);
}

const STATUS_DESCRIPTIONS: Record<string, string> = {
  '304': 'Not modified: the ETag sent in If-None-Match is still current (no body)',
  '400':
    'The request is malformed: an id that is not one, or a field that is missing or invalid (`details` names each field)',
  '401': 'No session: sign in first (`UNAUTHENTICATED`)',
  '403':
    'The signed-in user may not do this: their role, approval, subscription or relation to the resource refuses it',
  '404': 'Not found, or not visible to the signed-in user',
  '409':
    "The resource's state does not allow this now, or a request with the same idempotency key is still running",
  '413': 'The body (or an uploaded file) is over its size limit',
  '415': 'The body is of a media type this operation does not accept',
  '422': 'The idempotency key was already used for a different request',
  '429': 'Too many requests: wait the seconds in Retry-After and try again',
  '431': 'The request headers are over 16 KB: refused by the HTTP server before any route, without a body',
  '503': 'The service is unavailable (the database does not answer)',
};

const ERROR_REF = { $ref: '#/components/schemas/Error' };
const ERROR_COMPONENT = {
  type: 'object',
  description:
    'Every error of the API: a message for people, a machine-readable code, and for a 400 the message of each invalid field.',
  properties: {
    error: { type: 'string', description: 'What went wrong, in words for people' },
    code: {
      type: 'string',
      description: 'A stable machine-readable code, e.g. `VALIDATION_FAILED`, `INVALID_ID`, `NOT_FOUND`',
    },
    details: {
      type: 'array',
      description: 'For a 400: each invalid field and its message',
      items: {
        type: 'object',
        properties: { field: { type: 'string' }, message: { type: 'string' } },
        required: ['field', 'message'],
        additionalProperties: false,
      },
    },
  },
  required: ['error', 'code'],
  additionalProperties: false,
};

const header = (description: string, schema: Json = { type: 'string' }) => ({ description, schema });
const ETAG = header(
  'A weak validator of this answer: send it back in If-None-Match to get 304 when unchanged',
);
const CACHE_CONTROL = header('`private, no-cache` (revalidate with the ETag), or `private, no-store`');
const REPLAYED = header(
  'Present on a replay: the first answer to this idempotency key, sent again instead of acting twice',
  { type: 'string', enum: ['true'] },
);
const READ_CACHE = header("Whether the marketplace's read cache answered (`hit`) or the database (`miss`)", {
  type: 'string',
  enum: ['hit', 'miss'],
});

/** The operations whose answer says which read cache served it (projects.routes.ts). */
const READ_CACHE_OPERATIONS = new Set(['get /api/projects']);

const BETTER_AUTH_PATHS = new Set(Object.keys(authPaths()));

const isError = (status: string) => /^[45]/.test(status);

/** A readable description of a success answer: the route's own, else its summary. */
function successDescription(operation: Json, status: string) {
  const summary = typeof operation.summary === 'string' ? operation.summary : '';
  const created = status === '201' ? 'Created' : status === '204' ? 'Done, no content' : 'OK';
  return summary ? `${created}: ${summary.charAt(0).toLowerCase()}${summary.slice(1)}` : created;
}

const jsonOf = (holder: unknown): Json | undefined => {
  const content = isObject(holder) ? holder.content : undefined;
  const media = isObject(content) ? content['application/json'] : undefined;
  return isObject(media) ? media : undefined;
};

/**
 * Moves an inline schema to components.schemas under `name` (the first free of name, name2, …)
 * and leaves a $ref in its place; a schema already referenced stays as it is.
 */
function nameSchema(schemas: Json, media: Json, name: string) {
  const schema = media.schema;
  if (!isObject(schema) || schema.$ref) return;
  let unique = name;
  for (let n = 2; unique in schemas; n++) unique = `${name}${n}`;
  schemas[unique] = schema;
  media.schema = { $ref: `#/components/schemas/${unique}` };
}

/**
 * Whole-operation touches: every body and JSON success a named component, every error the one
 * Error component, every answer a description, the headers a client acts on.
 */
function shapeOperation(schemas: Json, method: string, path: string, operation: Json) {
  // Better Auth's endpoints are written whole in auth-paths.ts.
  if (BETTER_AUTH_PATHS.has(path)) return;
  const id = pascal(String(operation.operationId));
  const body = jsonOf(operation.requestBody);
  if (body) nameSchema(schemas, body, `${id}Request`);
  const multipart = isObject(operation.requestBody)
    ? (operation.requestBody.content as Json | undefined)?.['multipart/form-data']
    : undefined;
  if (isObject(multipart)) nameSchema(schemas, multipart, `${id}Upload`);
  const responses = (operation.responses ?? {}) as Record<string, Json>;
  const successes = Object.keys(responses).filter((status) => status.startsWith('2'));
  const idempotent = ((operation.parameters ?? []) as Json[]).some((p) => p.name === 'idempotency-key');
  for (const [status, response] of Object.entries(responses)) {
    if (status === '431') {
      responses[status] = { description: STATUS_DESCRIPTIONS[status] };
    } else if (isError(status)) {
      responses[status] = {
        description: STATUS_DESCRIPTIONS[status] ?? 'An error',
        content: { 'application/json': { schema: ERROR_REF } },
      };
    } else {
      if (!response.description || response.description === 'Default Response')
        response.description = successDescription(operation, status);
      const json = jsonOf(response);
      if (json)
        nameSchema(
          schemas,
          json,
          successes.length > 1 && status !== successes[0] ? `${id}Response${status}` : `${id}Response`,
        );
    }
    const answer = responses[status] as Json;
    const headers = { ...((answer.headers as Json | undefined) ?? {}) };
    if (idempotent) headers['Idempotent-Replayed'] = REPLAYED;
    if (method === 'get' && status === '200' && jsonOf(answer) && path.startsWith('/api/')) {
      headers.ETag = ETAG;
      headers['Cache-Control'] = CACHE_CONTROL;
    }
    if (READ_CACHE_OPERATIONS.has(`${method} ${path}`) && status === '200')
      headers['x-read-cache'] = READ_CACHE;
    if (Object.keys(headers).length > 0) answer.headers = headers;
  }
  // A GET that answers JSON carries an ETag and answers 304 to a matching If-None-Match.
  if (method === 'get' && responses['200'] && jsonOf(responses['200']) && path.startsWith('/api/')) {
    responses['304'] = {
      description: STATUS_DESCRIPTIONS['304'],
      headers: {
        ETag: ETAG,
        'Cache-Control': CACHE_CONTROL,
        ...(READ_CACHE_OPERATIONS.has(`${method} ${path}`) ? { 'x-read-cache': READ_CACHE } : {}),
      },
    };
  }
}

/**
 * The components the paths reach, directly or through other components: zod's registry writes an
 * input and an output component for every named schema, and only one of the two may be used.
 */
function reachable(paths: unknown, schemas: Json): Json {
  const kept = new Set<string>();
  const visit = (node: unknown) => {
    if (Array.isArray(node)) for (const item of node) visit(item);
    else if (isObject(node)) {
      for (const [key, value] of Object.entries(node)) {
        if (key === '$ref' && typeof value === 'string' && value.startsWith('#/components/schemas/')) {
          const name = value.slice('#/components/schemas/'.length);
          if (!kept.has(name)) {
            kept.add(name);
            visit(schemas[name]);
          }
        } else visit(value);
      }
    }
  };
  visit(paths);
  return Object.fromEntries(Object.entries(schemas).filter(([name]) => kept.has(name)));
}

/**
 * Operation ids, described tags (in order of first use), named schemas, error answers, headers and
 * 3.0 nullability, on the built document, Better Auth's endpoints included.
 */
export function shapeDocument<T extends Json>(document: T): T {
  const used: string[] = [];
  const paths = {
    ...((document.paths ?? {}) as Record<string, Record<string, Json>>),
    ...authPaths(),
  };
  const components = { ...((document.components as Json | undefined) ?? {}) };
  const schemas: Json = {
    Error: ERROR_COMPONENT,
    ...((components.schemas as Json | undefined) ?? {}),
    ...AUTH_SCHEMAS,
  };
  for (const [path, item] of Object.entries(paths)) {
    for (const method of HTTP_METHODS) {
      const operation = item[method];
      if (!operation) continue;
      operation.operationId ??= operationIdOf(method, path);
      for (const tag of (operation.tags as string[] | undefined) ?? [])
        if (!used.includes(tag)) used.push(tag);
      shapeOperation(schemas, method, path, operation);
    }
  }
  const shaped = { ...document, paths, components: { ...components, schemas: reachable(paths, schemas) } };
  fixNullable(shaped);
  return {
    ...shaped,
    tags: used.map((name) =>
      TAG_DESCRIPTIONS[name] ? { name, description: TAG_DESCRIPTIONS[name] } : { name },
    ),
  };
}
