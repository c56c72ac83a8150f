import { randomUUID } from 'node:crypto';
import { dataRoomMessages } from '@plinth/domain/data-room';
import { dealMessages } from '@plinth/domain/deals';
import { documentMessages } from '@plinth/domain/documents';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyAuditChain } from '../src/modules/audit/audit.service';
import { as, buildTestApp, type TestApp, type TestUser } from './helpers';
import { auditFor, emailsTo } from './support/admin';
import {
  createDealRoom,
  createOutsiders,
  type DealRoom,
  requestDocument,
  uploadDealDocuments,
} from './support/deal-room';
import { largePdf, samples, uploadedFiles } from './support/documents';
import { setPreferences } from './support/messages';

// A deal room's files and document requests: GET, POST /api/deals/{id}/documents, GET
// /api/deals/{id}/documents/{docId} and /view, GET, POST /api/deals/{id}/document-requests,
// PUT /api/document-requests/{id}/fulfill, GET /api/projects/{id}/documents/deal.

let t: TestApp;
let outsiders: Awaited<ReturnType<typeof createOutsiders>>;
let dataDir: string;
beforeAll(async () => {
  t = await buildTestApp();
  dataDir = t.app.deps.config.DATA_DIR;
  outsiders = await createOutsiders(t.app);
});
afterAll(() => t.close());

const db = () => t.database.db;
/** One person's notifications of one type (Engage notifies too). */
const notificationsOf = (database: ReturnType<typeof db>, userId: string, type: string) =>
  database
    .selectFrom('notification')
    .selectAll()
    .where('user_id', '=', userId)
    .where('type', '=', type)
    .orderBy('created_at')
    .execute();
/** The room's audit entries after Engage's own. */
const roomAudit = async (room: DealRoom) =>
  (await auditFor(db(), room.dealId)).map((a) => a.action).filter((action) => action !== 'deal.created');
const MB = 1024 * 1024;
const listDocuments = (user: TestUser | null, dealId: string) =>
  as(t.app, user, { method: 'GET', url: `/api/deals/${dealId}/documents` });
const listRequests = (user: TestUser | null, dealId: string) =>
  as(t.app, user, { method: 'GET', url: `/api/deals/${dealId}/document-requests` });
const open = (user: TestUser | null, dealId: string, docId: string, view = false) =>
  as(t.app, user, { method: 'GET', url: `/api/deals/${dealId}/documents/${docId}${view ? '/view' : ''}` });
const fulfil = (user: TestUser | null, requestId: string, body?: object) =>
  as(t.app, user, {
    method: 'PUT',
    url: `/api/document-requests/${requestId}/fulfill`,
    ...(body ? { payload: body } : {}),
  });

async function upload(room: DealRoom, user: TestUser, name = 'contract.pdf', requestId?: string) {
  const res = await uploadDealDocuments(t.app, user, room.dealId, [{ name, content: samples.pdf() }], {
    requestId,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().uploaded[0] as { id: string; file_name: string };
}

async function askFor(room: DealRoom, user: TestUser, name = 'Signed construction contract') {
  const res = await requestDocument(t.app, user, room.dealId, { document_name: name, description: null });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string };
}

describe('deal documents: upload, list, download and view', () => {
  it('either party uploads (201); both parties and admins list, download and view the file', async () => {
    const room = await createDealRoom(t);
    const content = samples.pdf();
    const res = await uploadDealDocuments(t.app, room.developer, room.dealId, [
      { name: 'qs-report.pdf', content },
    ]);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      uploaded: [
        {
          deal_id: room.dealId,
          document_request_id: null,
          file_name: 'qs-report.pdf',
          mime_type: 'application/pdf',
          size_bytes: content.length,
          uploader_id: room.developer.id,
          uploader_name: 'Dana Developer',
        },
      ],
      failed: [],
      document_request: null,
    });
    const docId = res.json().uploaded[0].id;
    await upload(room, room.funder, 'term-sheet.pdf');
    expect(await roomAudit(room)).toEqual(['deal_document.uploaded', 'deal_document.uploaded']);

    for (const user of [room.developer, room.funder, outsiders.admin]) {
      const list = await listDocuments(user, room.dealId);
      expect(list.statusCode).toBe(200);
      expect(list.json().items.map((d: { file_name: string }) => d.file_name)).toEqual([
        'qs-report.pdf',
        'term-sheet.pdf',
      ]);
      const download = await open(user, room.dealId, docId);
      expect(download.statusCode).toBe(200);
      // The uploader and admins get the original; the other party a stamped copy (decision 034).
      expect(download.rawPayload.equals(content)).toBe(user !== room.funder);
      expect(download.headers['content-disposition']).toMatch(/^attachment; filename="qs-report.pdf"/);
      expect(download.headers['x-content-type-options']).toBe('nosniff');
      const view = await open(user, room.dealId, docId, true);
      expect(view.statusCode).toBe(200);
      expect(view.headers['content-type']).toBe('application/pdf');
      expect(view.headers['content-disposition']).toMatch(/^inline;/);
    }
  });

  it('refuses a file over 10 MB (413, "Maximum file size is 10MB") and keeps one of exactly 10 MB', async () => {
    const room = await createDealRoom(t);
    const before = uploadedFiles(dataDir).length;
    const tooLarge = await uploadDealDocuments(t.app, room.funder, room.dealId, [
      { name: 'too-large.pdf', content: largePdf(10 * MB + 1) },
    ]);
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      error: documentMessages.tooLarge(10),
    });
    expect(uploadedFiles(dataDir).length).toBe(before);
    const exact = await uploadDealDocuments(t.app, room.funder, room.dealId, [
      { name: 'exact.pdf', content: largePdf(10 * MB) },
    ]);
    expect(exact.statusCode).toBe(201);
    expect(exact.json().uploaded[0].size_bytes).toBe(10 * MB);
  });

  it('refuses content that does not match its extension and types not accepted (400); a mixed upload keeps the good file', async () => {
    const room = await createDealRoom(t);
    const before = uploadedFiles(dataDir).length;
    const exe = await uploadDealDocuments(t.app, room.funder, room.dealId, [
      { name: 'invoice.pdf', content: samples.exe() },
    ]);
    expect(exe.statusCode).toBe(400);
    expect(exe.json().error).toBe(documentMessages.contentMismatch);
    const png = await uploadDealDocuments(t.app, room.funder, room.dealId, [
      { name: 'photo.pdf', content: samples.png() },
    ]);
    expect(png.json().error).toBe(documentMessages.contentMismatch);
    const script = await uploadDealDocuments(t.app, room.funder, room.dealId, [
      { name: 'run.sh', content: Buffer.from('#!/bin/sh\n') },
    ]);
    expect(script.statusCode).toBe(400);
    expect(script.json().error).toBe(documentMessages.typeNotAllowed);
    expect(uploadedFiles(dataDir).length).toBe(before);
    const mixed = await uploadDealDocuments(t.app, room.funder, room.dealId, [
      { name: 'good.xlsx', content: samples.zip() },
      { name: 'bad.docx', content: samples.elf() },
    ]);
    expect(mixed.statusCode).toBe(201);
    expect(mixed.json().uploaded.map((d: { file_name: string }) => d.file_name)).toEqual(['good.xlsx']);
    expect(mixed.json().failed).toEqual([{ file_name: 'bad.docx', error: documentMessages.contentMismatch }]);
  });

  it('refuses a body with no file (400) and one that is not multipart (415)', async () => {
    const room = await createDealRoom(t);
    const none = await uploadDealDocuments(t.app, room.funder, room.dealId, []);
    expect(none.statusCode).toBe(400);
    const json = await as(t.app, room.funder, {
      method: 'POST',
      url: `/api/deals/${room.dealId}/documents`,
      payload: { documents: 'x' },
    });
    expect(json.statusCode).toBe(415);
  });

  it('refuses outsiders: 404 for a third funder and another developer, 403 for an admin uploading, 401 for anonymous', async () => {
    const room = await createDealRoom(t);
    const doc = await upload(room, room.developer);
    for (const stranger of [outsiders.funder, outsiders.developer]) {
      for (const res of [
        await listDocuments(stranger, room.dealId),
        await open(stranger, room.dealId, doc.id),
        await open(stranger, room.dealId, doc.id, true),
        await uploadDealDocuments(t.app, stranger, room.dealId, [{ name: 'x.pdf', content: samples.pdf() }]),
      ]) {
        expect(res.statusCode).toBe(404);
        expect(res.json().error).toBe(dealMessages.notFound);
      }
    }
    const byAdmin = await uploadDealDocuments(t.app, outsiders.admin, room.dealId, [
      { name: 'x.pdf', content: samples.pdf() },
    ]);
    expect(byAdmin.statusCode).toBe(403);
    for (const res of [
      await listDocuments(null, room.dealId),
      await open(null, room.dealId, doc.id),
      await uploadDealDocuments(t.app, null, room.dealId, [{ name: 'x.pdf', content: samples.pdf() }]),
    ]) {
      expect(res.statusCode).toBe(401);
    }
    // A document of another deal is not found through this one.
    const other = await createDealRoom(t);
    expect((await open(other.funder, other.dealId, doc.id)).statusCode).toBe(404);
    expect((await open(room.funder, room.dealId, randomUUID())).statusCode).toBe(404);
  });

  it('refuses uploads to a completed deal (409)', async () => {
    const room = await createDealRoom(t);
    await db()
      .updateTable('deal')
      .set({ status: 'completed', completed_at: new Date() })
      .where('id', '=', room.dealId)
      .execute();
    const res = await uploadDealDocuments(t.app, room.funder, room.dealId, [
      { name: 'x.pdf', content: samples.pdf() },
    ]);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(dealMessages.closed);
  });
});

describe('document requests', () => {
  it('the funder asks (201); the developer is notified and e-mailed; both parties and admins list it', async () => {
    const room = await createDealRoom(t);
    const res = await requestDocument(t.app, room.funder, room.dealId, {
      document_name: '  Signed construction contract ',
      description: 'With the builder’s fixed-price schedule.',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      deal_id: room.dealId,
      document_name: 'Signed construction contract',
      description: 'With the builder’s fixed-price schedule.',
      status: 'pending',
      requester_id: room.funder.id,
      requester_name: 'Frankie Funder',
      fulfilled_at: null,
    });
    const [note] = await notificationsOf(db(), room.developer.id, 'document_request');
    expect(note).toMatchObject({ type: 'document_request', related_id: room.dealId });
    expect((await emailsTo(db(), room.developer.email)).at(-1)?.subject).toBe(
      'Document requested: "Signed construction contract"',
    );
    for (const user of [room.developer, room.funder, outsiders.admin]) {
      const list = await listRequests(user, room.dealId);
      expect(list.statusCode).toBe(200);
      expect(list.json().items.map((r: { id: string }) => r.id)).toEqual([res.json().id]);
    }
  });

  it('with email_document_requests off the request is in the app only', async () => {
    const room = await createDealRoom(t);
    await setPreferences(t.app, room.developer, { email_document_requests: false });
    await askFor(room, room.funder);
    expect(await notificationsOf(db(), room.developer.id, 'document_request')).toHaveLength(1);
    expect(
      (await emailsTo(db(), room.developer.email)).filter((e) => e.subject.startsWith('Document')),
    ).toEqual([]);
  });

  it("refuses a blank document name ('Document name is required') and outsiders", async () => {
    const room = await createDealRoom(t);
    for (const body of [{ document_name: '   ' }, {}]) {
      const res = await requestDocument(t.app, room.funder, room.dealId, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe(dealMessages.documentNameRequired);
    }
    for (const stranger of [outsiders.funder, outsiders.developer]) {
      expect((await requestDocument(t.app, stranger, room.dealId)).statusCode).toBe(404);
      expect((await listRequests(stranger, room.dealId)).statusCode).toBe(404);
    }
    expect((await requestDocument(t.app, outsiders.admin, room.dealId)).statusCode).toBe(403);
    expect((await requestDocument(t.app, null, room.dealId)).statusCode).toBe(401);
    expect((await listRequests(null, room.dealId)).statusCode).toBe(401);
  });

  it('the other party fulfils it by uploading against it: pending → fulfilled, the requester told, audited', async () => {
    const room = await createDealRoom(t);
    const request = await askFor(room, room.funder);
    const res = await uploadDealDocuments(
      t.app,
      room.developer,
      room.dealId,
      [{ name: 'construction-contract.pdf', content: samples.pdf() }],
      { requestId: request.id },
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().uploaded[0].document_request_id).toBe(request.id);
    expect(res.json().document_request).toMatchObject({
      id: request.id,
      status: 'fulfilled',
      fulfilled_at: expect.any(String),
    });
    const [note] = await notificationsOf(db(), room.funder.id, 'document_request');
    expect(note).toMatchObject({ type: 'document_request', related_id: room.dealId });
    expect(note!.message).toContain('construction-contract.pdf');
    expect((await emailsTo(db(), room.funder.email)).at(-1)?.subject).toBe(
      'Document request fulfilled: "Signed construction contract"',
    );
    expect(await roomAudit(room)).toEqual([
      'document_request.created',
      'deal_document.uploaded',
      'document_request.fulfilled',
    ]);
    expect(await verifyAuditChain(db())).toMatchObject({ ok: true });

    // Fulfilled once: a second upload against it is refused and stores nothing.
    const before = uploadedFiles(dataDir).length;
    const again = await uploadDealDocuments(
      t.app,
      room.developer,
      room.dealId,
      [{ name: 'v2.pdf', content: samples.pdf() }],
      {
        requestId: request.id,
      },
    );
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(dealMessages.requestAlreadyFulfilled);
    expect(uploadedFiles(dataDir).length).toBe(before);
  });

  it('its requester may not fulfil it (403), whether the request_id comes before or after the file', async () => {
    const room = await createDealRoom(t);
    const request = await askFor(room, room.funder);
    const before = uploadedFiles(dataDir).length;
    for (const requestIdLast of [false, true]) {
      const res = await uploadDealDocuments(
        t.app,
        room.funder,
        room.dealId,
        [{ name: 'mine.pdf', content: samples.pdf() }],
        { requestId: request.id, requestIdLast },
      );
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toBe(dealMessages.ownRequest);
    }
    expect((await fulfil(room.funder, request.id, {})).json().error).toBe(dealMessages.ownRequest);
    expect(uploadedFiles(dataDir).length).toBe(before);
    expect((await listRequests(room.funder, room.dealId)).json().items[0].status).toBe('pending');
    expect(
      await db().selectFrom('deal_document').select('id').where('deal_id', '=', room.dealId).execute(),
    ).toEqual([]);
  });

  it("an unknown request_id, or another deal's, is 'Document request not found' (404)", async () => {
    const room = await createDealRoom(t);
    const other = await createDealRoom(t);
    const foreign = await askFor(other, other.funder);
    for (const requestId of [randomUUID(), 'not-an-id', foreign.id]) {
      const res = await uploadDealDocuments(
        t.app,
        room.developer,
        room.dealId,
        [{ name: 'x.pdf', content: samples.pdf() }],
        {
          requestId,
        },
      );
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toBe(dealMessages.documentRequestNotFound);
    }
  });

  it('PUT fulfill: refused without a file (400); with a file of the fulfiller’s own in the room it fulfils; others refused', async () => {
    const room = await createDealRoom(t);
    const request = await askFor(room, room.funder);
    for (const body of [undefined, {}]) {
      const res = await fulfil(room.developer, request.id, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe(dealMessages.fulfilWithUpload);
    }
    const funderFile = await upload(room, room.funder, 'funder-file.pdf');
    const notMine = await fulfil(room.developer, request.id, { document_id: funderFile.id });
    expect(notMine.statusCode).toBe(403);
    expect(notMine.json().error).toBe(dataRoomMessages.notYourUpload);
    const elsewhere = await createDealRoom(t, { developer: room.developer });
    const foreignFile = await upload(elsewhere, room.developer, 'elsewhere.pdf');
    expect((await fulfil(room.developer, request.id, { document_id: foreignFile.id })).statusCode).toBe(404);
    for (const stranger of [outsiders.funder, outsiders.developer]) {
      const res = await fulfil(stranger, request.id, { document_id: funderFile.id });
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toBe(dealMessages.documentRequestNotFound);
    }
    expect((await fulfil(outsiders.admin, request.id, {})).statusCode).toBe(403);
    expect((await fulfil(null, request.id, {})).statusCode).toBe(401);

    const mine = await upload(room, room.developer, 'contract.pdf');
    const res = await fulfil(room.developer, request.id, { document_id: mine.id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: request.id, status: 'fulfilled' });
    const docs = (await listDocuments(room.funder, room.dealId)).json().items;
    expect(docs.find((d: { id: string }) => d.id === mine.id).document_request_id).toBe(request.id);
    const again = await fulfil(room.developer, request.id, { document_id: mine.id });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(dealMessages.requestAlreadyFulfilled);
    // A file that already answers one request cannot answer another.
    const second = await askFor(room, room.funder, 'Builder’s licence');
    const reused = await fulfil(room.developer, second.id, { document_id: mine.id });
    expect(reused.statusCode).toBe(409);
    expect(reused.json().error).toBe(dataRoomMessages.documentAlreadyLinked);
  });
});
