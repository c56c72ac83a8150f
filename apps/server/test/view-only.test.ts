import { createHash } from 'node:crypto';
import { pageViewMessages } from '@plinth/domain/page-view';
import { watermarkMessages } from '@plinth/domain/watermark';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, buildTestApp, createProject, createUser, type TestApp, type TestUser } from './helpers';
import { auditFor } from './support/admin';
import { createGranted } from './support/deals';
import { multipartBody, samples } from './support/documents';
import { insertProjectDocument, makePdf } from './support/watermark';

// Issue 19 item 4 (decision 034): the developer marks a PDF view only, on upload or later; a funder
// then reads it in the app's viewer as stamped page images (decision 049); the download and the
// inline view of the file are refused (403). Readings still count in the insight.

let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await createUser(t.app, { role: 'admin', name: 'Ada Admin' });
});
afterAll(() => t.close());

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const patch = (user: TestUser | null, id: string, payload: unknown) =>
  as(t.app, user, { method: 'PATCH', url: `/api/documents/${id}`, payload: payload as object });

async function grantedWithPdf(viewOnly = false) {
  const g = await createGranted(t);
  const content = await makePdf(2);
  const documentId = await insertProjectDocument(t, {
    projectId: g.projectId,
    uploaderId: g.developer.id,
    fileName: 'valuation.pdf',
    mimeType: 'application/pdf',
    content,
    viewOnly,
  });
  return { ...g, documentId, content };
}

describe('PATCH /api/documents/{id} {view_only}', () => {
  it('the owner marks a published PDF view only and lifts it again, audited', async () => {
    const g = await grantedWithPdf();
    const res = await patch(g.developer, g.documentId, { view_only: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: g.documentId, view_only: true, watermark: 'original' });
    const listed = await as(t.app, g.funder, {
      method: 'GET',
      url: `/api/projects/${g.projectId}/documents`,
    });
    expect(listed.json().documents[0]).toMatchObject({ view_only: true, watermark: 'stamped' });
    expect((await patch(g.developer, g.documentId, { view_only: false })).json().view_only).toBe(false);
    const audit = await auditFor(t.database.db, g.projectId);
    expect(audit.filter((a) => a.action === 'document.view_only_changed').map((a) => a.after)).toEqual([
      { document_id: g.documentId, view_only: true },
      { document_id: g.documentId, view_only: false },
    ]);
  });

  it('refused: another developer 404, a funder or admin 403, no session 401, not a PDF 400, bad body 400', async () => {
    const g = await grantedWithPdf();
    const other = await createUser(t.app, { role: 'borrower', profile: 'default' });
    expect((await patch(other, g.documentId, { view_only: true })).statusCode).toBe(404);
    expect((await patch(g.funder, g.documentId, { view_only: true })).statusCode).toBe(403);
    expect((await patch(admin, g.documentId, { view_only: true })).statusCode).toBe(403);
    expect((await patch(null, g.documentId, { view_only: true })).statusCode).toBe(401);
    expect((await patch(g.developer, g.documentId, { view_only: 'yes' })).statusCode).toBe(400);
    const docx = await insertProjectDocument(t, {
      projectId: g.projectId,
      uploaderId: g.developer.id,
      fileName: 'plan.docx',
      mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      content: samples.zip(),
    });
    const res = await patch(g.developer, docx, { view_only: true });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(watermarkMessages.onlyPdfViewOnly);
    const row = await t.database.db
      .selectFrom('project_document')
      .select('view_only')
      .where('id', '=', g.documentId)
      .executeTakeFirstOrThrow();
    expect(row.view_only).toBe(false);
  });
});

describe('a view-only PDF', () => {
  it('the funder can neither download it nor view the file (403), but reads its stamped pages, which count in the insight', async () => {
    const g = await grantedWithPdf(true);
    const download = await as(t.app, g.funder, {
      method: 'GET',
      url: `/api/documents/${g.documentId}/download`,
    });
    expect(download.statusCode).toBe(403);
    expect(download.json().error).toBe("This document is view only: read it in Plinth's viewer");
    // The inline view would send the whole (stamped) file: refused too (issue 30, decision 049).
    const view = await as(t.app, g.funder, { method: 'GET', url: `/api/documents/${g.documentId}/view` });
    expect(view.statusCode).toBe(403);
    expect(view.json().error).toBe(pageViewMessages.viewOnlyNoFile);
    const reading = await as(t.app, g.funder, { method: 'GET', url: `/api/documents/${g.documentId}/pages` });
    expect(reading.statusCode, reading.body).toBe(200);
    const { code, pages } = reading.json() as { code: string; pages: { url: string }[] };
    expect(pages).toHaveLength(2);
    for (const page of pages) {
      const image = await as(t.app, g.funder, { method: 'GET', url: page.url });
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/png');
      expect(image.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    }
    const rows = await t.database.db
      .selectFrom('document_view')
      .select(['kind', 'code'])
      .where('project_document_id', '=', g.documentId)
      .execute();
    expect(rows).toEqual([{ kind: 'view', code }]);
    const insight = await as(t.app, g.developer, {
      method: 'GET',
      url: `/api/projects/${g.projectId}/documents`,
    });
    expect(insight.json().documents[0].viewed_by).toEqual([
      expect.objectContaining({ viewer_name: 'Frankie Funder', views: 1, downloads: 0 }),
    ]);
  });

  it('the owner and admins still download the original', async () => {
    const g = await grantedWithPdf(true);
    for (const user of [g.developer, admin]) {
      const res = await as(t.app, user, { method: 'GET', url: `/api/documents/${g.documentId}/download` });
      expect(res.statusCode).toBe(200);
      expect(sha256(res.rawPayload)).toBe(sha256(g.content));
    }
  });
});

describe('view_only on upload', () => {
  const upload = (
    owner: TestUser,
    projectId: string,
    files: { name: string; content: Buffer }[],
    viewOnly: string,
  ) => {
    const body = multipartBody(files, {
      documentTypes: JSON.stringify(['feasibility_study', 'site_photo'].slice(0, files.length)),
      fields: { view_only: viewOnly },
    });
    return as(t.app, owner, {
      method: 'POST',
      url: `/api/projects/${projectId}/documents`,
      headers: body.headers,
      payload: body.payload,
    });
  };

  it('marks the PDFs asked for; an image asked to be view only refuses the request and stores nothing', async () => {
    const owner = await createUser(t.app, { role: 'borrower', profile: 'default' });
    const project = await createProject(t.app, owner);
    const pdf = { name: 'feasibility.pdf', content: await makePdf(1) };
    const png = { name: 'site.png', content: samples.png() };
    const refused = await upload(owner, project.id, [pdf, png], '[true, true]');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toBe(watermarkMessages.onlyPdfViewOnly);
    const malformed = await upload(owner, project.id, [pdf, png], '[true]');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error).toBe(watermarkMessages.viewOnlyInvalid);
    expect(
      await t.database.db
        .selectFrom('project_document')
        .select('id')
        .where('project_id', '=', project.id)
        .execute(),
    ).toEqual([]);

    const ok = await upload(owner, project.id, [pdf, png], '[true, false]');
    expect(ok.statusCode, ok.body).toBe(200);
    expect(
      ok.json().uploaded.map((d: { file_name: string; view_only: boolean }) => [d.file_name, d.view_only]),
    ).toEqual([
      ['feasibility.pdf', true],
      ['site.png', false],
    ]);
  });
});
