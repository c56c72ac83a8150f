import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentKeysOf, removeDocumentFiles } from '../src/modules/documents/documents.service';
import { as, buildTestApp, createProject, createUser, type TestApp, type TestUser } from './helpers';
import { defaultRequiredTypes, samples, uploadDocuments } from './support/documents';
import { documentHelpers } from './support/documents-suite';

// Reading and removing a project's documents: the list, download and view, delete, and the
// service other modules use to remove a deleted project's files.

let t: TestApp;
let dataDir: string;
let owner: TestUser;
let otherDeveloper: TestUser;
let funder: TestUser;
let admin: TestUser;

beforeAll(async () => {
  t = await buildTestApp();
  dataDir = t.app.deps.config.DATA_DIR;
  [owner, otherDeveloper, funder, admin] = await Promise.all([
    createUser(t.app, { role: 'borrower', profile: 'default', name: 'Olivia Owner' }),
    createUser(t.app, { role: 'borrower', profile: 'default' }),
    createUser(t.app, { role: 'funder', approved: true, profile: 'default' }),
    createUser(t.app, { role: 'admin', approved: true }),
  ]);
});
afterAll(() => t.close());

const { documentRows, auditActions, setListingState, projectWithDocuments } = documentHelpers(() => ({
  t,
  owner,
}));

describe('GET /api/projects/:id/documents', () => {
  it('list: the owner and an admin see the documents with completeness', async () => {
    const { project } = await projectWithDocuments(['feasibility_study', 'title_search']);
    for (const user of [owner, admin]) {
      const res = await as(t.app, user, { method: 'GET', url: `/api/projects/${project.id}/documents` });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.documents.map((d: { document_type: string }) => d.document_type)).toEqual([
        'feasibility_study',
        'title_search',
      ]);
      expect(body.documents_complete).toBe(false);
      expect(body.missing_types).toHaveLength(4);
      // Storage details are never part of the answer.
      expect(body.documents[0]).not.toHaveProperty('storage_key');
      expect(body.documents[0]).not.toHaveProperty('sha256');
    }
  });

  it('list: another developer and a funder get 404, anonymous 401', async () => {
    const { project } = await projectWithDocuments(['feasibility_study']);
    const url = `/api/projects/${project.id}/documents`;
    expect((await as(t.app, otherDeveloper, { method: 'GET', url })).statusCode).toBe(404);
    expect((await as(t.app, funder, { method: 'GET', url })).statusCode).toBe(404);
    expect((await as(t.app, null, { method: 'GET', url })).statusCode).toBe(401);
  });
});

describe('GET /api/documents/:id/download and /view', () => {
  it('download: the same bytes, the detected type, an attachment with a safe name, nosniff, no-store', async () => {
    const project = await createProject(t.app, owner);
    const content = samples.pdf();
    const name = 'Feasibility – ü (final).pdf';
    const up = await uploadDocuments(t.app, owner, project.id, [
      { type: 'feasibility_study', name, content },
    ]);
    const id = up.json().uploaded[0].id;
    const res = await as(t.app, owner, { method: 'GET', url: `/api/documents/${id}/download` });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(content)).toBe(true);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-length']).toBe(String(content.length));
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="Feasibility _ _ (final).pdf"; filename*=UTF-8\'\'Feasibility%20%E2%80%93%20%C3%BC%20%28final%29.pdf',
    );
  });

  it('view: the same bytes inline, with the detected type of an image', async () => {
    const project = await createProject(t.app, owner);
    const content = samples.png();
    const up = await uploadDocuments(t.app, owner, project.id, [
      { type: 'architectural_plans', name: 'site plan.png', content, contentType: 'application/pdf' },
    ]);
    const id = up.json().uploaded[0].id;
    const res = await as(t.app, owner, { method: 'GET', url: `/api/documents/${id}/view` });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(content)).toBe(true);
    expect(res.headers['content-type']).toBe('image/png');
    // The app itself may frame an inline view (PDF preview); no other site may.
    expect(res.headers['content-security-policy']).toBe("frame-ancestors 'self'");
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['content-disposition']).toBe(
      `inline; filename="site plan.png"; filename*=UTF-8''site%20plan.png`,
    );
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toBe('private, no-store');
  });

  it('download and view: an admin may read; another developer and a funder get 404, anonymous 401', async () => {
    const { upload } = await projectWithDocuments(['feasibility_study']);
    const id = upload.uploaded[0].id;
    for (const path of ['download', 'view']) {
      const url = `/api/documents/${id}/${path}`;
      expect((await as(t.app, admin, { method: 'GET', url })).statusCode).toBe(200);
      expect((await as(t.app, otherDeveloper, { method: 'GET', url })).statusCode).toBe(404);
      expect((await as(t.app, funder, { method: 'GET', url })).statusCode).toBe(404);
      expect((await as(t.app, null, { method: 'GET', url })).statusCode).toBe(401);
    }
  });

  it('download: an unknown document answers 404', async () => {
    const res = await as(t.app, owner, {
      method: 'GET',
      url: '/api/documents/00000000-0000-4000-8000-000000000000/download',
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('DELETE /api/documents/:id', () => {
  it('delete: the owner removes the row and the file, documents_complete drops, an audit entry is written', async () => {
    const { project, upload } = await projectWithDocuments(defaultRequiredTypes);
    expect(upload.documents_complete).toBe(true);
    const target = (await documentRows(project.id)).find((r) => r.document_type === 'title_search')!;
    const res = await as(t.app, owner, { method: 'DELETE', url: `/api/documents/${target.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ documents_complete: false, missing_types: ['title_search'] });
    expect((await documentRows(project.id)).map((r) => r.id)).not.toContain(target.id);
    expect(existsSync(join(dataDir, 'uploads', target.storage_key))).toBe(false);
    const projectRes = await as(t.app, owner, { method: 'GET', url: `/api/projects/${project.id}` });
    expect(projectRes.json().documents_complete).toBe(false);
    expect((await auditActions(project.id)).at(-1)).toBe('document.deleted');
  });

  it('delete: another developer gets 404, a funder and an admin 403, anonymous 401; the document stays', async () => {
    const { project, upload } = await projectWithDocuments(['feasibility_study']);
    const url = `/api/documents/${upload.uploaded[0].id}`;
    expect((await as(t.app, otherDeveloper, { method: 'DELETE', url })).statusCode).toBe(404);
    expect((await as(t.app, funder, { method: 'DELETE', url })).statusCode).toBe(403);
    expect((await as(t.app, admin, { method: 'DELETE', url })).statusCode).toBe(403);
    expect((await as(t.app, null, { method: 'DELETE', url })).statusCode).toBe(401);
    expect(await documentRows(project.id)).toHaveLength(1);
  });

  it('delete: a project under review answers 409 and the document stays', async () => {
    const { project, upload } = await projectWithDocuments(['feasibility_study']);
    await setListingState(project.id, { payment_status: 'payment_pending', visible: false });
    const res = await as(t.app, owner, { method: 'DELETE', url: `/api/documents/${upload.uploaded[0].id}` });
    expect(res.statusCode).toBe(409);
    expect(await documentRows(project.id)).toHaveLength(1);
  });
});

describe('documents service for other modules', () => {
  it('documentKeysOf and removeDocumentFiles: the files of a deleted project are removed after the commit', async () => {
    const { project } = await projectWithDocuments(['feasibility_study', 'title_search']);
    const keys = await t.database.db.transaction().execute(async (trx) => {
      const found = await documentKeysOf(trx, project.id);
      await trx.deleteFrom('project').where('id', '=', project.id).execute();
      return found;
    });
    expect(keys).toHaveLength(2);
    await removeDocumentFiles({ storage: t.app.deps.storage, log: t.app.log }, keys);
    for (const key of keys) expect(existsSync(join(dataDir, 'uploads', key))).toBe(false);
  });
});
