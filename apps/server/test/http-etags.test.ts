import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  as,
  buildTestApp,
  createProject,
  createUser,
  type TestApp,
  type TestUser,
  validProjectBody,
} from './helpers';
import { createGranted } from './support/deals';
import { insertProjectDocument, makePdf } from './support/watermark';

// Issue 36 item 4 (decision 064): a GET of the API's JSON carries a weak ETag of its body and
// `Cache-Control: private, no-cache`; If-None-Match with that tag answers 304 without a body until
// the resource changes. Answers that carry a secret minted for the request (no-store), Better
// Auth's and errors carry no tag.

let t: TestApp;
let developer: TestUser;
let projectId: string;

beforeAll(async () => {
  t = await buildTestApp();
  developer = await createUser(t.app, { role: 'borrower', profile: 'default', name: 'Dana Developer' });
  projectId = (await createProject(t.app, developer)).id;
});
afterAll(() => t.close());

const get = (user: TestUser | null, url: string, headers: Record<string, string> = {}) =>
  as(t.app, user, { method: 'GET', url, headers });

describe('ETag on the API’s GETs', () => {
  it('a list carries a weak tag and private, no-cache; the same tag back is 304 without a body', async () => {
    const first = await get(developer, '/api/projects');
    expect(first.statusCode).toBe(200);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/"[\w-]+"$/);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const again = await get(developer, '/api/projects', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    expect(again.headers['cache-control']).toBe('private, no-cache');
    // A list of tags, and the tag without its weak prefix, match too (weak comparison).
    const inList = await get(developer, '/api/projects', { 'if-none-match': `"other", ${etag}` });
    expect(inList.statusCode).toBe(304);
    const strong = await get(developer, '/api/projects', { 'if-none-match': etag.slice(2) });
    expect(strong.statusCode).toBe(304);
  });

  it('after the resource changes the old tag gets 200 with the new body and a new tag', async () => {
    const before = await get(developer, `/api/projects/${projectId}`);
    expect(before.statusCode).toBe(200);
    const oldTag = before.headers.etag as string;
    const edit = await as(t.app, developer, {
      method: 'PUT',
      url: `/api/projects/${projectId}`,
      payload: validProjectBody({ title: 'Fourteen Townhouses, Marrickville' }),
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const after = await get(developer, `/api/projects/${projectId}`, { 'if-none-match': oldTag });
    expect(after.statusCode).toBe(200);
    expect(after.json().title).toBe('Fourteen Townhouses, Marrickville');
    expect(after.headers.etag).not.toBe(oldTag);
    const unchanged = await get(developer, `/api/projects/${projectId}`, {
      'if-none-match': after.headers.etag as string,
    });
    expect(unchanged.statusCode).toBe(304);
  });

  it('one person’s tag is not another’s answer: a different body, a different tag', async () => {
    const other = await createUser(t.app, { role: 'borrower', profile: 'default' });
    const mine = await get(developer, '/api/projects');
    const theirs = await get(other, '/api/projects', { 'if-none-match': mine.headers.etag as string });
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json().items).toEqual([]);
  });

  it('HEAD carries the tag and answers 304 to it as GET does', async () => {
    const first = await get(developer, '/api/projects');
    const head = await as(t.app, developer, {
      method: 'HEAD',
      url: '/api/projects',
      headers: { 'if-none-match': first.headers.etag as string },
    });
    expect(head.statusCode).toBe(304);
    expect(head.headers.etag).toBe(first.headers.etag);
  });
});

describe('no ETag', () => {
  it('on a reading that carries a download code minted for the request (no-store): If-None-Match: * is still 200', async () => {
    const g = await createGranted(t);
    const documentId = await insertProjectDocument(t, {
      projectId: g.projectId,
      uploaderId: g.developer.id,
      fileName: 'valuation.pdf',
      mimeType: 'application/pdf',
      content: await makePdf(1),
      viewOnly: true,
    });
    const reading = await get(g.funder, `/api/documents/${documentId}/pages`, { 'if-none-match': '*' });
    expect(reading.statusCode, reading.body).toBe(200);
    expect(reading.json().code).toEqual(expect.any(String));
    expect(reading.headers.etag).toBeUndefined();
    expect(reading.headers['cache-control']).toBe('private, no-store');
  });

  it('on Better Auth’s session answer, nor on errors, nor on writes', async () => {
    const session = await get(developer, '/api/auth/get-session');
    expect(session.statusCode).toBe(200);
    expect(session.headers.etag).toBeUndefined();
    const missing = await get(developer, '/api/projects/00000000-0000-4000-8000-000000000000');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers.etag).toBeUndefined();
    const stranger = await get(null, '/api/projects');
    expect(stranger.statusCode).toBe(401);
    expect(stranger.headers.etag).toBeUndefined();
    const created = await as(t.app, developer, {
      method: 'POST',
      url: '/api/projects',
      payload: validProjectBody({ title: 'Duplex, Coorparoo' }),
    });
    expect(created.statusCode).toBe(201);
    expect(created.headers.etag).toBeUndefined();
  });
});
