import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import createClient from 'openapi-fetch';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE_URL, buildTestApp, createUser, type TestApp, validProjectBody } from './helpers';

/**
 * Issue 36 item 2: what a client developer does with the document. A client generated with
 * openapi-typescript compiles under `tsc --strict` together with a small script written against it
 * with openapi-fetch (CLIENT_SCRIPT below); the same script, compiled, signs in through the
 * documented sign-in and calls ten operations against a listening test server.
 */

let t: TestApp;
let source: string;
let origin: string;

beforeAll(async () => {
  t = await buildTestApp();
  source = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).body;
  origin = await t.app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(() => t?.close());

/** The script an integrator writes: typed by the generated `paths`, run with openapi-fetch. */
const CLIENT_SCRIPT = `
import type createClient from 'openapi-fetch';
import type { components, paths } from './schema';

type Client = ReturnType<typeof createClient<paths>>;
export type Project = components['schemas']['Project'];
export type NewProject = components['schemas']['NewProjectInput'];
export type ApiError = components['schemas']['Error'];

/** Signs in, then calls ten operations; answers what it read, or throws at the first surprise. */
export async function tenOperations(
  make: (options: { baseUrl: string; headers?: Record<string, string> }) => Client,
  baseUrl: string,
  email: string,
  password: string,
  project: NewProject,
) {
  const anonymous = make({ baseUrl, headers: { origin: baseUrl } });
  const signIn = await anonymous.POST('/api/auth/sign-in/email', { body: { email, password } });
  if (!signIn.data) throw new Error('sign-in refused: ' + JSON.stringify(signIn.error));
  const token: string | null = signIn.response.headers.get('set-auth-token');
  if (!token) throw new Error('no set-auth-token header');
  const client = make({ baseUrl, headers: { origin: baseUrl, authorization: 'Bearer ' + token } });

  const session = await client.GET('/api/auth/get-session');
  const me = await client.GET('/api/auth/me');
  const pricing = await client.GET('/api/pricing');
  const created = await client.POST('/api/projects', { body: project });
  if (!created.data) throw new Error('create refused: ' + JSON.stringify(created.error));
  const id: string = created.data.id;
  const read = await client.GET('/api/projects/{id}', { params: { path: { id } } });
  const edited = await client.PUT('/api/projects/{id}', {
    params: { path: { id } },
    body: { ...project, title: 'Edited through the typed client' },
  });
  const documents = await client.GET('/api/projects/{id}/documents', { params: { path: { id } } });
  const mine = await client.GET('/api/projects', { params: { query: {} } });
  const notifications = await client.GET('/api/notifications');
  const missing = await client.GET('/api/projects/{id}', {
    params: { path: { id: '00000000-0000-4000-8000-000000000000' } },
  });
  const notFound: ApiError | undefined = missing.error;
  const project_: Project | undefined = edited.data;
  return {
    user: session.data?.user.email,
    role: me.data ? me.data.role : null,
    listingFee: pricing.data?.listing_fee_aud,
    created: created.response.status,
    read: read.data ? read.response.status : null,
    editedTitle: project_?.title,
    documents: documents.data ? documents.response.status : null,
    listed: mine.response.status,
    notifications: notifications.response.status,
    notFound: [missing.response.status, notFound?.code],
  };
}
`;

/** The compiler's complaints about the generated client and the script, under --strict. */
function typeErrors(dir: string): string[] {
  const packageDir = (name: string) =>
    dirname(createRequire(import.meta.url).resolve(`${name}/package.json`));
  const program = ts.createProgram([join(dir, 'client.ts')], {
    strict: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
    types: [],
    skipLibCheck: true,
    baseUrl: dir,
    paths: { 'openapi-fetch': [packageDir('openapi-fetch')] },
  });
  return ts
    .getPreEmitDiagnostics(program)
    .map((d) => `${d.file?.fileName ?? ''}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`);
}

describe('a client generated from the document (openapi-typescript + openapi-fetch)', () => {
  it('compiles under tsc --strict, reaches named components, signs in and calls ten operations', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'plinth-openapi-fetch-'));
    try {
      writeFileSync(join(dir, 'schema.ts'), astToString(await openapiTS(source, { silent: true })));
      writeFileSync(join(dir, 'client.ts'), CLIENT_SCRIPT);
      expect(typeErrors(dir)).toEqual([]);

      // The same script, run: its only import is a type, so its JavaScript stands alone.
      const js = ts.transpileModule(CLIENT_SCRIPT, {
        compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
      }).outputText;
      writeFileSync(join(dir, 'client.mjs'), js);
      const { tenOperations } = await import(/* @vite-ignore */ join(dir, 'client.mjs'));
      const developer = await createUser(t.app, { role: 'borrower', profile: 'default' });
      const result = await tenOperations(createClient, origin, developer.email, developer.password, {
        ...validProjectBody(),
      });
      expect(result).toEqual({
        user: developer.email,
        role: 'borrower',
        listingFee: expect.any(Number),
        created: 201,
        read: 200,
        editedTitle: 'Edited through the typed client',
        documents: 200,
        listed: 200,
        notifications: 200,
        notFound: [404, 'NOT_FOUND'],
      });
      expect(origin).not.toBe(BASE_URL);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
