import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TAG_DESCRIPTIONS } from '../src/openapi/document-shape';
import { BASE_URL, buildTestApp, type TestApp } from './helpers';

/**
 * The API document for integrators (issue 23 item 11): /api/docs/json passes Redocly's
 * recommended rules, every operation has a unique operationId and the security its route's guards
 * give it, and a client generated from it with openapi-typescript compiles.
 */

interface Operation {
  operationId?: string;
  security?: Record<string, string[]>[];
  tags?: string[];
  requestBody?: unknown;
}
interface OpenApi {
  info: { title: string; version: string; description?: string };
  servers?: { url: string }[];
  tags?: { name: string; description?: string }[];
  components: { securitySchemes: Record<string, { type: string; in?: string; name?: string }> };
  paths: Record<string, Record<string, Operation>>;
}

/** The address of a deployed server: Redocly rightly warns of a document that names localhost. */
const DEPLOYED_URL = 'https://app.plinth.com.au';

let t: TestApp;
let source: string;
let document: OpenApi;
const operations = () =>
  Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ path, method, operation })),
  );

beforeAll(async () => {
  t = await buildTestApp();
  const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(response.statusCode).toBe(200);
  source = response.body;
  document = response.json();
});
afterAll(() => t?.close());

describe('the OpenAPI document', () => {
  it("passes Redocly's recommended rules: no error and no warning", async () => {
    const deployed = await buildTestApp({ BASE_URL: DEPLOYED_URL });
    const answer = await deployed.app.inject({ method: 'GET', url: '/api/docs/json' });
    await deployed.close();
    expect(answer.json().servers).toEqual([expect.objectContaining({ url: DEPLOYED_URL })]);
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({
      source: answer.body,
      absoluteRef: `${DEPLOYED_URL}/api/docs/json`,
      config,
    });
    const describe = (p: (typeof problems)[number]) => `${p.ruleId} ${p.location[0]?.pointer}: ${p.message}`;
    const warnings = problems.filter((p) => p.severity === 'warn');
    console.info(
      `redocly lint (recommended): ${warnings.length} warning(s)\n${warnings.map(describe).join('\n')}`,
    );
    expect(problems.filter((p) => p.severity === 'error').map(describe)).toEqual([]);
    expect(warnings.map(describe)).toEqual([]);
  });

  it('names this server, describes the API and every tag an operation uses', () => {
    expect(document.servers).toEqual([expect.objectContaining({ url: BASE_URL })]);
    expect(document.info).toMatchObject({ title: 'Plinth API', version: expect.any(String) });
    expect(document.info.description).toMatch(/sign-in/);
    const used = new Set(operations().flatMap(({ operation }) => operation.tags ?? []));
    expect([...used].filter((tag) => !TAG_DESCRIPTIONS[tag])).toEqual([]);
    expect(document.tags?.map((tag) => tag.name).sort()).toEqual([...used].sort());
    expect(document.tags?.every((tag) => tag.description)).toBe(true);
  });

  it('gives every operation a readable operationId, from its method and path, unique', () => {
    const ids = operations().map(({ operation }) => operation.operationId);
    expect(ids.length).toBeGreaterThan(100);
    expect(ids.filter((id) => !id || !/^(get|post|put|patch|delete)[A-Z][A-Za-z0-9]*$/.test(id))).toEqual([]);
    expect(ids.filter((id, index) => ids.indexOf(id) !== index)).toEqual([]);
    expect(document.paths['/api/projects/{id}/documents']?.get?.operationId).toBe('getProjectDocuments');
    expect(document.paths['/api/funder-criteria']?.put?.operationId).toBe('putFunderCriteria');
    expect(document.paths['/api/access-requests/{id}/approve']?.put?.operationId).toBe(
      'putAccessRequestApprove',
    );
    expect(document.paths['/api/admin/update-project-status/{id}']?.post?.operationId).toBe(
      'postAdminUpdateProjectStatus',
    );
  });

  it("declares Better Auth's session cookie and bearer token as the security schemes", async () => {
    const { authCookies } = await t.app.deps.auth.$context;
    expect(document.components.securitySchemes).toEqual({
      sessionCookie: expect.objectContaining({
        type: 'apiKey',
        in: 'cookie',
        name: authCookies.sessionToken.name,
      }),
      bearerAuth: expect.objectContaining({ type: 'http', scheme: 'bearer' }),
    });
  });

  // The security of each operation is read from its route's guards; asking every operation without
  // a session checks that reading against what the server does.
  it('asks for a session exactly where the server answers 401 without one', async () => {
    const open: string[] = [];
    const mismatched: string[] = [];
    for (const { path, method, operation } of operations()) {
      const name = `${method.toUpperCase()} ${path}`;
      expect(operation.security, name).toBeDefined();
      const needsSession = (operation.security ?? []).length > 0;
      if (needsSession) expect(operation.security, name).toEqual([{ sessionCookie: [] }, { bearerAuth: [] }]);
      else open.push(name);
      const response = await t.app.inject({
        method: method.toUpperCase() as 'GET',
        url: path.replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000000'),
        headers: { origin: BASE_URL },
        ...(operation.requestBody ? { payload: {} } : {}),
      });
      if ((response.statusCode === 401) !== needsSession)
        mismatched.push(`${name} answered ${response.statusCode}`);
    }
    expect(mismatched).toEqual([]);
    // Open to anyone: the health check, the prices, the payment provider's signed webhook and
    // Better Auth's sign-up, sign-in, sign-out, session and password reset.
    expect(open.sort()).toEqual([
      'GET /api/auth/get-session',
      'GET /api/health',
      'GET /api/pricing',
      'POST /api/auth/request-password-reset',
      'POST /api/auth/reset-password',
      'POST /api/auth/sign-in/email',
      'POST /api/auth/sign-out',
      'POST /api/auth/sign-up/email',
      'POST /api/payments/webhook',
    ]);
  });

  it('documents the success of a route that names what it produces, and its errors as JSON', () => {
    const pdf = document.paths['/api/access-requests/{id}/undertaking.pdf']?.get as unknown as {
      responses: Record<string, { content: Record<string, unknown> }>;
    };
    expect(pdf.responses['200']?.content['application/pdf']).toEqual({
      schema: { type: 'string', format: 'binary' },
    });
    expect(Object.keys(pdf.responses['401']?.content ?? {})).toEqual(['application/json']);
    const events = document.paths['/api/events']?.get as unknown as typeof pdf;
    expect(Object.keys(events.responses['200']?.content ?? {})).toEqual(['text/event-stream']);
  });
});

describe('a typed client generated from it (openapi-typescript)', () => {
  it('compiles, with the operations, parameters and answers typed', async () => {
    const generated = astToString(await openapiTS(source, { silent: true }));
    const dir = mkdtempSync(join(tmpdir(), 'plinth-openapi-client-'));
    try {
      writeFileSync(join(dir, 'schema.ts'), generated);
      writeFileSync(join(dir, 'usage.ts'), USAGE);
      const program = ts.createProgram([join(dir, 'usage.ts')], {
        strict: true,
        noEmit: true,
        target: ts.ScriptTarget.ES2022,
        module: ts.ModuleKind.ESNext,
        moduleResolution: ts.ModuleResolutionKind.Bundler,
        lib: ['lib.es2022.d.ts'],
        types: [],
        skipLibCheck: true,
      });
      const diagnostics = ts
        .getPreEmitDiagnostics(program)
        .map((d) => `${d.file?.fileName ?? ''}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`);
      expect(diagnostics).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

/** What an integrator writes against the generated types; the expected errors prove they are not `any`. */
const USAGE = `
import type { operations, paths } from './schema';

type Json<R> = R extends { content: { 'application/json': infer T } } ? T : never;

export type Health = Json<paths['/api/health']['get']['responses'][200]>;
export const health: Health = { status: 'ok', database: 'up', driver: 'postgres' };
// @ts-expect-error the health check answers only 'ok' or 'degraded'
export const sick: Health = { status: 'sick', database: 'up', driver: 'postgres' };

export type ProjectPath = operations['getProject']['parameters']['path'];
export const project: ProjectPath = { id: '00000000-0000-4000-8000-000000000000' };
// @ts-expect-error a project is read by its id
export const noProject: ProjectPath = {};

export type Listings = Json<paths['/api/projects']['get']['responses'][200]>;
export type Documents = Json<operations['getProjectDocuments']['responses'][200]>;
export type Criteria = NonNullable<operations['putFunderCriteria']['requestBody']>['content']['application/json'];
export type Unauthenticated = Json<operations['getProjectDocuments']['responses'][401]>;
export const refused: Unauthenticated = { error: 'Please sign in to continue', code: 'UNAUTHENTICATED' };

type Header<O> = O extends { parameters: { header?: infer H } } ? NonNullable<H> : never;
export const retry: Header<operations['postDeals']> = { 'idempotency-key': 'deal-1' };

export type MyData = Json<operations['getUsersMeData']['responses'][200]>;
export const noProfile: MyData['profile'] = null;
export const field: MyData['account'][string] = null;
`;
