import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, buildTestApp, createUser, type TestApp, type TestUser, validProjectBody } from './helpers';
import { holdToDocument, OpenApiConformance, OpenApiDriftError } from './support/openapi-conformance';

/**
 * The check every API test's answers go through (support/openapi-conformance.ts, issue 36 item 2):
 * real answers of this server are held to the document it publishes, and to copies of it made
 * wrong on purpose, so the check is shown to refuse each kind of drift it exists for.
 */

type Json = Record<string, unknown>;
interface Doc {
  paths: Record<string, Record<string, { responses: Record<string, { headers?: Json }> }>>;
  components: { schemas: Record<string, Json> };
}
let t: TestApp;
let owner: TestUser;
let document: Doc;
let projectId: string;

beforeAll(async () => {
  t = await buildTestApp();
  owner = await createUser(t.app, { role: 'borrower', profile: 'default' });
  document = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
  const created = await as(t.app, owner, {
    method: 'POST',
    url: '/api/projects',
    payload: validProjectBody(),
  });
  expect(created.statusCode).toBe(201);
  projectId = created.json().id;
});
afterAll(() => t?.close());

const copy = (): Doc => structuredClone(document);
const read = (id: string) => as(t.app, owner, { method: 'GET', url: `/api/projects/${id}` });

describe('the OpenAPI conformance check', () => {
  it('passes real answers: a project, a 404, a 400 and a 401, each as documented', async () => {
    const check = new OpenApiConformance(copy() as never);
    for (const response of [
      await read(projectId),
      await read('00000000-0000-4000-8000-000000000000'),
      await read('not-an-id'),
      await as(t.app, null, { method: 'GET', url: `/api/projects/${projectId}` }),
    ]) {
      expect(check.check('GET', `/api/projects/${projectId}`, response)).toEqual([]);
    }
    expect(check.operationOf('GET', `/api/projects/${projectId}/documents?x=1`)?.path).toBe(
      '/api/projects/{id}/documents',
    );
  });

  it('refuses a status the operation does not document', async () => {
    const wrong = copy();
    delete wrong.paths['/api/projects/{id}']?.get?.responses['404'];
    const problems = new OpenApiConformance(wrong as never).check(
      'GET',
      '/api/projects/00000000-0000-4000-8000-000000000000',
      await read('00000000-0000-4000-8000-000000000000'),
    );
    expect(problems).toEqual([
      expect.stringMatching(/GET \/api\/projects\/\{id\} → 404: status not documented/),
    ]);
  });

  it('refuses a body that does not match the schema (Ajv strict: a field of another type, a nullable enum without null)', async () => {
    const wrong = copy();
    ((wrong.components.schemas.Error as Json).properties as Json).code = { type: 'integer' };
    const problems = new OpenApiConformance(wrong as never).check(
      'GET',
      '/api/projects/x',
      await read('00000000-0000-4000-8000-000000000000'),
    );
    expect(problems.join('\n')).toMatch(/body does not match the document: \/code must be integer/);

    // A nullable enum that does not list null fails a strict validator (the 28 answers).
    const strict = copy();
    expect(JSON.stringify(strict.components.schemas.Project)).toContain(
      '"enum":["submitted","rejected",null]',
    );
    const dropNull = (node: unknown): void => {
      if (Array.isArray(node)) node.forEach(dropNull);
      else if (node && typeof node === 'object') {
        const schema = node as Json;
        if (schema.nullable === true && Array.isArray(schema.enum) && schema.enum.length > 1)
          schema.enum = (schema.enum as unknown[]).filter((value) => value !== null);
        Object.values(schema).forEach(dropNull);
      }
    };
    dropNull(strict);
    const draft = await as(t.app, owner, {
      method: 'POST',
      url: '/api/projects',
      payload: validProjectBody(),
    });
    expect(draft.json().submission_status).toBeNull();
    expect(new OpenApiConformance(copy() as never).check('POST', '/api/projects', draft)).toEqual([]);
    expect(new OpenApiConformance(strict as never).check('POST', '/api/projects', draft).join('\n')).toMatch(
      /\/submission_status must be equal to one of the allowed values/,
    );
  });

  it("refuses a header a client acts on that the answer's documentation does not list", async () => {
    const wrong = copy();
    delete wrong.paths['/api/projects/{id}']?.get?.responses['200']?.headers?.ETag;
    const answer = await read(projectId);
    expect(answer.headers.etag).toBeDefined();
    expect(new OpenApiConformance(wrong as never).check('GET', '/api/projects/x', answer)).toEqual([
      expect.stringMatching(/sends the etag header, which the document does not list/),
    ]);
  });

  it('fails the request that drifted, through the inject every API test uses', async () => {
    // buildTestApp wraps inject with the check (helpers.ts); here it is wrapped once more with a
    // copy of the document that lacks the 404, so the request for a missing project is refused.
    const wrong = copy();
    delete wrong.paths['/api/projects/{id}']?.get?.responses['404'];
    holdToDocument(t.app, () => new OpenApiConformance(wrong as never));
    await expect(read('00000000-0000-4000-8000-000000000000')).rejects.toThrow(OpenApiDriftError);
    await expect(read('00000000-0000-4000-8000-000000000000')).rejects.toThrow(/status not documented/);
    expect((await read(projectId)).statusCode).toBe(200);
  });
});
