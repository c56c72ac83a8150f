import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { routeBodies } from '../src/openapi/api-document';
import { buildTestApp, type TestApp } from './helpers';

/**
 * Issue 36 item 1: the fields the document marks required are exactly those the server requires.
 * For every operation with a JSON body, the keys the route's zod schema refuses to go without
 * (asked of zod itself: does the key's schema accept `undefined`?) are compared with the
 * `required` list of the document's body schema.
 */

type Json = Record<string, unknown>;
interface Document {
  paths: Record<string, Record<string, { requestBody?: { content?: Record<string, { schema?: Json }> } }>>;
  components: { schemas: Record<string, Json> };
}

let t: TestApp;
let document: Document;

beforeAll(async () => {
  t = await buildTestApp();
  document = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
});
afterAll(() => t?.close());

const resolve = (schema: Json | undefined): Json | undefined => {
  const ref = schema?.$ref;
  return typeof ref === 'string' ? resolve(document.components.schemas[ref.split('/').pop() ?? '']) : schema;
};

/** The object a body schema checks, through pipes (transforms) and refinements. */
function objectOf(schema: z.ZodType): z.ZodObject | undefined {
  if (schema instanceof z.ZodObject) return schema;
  const def = (schema as unknown as { _zod: { def: { type: string; in?: z.ZodType } } })._zod.def;
  return def.type === 'pipe' && def.in ? objectOf(def.in) : undefined;
}

/** The keys zod refuses to go without: their schema does not accept `undefined`. */
const requiredByServer = (object: z.ZodObject) =>
  Object.entries(object.shape)
    .filter(([, field]) => !(field as z.ZodType).safeParse(undefined).success)
    .map(([key]) => key)
    .sort();

describe('required body fields', () => {
  it("are in the document exactly as the route's zod schema requires them, for every operation", () => {
    const bodies = routeBodies.get(t.app) ?? [];
    expect(bodies.length).toBeGreaterThan(60);
    const compared: string[] = [];
    const mismatched: string[] = [];
    for (const { method, url, body } of bodies) {
      const path = url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
      const operation = document.paths[path]?.[method.toLowerCase()];
      if (!operation) continue; // hidden from the document
      const name = `${method} ${path}`;
      const object = body instanceof z.ZodType ? objectOf(body) : undefined;
      const documented = resolve(operation.requestBody?.content?.['application/json']?.schema);
      if (!object) {
        // Not an object (a CSV text, a union): the document must not claim fields of its own.
        if (documented?.type === 'object' && documented.required)
          mismatched.push(`${name}: the server's body is not an object`);
        continue;
      }
      compared.push(name);
      const server = requiredByServer(object);
      const inDocument = [...((documented?.required as string[] | undefined) ?? [])].sort();
      if (JSON.stringify(server) !== JSON.stringify(inDocument))
        mismatched.push(`${name}: server requires [${server}], document says [${inDocument}]`);
    }
    expect(mismatched).toEqual([]);
    expect(compared.length).toBeGreaterThan(60);
    expect(compared).toContain('POST /api/projects');
    // The fields a new project cannot go without (issue 36; decision 080).
    const created = resolve(
      document.paths['/api/projects']?.post?.requestBody?.content?.['application/json']?.schema,
    );
    expect([...((created?.required as string[] | undefined) ?? [])].sort()).toEqual([
      'equity_contribution',
      'loan_amount',
      'location',
      'suburb',
      'title',
      'total_project_cost',
    ]);
  });
});
