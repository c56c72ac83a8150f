import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsPlugin from 'ajv-formats';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { DRIFT_ALLOWED } from './openapi-drift-allowed';

/**
 * Holds every answer an API test receives to the OpenAPI document the server publishes (issue 36
 * item 2): the status must be one the operation documents, the body must be valid against the
 * documented schema of its media type under Ajv's strict mode, and the documented headers must be
 * present and valid; the headers a client relies on (ETag, Idempotent-Replayed, set-auth-token,
 * x-read-cache) must be documented where they are sent. helpers.ts wraps each test app's `inject`
 * with it, so a drift fails the test whose request caused it.
 */

type Json = Record<string, unknown>;
interface MediaType {
  schema?: Json;
}
interface Header {
  schema?: Json;
  required?: boolean;
}
interface Response {
  description?: string;
  headers?: Record<string, Header>;
  content?: Record<string, MediaType>;
}
interface Operation {
  operationId?: string;
  responses?: Record<string, Response>;
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Json> };
}

/** Headers a client acts on: where the server sends one, the operation's answer must document it. */
export const HEADERS_TO_DOCUMENT = ['etag', 'idempotent-replayed', 'set-auth-token', 'x-read-cache'];

const SCHEMA_BASE = 'https://plinth.invalid/schemas/';
const addFormats = addFormatsPlugin as unknown as (ajv: Ajv) => Ajv;

/**
 * An OpenAPI 3.0 schema as the JSON Schema Ajv reads: `#/components/schemas/X` points at the schema
 * Ajv knows as SCHEMA_BASE + X, and 3.0's boolean exclusiveMinimum/Maximum (beside minimum/maximum)
 * become the numbers of JSON Schema. `nullable` Ajv reads itself (strictly: an enum must list null).
 */
function absoluteRefs(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(absoluteRefs);
  if (typeof node !== 'object' || node === null) return node;
  const schema = { ...(node as Json) };
  for (const [exclusive, bound] of [
    ['exclusiveMinimum', 'minimum'],
    ['exclusiveMaximum', 'maximum'],
  ] as const) {
    if (typeof schema[exclusive] === 'boolean') {
      if (schema[exclusive]) schema[exclusive] = schema[bound];
      else delete schema[exclusive];
      if (schema[exclusive] !== undefined) delete schema[bound];
    }
  }
  return Object.fromEntries(
    Object.entries(schema).map(([key, value]) => [
      key,
      key === '$ref' && typeof value === 'string'
        ? value.replace('#/components/schemas/', SCHEMA_BASE)
        : absoluteRefs(value),
    ]),
  );
}

interface Matcher {
  path: string;
  method: string;
  pattern: RegExp;
  /** Static segments first: Fastify prefers /api/projects/mine to /api/projects/{id}. */
  rank: number[];
}

export class OpenApiConformance {
  private readonly ajv: Ajv;
  private readonly validators = new Map<string, ValidateFunction>();
  private readonly matchers: Matcher[];

  constructor(private readonly document: Document) {
    this.ajv = new Ajv({ strict: true, allErrors: true, discriminator: true });
    addFormats(this.ajv);
    // OpenAPI's own formats and keywords that JSON Schema does not define.
    this.ajv.addFormat('binary', true);
    this.ajv.addKeyword('example');
    this.ajv.addKeyword('xml');
    this.ajv.addKeyword('externalDocs');
    for (const [name, schema] of Object.entries(document.components?.schemas ?? {})) {
      this.ajv.addSchema(absoluteRefs(schema) as Json, SCHEMA_BASE + name);
    }
    this.matchers = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.keys(item).map((method) => {
        const segments = path.split('/').filter(Boolean);
        const source = segments
          .map((s) => (s.startsWith('{') ? '[^/]+' : s.replace(/[.*+?^$()|[\]\\]/g, '\\$&')))
          .join('/');
        return {
          path,
          method: method.toUpperCase(),
          pattern: new RegExp(`^/${source}$`),
          rank: segments.map((s) => (s.startsWith('{') ? 1 : 0)),
        };
      }),
    );
    this.matchers.sort((a, b) => {
      for (let i = 0; i < Math.min(a.rank.length, b.rank.length); i++) {
        const d = (a.rank[i] ?? 0) - (b.rank[i] ?? 0);
        if (d) return d;
      }
      return a.rank.length - b.rank.length;
    });
  }

  /** The documented operation a request reached, if the document has one. */
  operationOf(method: string, url: string): { path: string; method: string; operation: Operation } | null {
    const raw = url.split('?')[0] ?? url;
    let pathname: string;
    try {
      pathname = decodeURI(raw).replace(/\/+$/, '') || '/';
    } catch {
      // A malformed percent-encoding reaches no route: Fastify answers it before routing.
      return null;
    }
    const upper = method.toUpperCase();
    const found = this.matchers.find((m) => m.method === upper && m.pattern.test(pathname));
    if (!found) return null;
    const operation = this.document.paths[found.path]?.[found.method.toLowerCase()];
    return operation ? { path: found.path, method: upper, operation } : null;
  }

  private validator(key: string, schema: Json): ValidateFunction {
    let validate = this.validators.get(key);
    if (!validate) {
      validate = this.ajv.compile(absoluteRefs(schema) as Json);
      this.validators.set(key, validate);
    }
    return validate;
  }

  /** The ways an answer differs from the document; empty when it conforms or is not documented. */
  check(method: string, url: string, response: LightMyRequestResponse): string[] {
    const upper = method.toUpperCase();
    if (upper === 'HEAD' || upper === 'OPTIONS') return [];
    const found = this.operationOf(upper, url);
    if (!found) return [];
    const { operation, path } = found;
    const name = `${upper} ${path} → ${response.statusCode}`;
    const status = String(response.statusCode);
    if (DRIFT_ALLOWED.has(`${upper} ${path} ${status}`)) return [];
    const documented = operation.responses?.[status] ?? operation.responses?.default;
    // A server fault (500) is no part of the contract: tests that cause one on purpose (a failed
    // store, a broken connection) are about the fault. A documented 5xx (503) is checked.
    if (!documented && response.statusCode >= 500) return [];
    if (!documented) {
      return [
        `${name}: status not documented (documented: ${Object.keys(operation.responses ?? {}).join(', ')}); body ${response.body.slice(0, 200)}`,
      ];
    }
    const problems: string[] = [];
    for (const header of HEADERS_TO_DOCUMENT) {
      if (response.headers[header] !== undefined && !documentedHeader(documented, header)) {
        problems.push(`${name}: sends the ${header} header, which the document does not list`);
      }
    }
    for (const [header, spec] of Object.entries(documented.headers ?? {})) {
      const value = response.headers[header.toLowerCase()];
      if (value === undefined) {
        if (spec.required) problems.push(`${name}: the required header ${header} is missing`);
        continue;
      }
      if (spec.schema) {
        const validate = this.validator(`${operation.operationId} ${status} header ${header}`, spec.schema);
        const values = Array.isArray(value) ? value : [String(value)];
        for (const one of values) {
          if (!validate(one))
            problems.push(
              `${name}: header ${header} ${JSON.stringify(one)}: ${this.ajv.errorsText(validate.errors)}`,
            );
        }
      }
    }
    if (response.statusCode === 204 || response.statusCode === 304) return problems;
    const contentType = String(response.headers['content-type'] ?? '')
      .split(';')[0]
      ?.trim()
      .toLowerCase();
    const content = documented.content ?? {};
    if (!contentType) {
      if (response.rawPayload.length > 0) problems.push(`${name}: a body without a content type`);
      else if (Object.keys(content).length > 0) problems.push(`${name}: no body, but the document gives one`);
      return problems;
    }
    const media =
      content[contentType] ??
      content[`${contentType.split('/')[0]}/*`] ??
      content['*/*'] ??
      (contentType.endsWith('+json') ? undefined : undefined);
    if (!media) {
      problems.push(
        `${name}: answers ${contentType}, the document gives ${Object.keys(content).join(', ') || 'no body'}`,
      );
      return problems;
    }
    if (!/[/+]json$/.test(contentType) || !media.schema) return problems;
    let body: unknown;
    try {
      body = JSON.parse(response.body);
    } catch {
      problems.push(`${name}: the ${contentType} body is not JSON`);
      return problems;
    }
    const validate = this.validator(`${operation.operationId} ${status} ${contentType}`, media.schema);
    if (!validate(body)) {
      const errors = (validate.errors ?? [])
        .slice(0, 8)
        .map((e) => `${e.instancePath || '/'} ${e.message}${e.params ? ` ${JSON.stringify(e.params)}` : ''}`);
      problems.push(`${name}: body does not match the document: ${errors.join('; ')}`);
    }
    return problems;
  }
}

const isJsonAnswer = (response: LightMyRequestResponse) =>
  /[/+]json\b/.test(String(response.headers['content-type'] ?? ''));

function documentedHeader(response: Response, header: string) {
  return Object.keys(response.headers ?? {}).some((name) => name.toLowerCase() === header);
}

/** One checker per set of routes: every test app with the same routes publishes the same document. */
const checkers = new Map<string, OpenApiConformance>();

function checkerFor(app: FastifyInstance): OpenApiConformance {
  const key = app.registeredRoutes.map((r) => `${r.method} ${r.url}`).join('\n');
  let checker = checkers.get(key);
  if (!checker) {
    checker = new OpenApiConformance(app.swagger() as unknown as Document);
    checkers.set(key, checker);
  }
  return checker;
}

/** An error naming every way an answer drifted from the document. */
export class OpenApiDriftError extends Error {
  override name = 'OpenApiDriftError';
}

/**
 * Wraps the app's `inject` (the promise form every API test uses): each answer is checked against
 * the document before the test sees it, and a drift rejects the request with OpenApiDriftError.
 * PLINTH_OPENAPI_CONFORMANCE=off turns it off (for a test of the checker's own refusals).
 */
export function holdToDocument(
  app: FastifyInstance,
  checker: () => OpenApiConformance = () => checkerFor(app),
): void {
  const original = app.inject as unknown as (...args: unknown[]) => unknown;
  const check = (options: InjectOptions | string, response: LightMyRequestResponse) => {
    const request = typeof options === 'string' ? { url: options } : options;
    const target = request.url ?? (request as { path?: InjectOptions['url'] }).path ?? '/';
    const url = typeof target === 'string' ? target : (target.pathname ?? '/');
    const problems = checker().check(String(request.method ?? 'GET'), url, response);
    if (problems.length > 0) throw new OpenApiDriftError(problems.join('\n'));
    return response;
  };
  Object.defineProperty(app, 'inject', {
    configurable: true,
    writable: true,
    value: (options?: InjectOptions | string, callback?: unknown) => {
      // The chain and callback forms are passed through untouched; tests use the promise form.
      if (options === undefined || callback !== undefined) return original.call(app, options, callback);
      return (original.call(app, options) as Promise<LightMyRequestResponse>).then(async (response) => {
        // A request made for a stream (payloadAsStream) has no body to read until the stream is: a
        // JSON answer (an error, which ends) is read whole and checked; the event stream itself
        // (text/event-stream, no end) is checked by its status and headers.
        if (typeof options !== 'string' && options.payloadAsStream && isJsonAnswer(response)) {
          const chunks: Buffer[] = [];
          for await (const chunk of response.stream()) chunks.push(Buffer.from(chunk as Uint8Array));
          const raw = Buffer.concat(chunks);
          check(
            options,
            Object.create(response, {
              body: { value: raw.toString('utf8') },
              rawPayload: { value: raw },
            }) as LightMyRequestResponse,
          );
          return response;
        }
        return check(options, response);
      });
    },
  });
}
