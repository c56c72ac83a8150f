import { randomUUID } from 'node:crypto';
import { PDFDocument } from '@cantoo/pdf-lib';
import { watermarkMessages } from '@plinth/domain/watermark';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, buildTestApp, createUser, type TestApp, type TestUser } from './helpers';
import { createDealRoom, uploadDealDocuments } from './support/deal-room';
import { createGranted } from './support/deals';
import { multipartBody, samples } from './support/documents';
import { insertProjectDocument, makePdf } from './support/watermark';

// Issue 19 item 3 (decision 034): every stamped copy has its own code, recorded with who, what and
// when; the project's developer and admins enter the code, or drop the leaked PDF, to see whose copy
// it was. Other developers, funders and unknown codes learn nothing.

let t: TestApp;
let admin: TestUser;
let otherDeveloper: TestUser;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await createUser(t.app, { role: 'admin', name: 'Ada Admin' });
  otherDeveloper = await createUser(t.app, { role: 'borrower', profile: 'default', name: 'Other Developer' });
});
afterAll(() => t.close());

const byCode = (user: TestUser | null, code: string) =>
  as(t.app, user, { method: 'GET', url: `/api/document-trace?code=${encodeURIComponent(code)}` });
function byFile(user: TestUser | null, content: Buffer, name = 'leaked.pdf') {
  const body = multipartBody([{ name, content }], { fileField: 'file' });
  return as(t.app, user, { method: 'POST', url: '/api/document-trace', ...body });
}

/** A funder's stamped download of a project PDF: the leaked copy and its code. */
async function leakedProjectCopy() {
  const g = await createGranted(t, { title: 'Harbour Views' });
  const documentId = await insertProjectDocument(t, {
    projectId: g.projectId,
    uploaderId: g.developer.id,
    fileName: 'feasibility.pdf',
    mimeType: 'application/pdf',
    content: await makePdf(2),
  });
  const res = await as(t.app, g.funder, { method: 'GET', url: `/api/documents/${documentId}/download` });
  expect(res.statusCode).toBe(200);
  const row = await t.database.db
    .selectFrom('document_view')
    .select(['code', 'viewed_at'])
    .where('project_document_id', '=', documentId)
    .executeTakeFirstOrThrow();
  return { ...g, documentId, copy: res.rawPayload, code: row.code!, viewedAt: row.viewed_at };
}

describe('GET /api/document-trace?code=', () => {
  it('names the reader, the document and when, for the developer and admins', async () => {
    const leak = await leakedProjectCopy();
    const expected = {
      code: leak.code,
      document: {
        id: leak.documentId,
        source: 'project',
        file_name: 'feasibility.pdf',
        project_id: leak.projectId,
        project_title: 'Harbour Views',
      },
      viewer: {
        id: leak.funder.id,
        name: 'Frankie Funder',
        email: leak.funder.email,
        company: 'Test Capital',
      },
      kind: 'download',
      viewed_at: new Date(leak.viewedAt).toISOString(),
    };
    for (const user of [leak.developer, admin]) {
      const res = await byCode(user, leak.code);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual(expected);
    }
    // Typed loosely: lower case, no hyphen, O for 0 and I for 1 still find it.
    const loose = leak.code.toLowerCase().replace('-', ' ').replaceAll('0', 'o').replaceAll('1', 'i');
    expect((await byCode(leak.developer, loose)).json().code).toBe(leak.code);
  });

  it('another developer and an unknown code: 404; a funder 403; no session 401; not a code 400', async () => {
    const leak = await leakedProjectCopy();
    const other = await byCode(otherDeveloper, leak.code);
    expect(other.statusCode).toBe(404);
    expect(other.json().error).toBe(watermarkMessages.noSuchCode);
    const unknown = await byCode(leak.developer, leak.code === 'ZZZZ-ZZZZ' ? 'YYYY-YYYY' : 'ZZZZ-ZZZZ');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toBe(watermarkMessages.noSuchCode);
    expect((await byCode(leak.funder, leak.code)).statusCode).toBe(403);
    expect((await byCode(null, leak.code)).statusCode).toBe(401);
    const invalid = await byCode(leak.developer, 'ABC-12');
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error).toBe(watermarkMessages.codeInvalid);
  });

  it("traces a deal document's copy for the project's developer, whichever side uploaded it", async () => {
    const room = await createDealRoom(t);
    const up = await uploadDealDocuments(t.app, room.funder, room.dealId, [
      { name: 'term-sheet.pdf', content: await makePdf(1, 'Term sheet') },
    ]);
    const docId = up.json().uploaded[0].id as string;
    await as(t.app, room.developer, {
      method: 'GET',
      url: `/api/deals/${room.dealId}/documents/${docId}/view`,
    });
    const row = await t.database.db
      .selectFrom('document_view')
      .select('code')
      .where('deal_document_id', '=', docId)
      .executeTakeFirstOrThrow();
    const res = await byCode(room.developer, row.code!);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      document: { id: docId, source: 'deal', file_name: 'term-sheet.pdf', project_id: room.projectId },
      viewer: { id: room.developer.id },
      kind: 'view',
    });
    expect((await byCode(admin, row.code!)).statusCode).toBe(200);
    expect((await byCode(otherDeveloper, row.code!)).statusCode).toBe(404);
  });
});

describe('POST /api/document-trace (a dropped PDF)', () => {
  it("reads the code from the leaked copy's keywords", async () => {
    const leak = await leakedProjectCopy();
    for (const user of [leak.developer, admin]) {
      const res = await byFile(user, leak.copy);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ code: leak.code, viewer: { email: leak.funder.email } });
    }
    expect((await byFile(otherDeveloper, leak.copy)).statusCode).toBe(404);
    expect((await byFile(leak.funder, leak.copy)).statusCode).toBe(403);
  });

  it('reads the code from the text when the keywords are gone (the copy re-saved)', async () => {
    const leak = await leakedProjectCopy();
    const doc = await PDFDocument.load(leak.copy);
    doc.setKeywords([]);
    const resaved = Buffer.from(await doc.save());
    const res = await byFile(leak.developer, resaved);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().code).toBe(leak.code);
  });

  it('a PDF without a code: 404; not a PDF, PNG or JPEG, or no file: 400', async () => {
    const leak = await leakedProjectCopy();
    const clean = await byFile(leak.developer, await makePdf(1));
    expect(clean.statusCode).toBe(404);
    expect(clean.json().error).toBe(watermarkMessages.noCodeInPdf);
    // Not a PDF, PNG or JPEG (images are traced too: adversary/image-stamp.test.ts).
    const notPdf = await byFile(leak.developer, samples.zip(), 'leak.docx');
    expect(notPdf.statusCode).toBe(400);
    expect(notPdf.json().error).toBe(watermarkMessages.traceNeedsFile);
    const empty = multipartBody([], { fileField: 'file' });
    const none = await as(t.app, leak.developer, { method: 'POST', url: '/api/document-trace', ...empty });
    expect(none.statusCode).toBe(400);
    const json = await as(t.app, leak.developer, {
      method: 'POST',
      url: '/api/document-trace',
      payload: { code: randomUUID() },
    });
    expect(json.statusCode).toBe(415);
  });
});
