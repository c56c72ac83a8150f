import { createHash } from 'node:crypto';
import { PDFDocument } from '@cantoo/pdf-lib';
import { CODE_KEYWORD_PREFIX, downloadCodePattern, watermarkMessages } from '@plinth/domain/watermark';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, buildTestApp, createProject, createUser, type TestApp, type TestUser } from './helpers';
import { createDealRoom, uploadDealDocuments } from './support/deal-room';
import { createGranted, type Granted } from './support/deals';
import { samples, uploadDocuments, uploadedFiles } from './support/documents';
import { insertProjectDocument, makeEncryptedPdf, makeImage, makePdf, pagesText } from './support/watermark';

// Issue 19 item 2 (decision 034): every PDF or image a reader opens from a file they did not upload
// is stamped with who they are and a download code; the uploader's side and admins get the original;
// office files go out unchanged and are listed as not watermarked; a password-protected PDF is
// refused at upload.

let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await createUser(t.app, { role: 'admin', name: 'Ada Admin' });
});
afterAll(() => t.close());

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const get = (user: TestUser, url: string) => as(t.app, user, { method: 'GET', url });
const codesOf = async (documentId: string) =>
  (
    await t.database.db
      .selectFrom('document_view')
      .select(['viewer_id', 'kind', 'code'])
      .where('project_document_id', '=', documentId)
      .orderBy('viewed_at')
      .execute()
  ).map((r) => ({ viewer_id: r.viewer_id, kind: r.kind, code: r.code }));

async function grantedWith(file: { fileName: string; mimeType: string; content: Buffer }) {
  const granted = await createGranted(t);
  const id = await insertProjectDocument(t, {
    projectId: granted.projectId,
    uploaderId: granted.developer.id,
    ...file,
  });
  return { ...granted, documentId: id };
}

describe('project documents: the funder gets a stamped copy', () => {
  it('a downloaded PDF carries the funder on every page and a code recorded with the download', async () => {
    const content = await makePdf(4);
    const g = await grantedWith({ fileName: 'feasibility.pdf', mimeType: 'application/pdf', content });
    const res = await get(g.funder, `/api/documents/${g.documentId}/download`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="feasibility.pdf"/);
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    expect(sha256(res.rawPayload)).not.toBe(sha256(content));

    const [row] = await codesOf(g.documentId);
    expect(row).toMatchObject({ viewer_id: g.funder.id, kind: 'download' });
    expect(row!.code).toMatch(downloadCodePattern);
    const pages = await pagesText(res.rawPayload);
    expect(pages).toHaveLength(4);
    for (const [i, text] of pages.entries()) {
      expect(text).toContain(`Feasibility study, page ${i + 1}`);
      expect(text).toContain(g.funder.email);
      expect(text).toContain(`Code ${row!.code}`);
      expect(text).toContain('Frankie Funder');
      expect(text).toContain('Test Capital');
      expect(text).toMatch(/\d\d\/\d\d\/\d{4} \d\d:\d\d AE[DS]T/);
    }
    const doc = await PDFDocument.load(res.rawPayload);
    expect(doc.getKeywords()).toContain(`${CODE_KEYWORD_PREFIX}${row!.code}`);
  });

  it('every opening gets its own code; the inline view is stamped too', async () => {
    const g = await grantedWith({
      fileName: 'valuation.pdf',
      mimeType: 'application/pdf',
      content: await makePdf(1),
    });
    const first = await get(g.funder, `/api/documents/${g.documentId}/download`);
    const view = await get(g.funder, `/api/documents/${g.documentId}/view`);
    expect(view.statusCode).toBe(200);
    expect(view.headers['content-disposition']).toMatch(/^inline/);
    const rows = await codesOf(g.documentId);
    expect(rows.map((r) => r.kind)).toEqual(['download', 'view']);
    expect(new Set(rows.map((r) => r.code)).size).toBe(2);
    expect((await pagesText(first.rawPayload))[0]).toContain(rows[0]!.code);
    expect((await pagesText(view.rawPayload))[0]).toContain(rows[1]!.code);
  });

  it('the developer who owns it and admins get the original bytes, and no code', async () => {
    const content = await makePdf(2);
    const g = await grantedWith({ fileName: 'plans.pdf', mimeType: 'application/pdf', content });
    for (const user of [g.developer, admin]) {
      for (const kind of ['download', 'view']) {
        const res = await get(user, `/api/documents/${g.documentId}/${kind}`);
        expect(res.statusCode).toBe(200);
        expect(sha256(res.rawPayload)).toBe(sha256(content));
      }
    }
    expect((await codesOf(g.documentId)).map((r) => r.code)).toEqual([null, null, null, null]);
  });

  it.each([
    ['png', 'image/png'],
    ['jpeg', 'image/jpeg'],
  ] as const)(
    'a %s image is stamped: other bytes, same format and size, still an image',
    async (format, mimeType) => {
      const content = await makeImage(format);
      const g = await grantedWith({
        fileName: `site.${format === 'png' ? 'png' : 'jpg'}`,
        mimeType,
        content,
      });
      const res = await get(g.funder, `/api/documents/${g.documentId}/download`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe(mimeType);
      expect(sha256(res.rawPayload)).not.toBe(sha256(content));
      const meta = await sharp(res.rawPayload).metadata();
      expect(meta).toMatchObject({ format, width: 640, height: 480 });
      const code = (await codesOf(g.documentId))[0]!.code!;
      expect(code).toMatch(downloadCodePattern);
      // The code is in its metadata too (a PNG text chunk, a JPEG comment); the mark in its pixels
      // and the tiled stamp are tested in adversary/image-stamp.test.ts.
      expect(res.rawPayload.includes(`${CODE_KEYWORD_PREFIX}${code}`)).toBe(true);
      // The owner's copy is the file as uploaded.
      const original = await get(g.developer, `/api/documents/${g.documentId}/download`);
      expect(sha256(original.rawPayload)).toBe(sha256(content));
    },
  );

  it('an office file goes out unchanged, without a code, and is listed as not watermarked', async () => {
    const content = samples.zip();
    const g = await grantedWith({
      fileName: 'cost-plan.docx',
      mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      content,
    });
    await insertProjectDocument(t, {
      projectId: g.projectId,
      uploaderId: g.developer.id,
      fileName: 'title.pdf',
      mimeType: 'application/pdf',
      content: await makePdf(1),
    });
    const res = await get(g.funder, `/api/documents/${g.documentId}/download`);
    expect(res.statusCode).toBe(200);
    expect(sha256(res.rawPayload)).toBe(sha256(content));
    expect((await codesOf(g.documentId)).map((r) => r.code)).toEqual([null]);

    const listed = async (user: TestUser) =>
      (await get(user, `/api/projects/${g.projectId}/documents`))
        .json()
        .documents.map((d: { file_name: string; watermark: string; view_only: boolean }) => [
          d.file_name,
          d.watermark,
          d.view_only,
        ]);
    expect(await listed(g.funder)).toEqual([
      ['cost-plan.docx', 'not_watermarked', false],
      ['title.pdf', 'stamped', false],
    ]);
    for (const user of [g.developer, admin]) {
      expect(await listed(user)).toEqual([
        ['cost-plan.docx', 'original', false],
        ['title.pdf', 'original', false],
      ]);
    }
  });

  it('a file that cannot be read as a PDF is not sent to the funder (409); its owner still gets it', async () => {
    const content = Buffer.from('%PDF-1.7\n% not really a PDF\n%%EOF\n');
    const g: Granted & { documentId: string } = await grantedWith({
      fileName: 'broken.pdf',
      mimeType: 'application/pdf',
      content,
    });
    const res = await get(g.funder, `/api/documents/${g.documentId}/download`);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(watermarkMessages.cannotStamp);
    expect(await codesOf(g.documentId)).toEqual([]);
    expect(
      (await get(g.developer, `/api/documents/${g.documentId}/download`)).rawPayload.equals(content),
    ).toBe(true);
  });
});

describe('deal documents: the other party gets a stamped copy', () => {
  it("the uploader and admins get the original, the other party a copy with the reader's e-mail and code", async () => {
    const room = await createDealRoom(t);
    const content = await makePdf(2, 'Construction contract');
    const up = await uploadDealDocuments(t.app, room.developer, room.dealId, [
      { name: 'contract.pdf', content },
    ]);
    expect(up.statusCode, up.body).toBe(201);
    const docId = up.json().uploaded[0].id as string;
    expect(up.json().uploaded[0].watermark).toBe('original');
    const url = `/api/deals/${room.dealId}/documents/${docId}`;
    for (const user of [room.developer, admin]) {
      expect(sha256((await get(user, url)).rawPayload)).toBe(sha256(content));
    }
    const res = await get(room.funder, url);
    expect(res.statusCode).toBe(200);
    const row = await t.database.db
      .selectFrom('document_view')
      .select('code')
      .where('deal_document_id', '=', docId)
      .where('viewer_id', '=', room.funder.id)
      .executeTakeFirstOrThrow();
    for (const text of await pagesText(res.rawPayload)) {
      expect(text).toContain(room.funder.email);
      expect(text).toContain(`Code ${row.code}`);
    }
    const list = async (user: TestUser) =>
      (await get(user, `/api/deals/${room.dealId}/documents`)).json().items[0].watermark;
    expect(await list(room.funder)).toBe('stamped');
    expect(await list(room.developer)).toBe('original');
  });
});

describe('a password-protected PDF is refused at upload', () => {
  it('project documents: 400 with the reason, nothing stored', async () => {
    const owner = await createUser(t.app, { role: 'borrower', profile: 'default' });
    const project = await createProject(t.app, owner);
    const before = uploadedFiles(t.app.deps.config.DATA_DIR).length;
    const res = await uploadDocuments(t.app, owner, project.id, [
      { type: 'feasibility_study', name: 'locked.pdf', content: await makeEncryptedPdf() },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('This PDF is password-protected. Upload an unprotected copy.');
    expect(uploadedFiles(t.app.deps.config.DATA_DIR)).toHaveLength(before);
    const rows = await t.database.db
      .selectFrom('project_document')
      .select('id')
      .where('project_id', '=', project.id)
      .execute();
    expect(rows).toEqual([]);
  });

  it('deal documents: 400 with the reason, nothing stored', async () => {
    const room = await createDealRoom(t);
    const before = uploadedFiles(t.app.deps.config.DATA_DIR).length;
    const res = await uploadDealDocuments(t.app, room.funder, room.dealId, [
      { name: 'term-sheet.pdf', content: await makeEncryptedPdf() },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(watermarkMessages.passwordProtected);
    expect(uploadedFiles(t.app.deps.config.DATA_DIR)).toHaveLength(before);
  });
});
