import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, buildTestApp, createProject, createUser, type TestApp, type TestUser } from './helpers';

// Decision 080: a malformed id in a path answers 400 { error: 'Invalid id', code: 'INVALID_ID' } on
// every route that takes one; a well-formed id that does not exist keeps the route's own 404.

/** Not a UUID, and longer than any user id (Better Auth's ids, up to 64 characters) may be. */
const MALFORMED = 'not-an-id-'.repeat(7);

let t: TestApp;
let callers: TestUser[];
let operations: { method: string; path: string }[];

beforeAll(async () => {
  t = await buildTestApp();
  callers = [
    await createUser(t.app, { role: 'admin' }),
    await createUser(t.app, { role: 'borrower', profile: 'default' }),
    await createUser(t.app, { role: 'funder', approved: true, profile: 'default' }),
  ];
  const document = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
    paths: Record<string, Record<string, unknown>>;
  };
  operations = Object.entries(document.paths).flatMap(([path, methods]) =>
    /\{(id|\w+Id)\}/.test(path)
      ? Object.keys(methods).map((method) => ({ method: method.toUpperCase(), path }))
      : [],
  );
});
afterAll(() => t.close());

describe('a malformed id in the path', () => {
  it("answers 400 'Invalid id' (INVALID_ID) on every route with an id, whoever may call it", async () => {
    expect(operations.length).toBeGreaterThan(100);
    const wrong: string[] = [];
    let invalid = 0;
    for (const { method, path } of operations) {
      // Every id in the path malformed; any other parameter (a page number) well formed.
      const url = path.replace(/\{(id|\w+Id)\}/g, MALFORMED).replace(/\{\w+\}/g, '1');
      const answers = [];
      for (const caller of callers) {
        // No operation with an id streams before its id is read (the chat's stream included).
        const res = await as(t.app, caller, { method: method as 'GET', url });
        const body = res.statusCode === 400 ? res.body : res.body.slice(0, 80);
        answers.push({ status: res.statusCode, body });
      }
      const refusedByRole = answers.every((a) => a.status === 403);
      const asInvalid = answers.filter((a) => a.status === 400);
      for (const a of asInvalid) {
        const parsed = JSON.parse(a.body) as { error: string; code: string };
        if (parsed.code !== 'INVALID_ID' || parsed.error !== 'Invalid id')
          wrong.push(`${method} ${url}: 400 ${a.body.slice(0, 120)}`);
      }
      if (asInvalid.length > 0) invalid++;
      else if (!refusedByRole)
        wrong.push(
          `${method} ${url}: ${answers.map((a) => `${a.status} ${a.body.slice(0, 80)}`).join(' | ')}`,
        );
    }
    expect(wrong).toEqual([]);
    expect(invalid).toBeGreaterThan(100);
  }, 240_000);

  it('a well-formed id that does not exist stays 404 with its message', async () => {
    const [admin, developer] = callers as [TestUser, TestUser];
    const missing = await as(t.app, developer, { method: 'GET', url: `/api/projects/${randomUUID()}` });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: 'Project not found', code: 'NOT_FOUND' });
    const malformed = await as(t.app, admin, { method: 'GET', url: '/api/projects/123' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({
      error: 'Invalid id',
      code: 'INVALID_ID',
      details: [{ field: 'id', message: 'Invalid id' }],
    });
    // A parameter that is not an id keeps its own validation: a page number of 0.
    const project = await createProject(t.app, developer);
    const page = await as(t.app, developer, { method: 'GET', url: `/api/documents/${project.id}/pages/0` });
    expect(page.statusCode).toBe(400);
    expect(page.json().code).toBe('VALIDATION_FAILED');
  });
});
