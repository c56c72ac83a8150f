import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { displayFileName, documentMessages, documentRequestMessages } from '@plinth/domain/documents';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalFileStorage } from '../src/adapters/storage/local-file-storage';
import { assertStorageKey } from '../src/adapters/storage/storage-key';
import { contentDisposition } from '../src/modules/documents/content-disposition';
import { documentKeysOf, removeDocumentFiles } from '../src/modules/documents/documents.service';
import { checkSignature } from '../src/modules/documents/magic-bytes';
import { as, buildTestApp, createProject, createUser, type TestApp, type TestUser } from './helpers';
import {
  defaultRequiredTypes,
  largePdf,
  multipartBody,
  samples,
  uploadDocuments,
  uploadedFiles,
} from './support/documents';

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

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

const documentRows = (projectId: string) =>
  t.database.db
    .selectFrom('project_document')
    .selectAll()
    .where('project_id', '=', projectId)
    .orderBy('uploaded_at')
    .orderBy('document_type')
    .execute();

const auditActions = async (projectId: string) =>
  (
    await t.database.db
      .selectFrom('audit_log')
      .select(['action', 'before', 'after'])
      .where('target_id', '=', projectId)
      .where('action', 'like', 'document.%')
      .orderBy('id')
      .execute()
  ).map((a) => a.action);

const setListingState = (
  projectId: string,
  state: { payment_status: 'unpaid' | 'payment_pending' | 'paid'; visible: boolean },
) => t.database.db.updateTable('project').set(state).where('id', '=', projectId).execute();

/** A fresh draft of the owner's with one document of each given type; returns the project and upload answer. */
async function projectWithDocuments(types: string[]) {
  const project = await createProject(t.app, owner);
  if (types.length === 0) return { project, upload: null };
  const res = await uploadDocuments(
    t.app,
    owner,
    project.id,
    types.map((type) => ({ type, name: `${type}.pdf`, content: samples.pdf() })),
  );
  expect(res.statusCode).toBe(200);
  return { project, upload: res.json() };
}

describe('GET /api/required-documents', () => {
  it('required-documents: any signed-in user gets the six default types with a description each', async () => {
    for (const user of [owner, funder, admin]) {
      const res = await as(t.app, user, { method: 'GET', url: '/api/required-documents' });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.required_documents).toEqual(defaultRequiredTypes);
      for (const type of defaultRequiredTypes) expect(body.descriptions[type]).toMatch(/\w+/);
    }
  });

  it('required-documents: the list follows the system setting', async () => {
    await t.database.db
      .updateTable('system_setting')
      .set({ value: JSON.stringify(['feasibility_study', 'title_search']) })
      .where('key', '=', 'required_documents')
      .execute();
    try {
      const res = await as(t.app, owner, { method: 'GET', url: '/api/required-documents' });
      expect(res.json().required_documents).toEqual(['feasibility_study', 'title_search']);
    } finally {
      await t.database.db
        .updateTable('system_setting')
        .set({ value: JSON.stringify(defaultRequiredTypes) })
        .where('key', '=', 'required_documents')
        .execute();
    }
  });

  it('required-documents: anonymous gets 401', async () => {
    const res = await as(t.app, null, { method: 'GET', url: '/api/required-documents' });
    expect(res.statusCode).toBe(401);
  });
});

describe('POST /api/projects/:id/documents', () => {
  it('upload: two files of two types are stored with detected mime, size, sha-256 and audit entries', async () => {
    const project = await createProject(t.app, owner);
    const pdf = samples.pdf();
    const docx = samples.zip();
    const res = await uploadDocuments(t.app, owner, project.id, [
      { type: 'feasibility_study', name: 'Feasibility.pdf', content: pdf },
      // The client's claimed type is ignored: the stored mime type is the detected one.
      { type: 'architectural_plans', name: 'Plans.DOCX', content: docx, contentType: 'text/html' },
    ]);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.failed).toEqual([]);
    expect(body.uploaded).toHaveLength(2);
    expect(body.uploaded[0]).toMatchObject({
      project_id: project.id,
      document_type: 'feasibility_study',
      file_name: 'Feasibility.pdf',
      mime_type: 'application/pdf',
      size_bytes: pdf.length,
      uploader_name: 'Olivia Owner',
      download_url: `/api/documents/${body.uploaded[0].id}/download`,
      view_url: `/api/documents/${body.uploaded[0].id}/view`,
    });
    expect(body.uploaded[1]).toMatchObject({
      document_type: 'architectural_plans',
      file_name: 'Plans.DOCX',
      mime_type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    });
    expect(body.documents).toHaveLength(2);
    expect(body.documents_complete).toBe(false);
    expect(body.missing_types).toEqual(
      defaultRequiredTypes.filter((k) => k !== 'feasibility_study' && k !== 'architectural_plans'),
    );

    const rows = await documentRows(project.id);
    expect(Object.fromEntries(rows.map((r) => [r.document_type, r.sha256]))).toEqual({
      feasibility_study: sha256(pdf),
      architectural_plans: sha256(docx),
    });
    for (const row of rows) {
      // Keys are made by the server: a uuid and the checked extension, never the client's name.
      expect(row.storage_key).toMatch(/^[0-9a-f-]{36}\.(pdf|docx)$/);
      expect(existsSync(join(dataDir, 'uploads', row.storage_key))).toBe(true);
      expect(row.uploader_id).toBe(owner.id);
    }
    expect(await auditActions(project.id)).toEqual(['document.uploaded', 'document.uploaded']);
  });

  it('upload: documents_complete turns true on the project once all six required types are present', async () => {
    const { project } = await projectWithDocuments(defaultRequiredTypes.slice(0, 3));
    const before = await as(t.app, owner, { method: 'GET', url: `/api/projects/${project.id}` });
    expect(before.json().documents_complete).toBe(false);

    // The rest, with document_types sent after the files, in a mix of accepted kinds.
    const res = await uploadDocuments(
      t.app,
      owner,
      project.id,
      [
        { type: 'quantity_surveyor_report', name: 'qs.xlsx', content: samples.zip() },
        { type: 'valuation_report', name: 'valuation.jpg', content: samples.jpeg() },
        { type: 'title_search', name: 'title.doc', content: samples.ole() },
      ],
      { typesLast: true },
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ documents_complete: true, missing_types: [] });
    expect(res.json().uploaded.map((d: { mime_type: string }) => d.mime_type)).toEqual([
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'image/jpeg',
      'application/msword',
    ]);
    const after = await as(t.app, owner, { method: 'GET', url: `/api/projects/${project.id}` });
    expect(after.json()).toMatchObject({ documents_complete: true, document_count: 6 });
  });

  it('upload: a type that already has a document is replaced; the old row and file are gone', async () => {
    const { project, upload } = await projectWithDocuments(['feasibility_study']);
    const old = (await documentRows(project.id))[0]!;
    const replacement = samples.png();
    const res = await uploadDocuments(t.app, owner, project.id, [
      { type: 'feasibility_study', name: 'feasibility-v2.png', content: replacement },
    ]);
    expect(res.statusCode).toBe(200);
    const rows = await documentRows(project.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ file_name: 'feasibility-v2.png', mime_type: 'image/png' });
    expect(rows[0]!.id).not.toBe(upload.uploaded[0].id);
    expect(existsSync(join(dataDir, 'uploads', old.storage_key))).toBe(false);
    expect(existsSync(join(dataDir, 'uploads', rows[0]!.storage_key))).toBe(true);
    const audit = await t.database.db
      .selectFrom('audit_log')
      .select(['before'])
      .where('target_id', '=', project.id)
      .where('action', '=', 'document.uploaded')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(audit.before)).toContain(old.id);
  });

  it('upload: a rejected (paid, hidden) project may still change its documents', async () => {
    const project = await createProject(t.app, owner);
    await setListingState(project.id, { payment_status: 'paid', visible: false });
    const res = await uploadDocuments(t.app, owner, project.id, [
      { type: 'title_search', name: 'title.pdf', content: samples.pdf() },
    ]);
    expect(res.statusCode).toBe(200);
  });

  it('upload: one refused file among good ones answers 200 and lists it under failed', async () => {
    const project = await createProject(t.app, owner);
    const res = await uploadDocuments(t.app, owner, project.id, [
      { type: 'feasibility_study', name: 'good.pdf', content: samples.pdf() },
      { type: 'title_search', name: 'fake.pdf', content: samples.exe() },
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json().uploaded.map((d: { file_name: string }) => d.file_name)).toEqual(['good.pdf']);
    expect(res.json().failed).toEqual([{ file_name: 'fake.pdf', error: documentMessages.contentMismatch }]);
    expect(await documentRows(project.id)).toHaveLength(1);
  });

  const refusedFiles: [string, string, Buffer, string][] = [
    ['a .pdf whose bytes are a PNG', 'report.pdf', samples.png(), documentMessages.contentMismatch],
    [
      'a .pdf that is a Windows executable (MZ)',
      'report.pdf',
      samples.exe(),
      documentMessages.contentMismatch,
    ],
    [
      'a .pdf that is a Linux executable (ELF)',
      'report.pdf',
      samples.elf(),
      documentMessages.contentMismatch,
    ],
    ['a .docx that is a PDF', 'plans.docx', samples.pdf(), documentMessages.contentMismatch],
    ['an empty .pdf', 'empty.pdf', Buffer.alloc(0), documentMessages.contentMismatch],
    ['an .exe', 'setup.exe', samples.exe(), documentMessages.typeNotAllowed],
    ['a file without an extension', 'README', samples.pdf(), documentMessages.typeNotAllowed],
  ];
  for (const [what, name, content, message] of refusedFiles) {
    it(`upload: ${what} is refused with 400 and leaves no file and no row`, async () => {
      const project = await createProject(t.app, owner);
      const filesBefore = uploadedFiles(dataDir).length;
      const res = await uploadDocuments(t.app, owner, project.id, [
        { type: 'feasibility_study', name, content },
      ]);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        error: message,
        code: 'VALIDATION_FAILED',
        details: [{ field: name, message }],
      });
      expect(await documentRows(project.id)).toEqual([]);
      expect(uploadedFiles(dataDir)).toHaveLength(filesBefore);
    });
  }

  it('upload: a file over 50 MB answers 413 and leaves no file and no row', async () => {
    const project = await createProject(t.app, owner);
    const filesBefore = uploadedFiles(dataDir);
    const res = await uploadDocuments(t.app, owner, project.id, [
      { type: 'feasibility_study', name: 'huge.pdf', content: largePdf(50 * 1024 * 1024 + 1) },
    ]);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({
      error: 'Maximum file size is 50MB',
      code: 'PAYLOAD_TOO_LARGE',
      details: [{ field: 'huge.pdf', message: 'Maximum file size is 50MB' }],
    });
    expect(await documentRows(project.id)).toEqual([]);
    expect(uploadedFiles(dataDir)).toEqual(filesBefore);
  });

  it('upload: a file of exactly 50 MB is accepted', async () => {
    const project = await createProject(t.app, owner);
    const res = await uploadDocuments(t.app, owner, project.id, [
      { type: 'feasibility_study', name: 'big.pdf', content: largePdf(50 * 1024 * 1024) },
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json().uploaded[0].size_bytes).toBe(50 * 1024 * 1024);
    // Leave the disk as it was for the tests after this one.
    const del = await as(t.app, owner, {
      method: 'DELETE',
      url: `/api/documents/${res.json().uploaded[0].id}`,
    });
    expect(del.statusCode).toBe(200);
  });

  it("upload: a file named '../../etc/passwd.pdf' is stored under its base name, inside uploads only", async () => {
    const project = await createProject(t.app, owner);
    const outside = join(dirname(dataDir), 'etc');
    const res = await uploadDocuments(t.app, owner, project.id, [
      { type: 'feasibility_study', name: '../../etc/passwd.pdf', content: samples.pdf() },
      { type: 'title_search', name: '..\\..\\windows\\title.pdf', content: samples.pdf() },
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json().uploaded.map((d: { file_name: string }) => d.file_name)).toEqual([
      'passwd.pdf',
      'title.pdf',
    ]);
    const rows = await documentRows(project.id);
    for (const row of rows) expect(row.storage_key).toMatch(/^[0-9a-f-]{36}\.pdf$/);
    expect(readdirSync(dataDir)).toEqual(['uploads']);
    expect(existsSync(join(outside, 'passwd.pdf'))).toBe(false);
  });

  it('upload: another developer gets 404 and nothing is stored', async () => {
    const project = await createProject(t.app, owner);
    const filesBefore = uploadedFiles(dataDir).length;
    const res = await uploadDocuments(t.app, otherDeveloper, project.id, [
      { type: 'feasibility_study', name: 'a.pdf', content: samples.pdf() },
    ]);
    expect(res.statusCode).toBe(404);
    expect(await documentRows(project.id)).toEqual([]);
    expect(uploadedFiles(dataDir)).toHaveLength(filesBefore);
  });

  it('upload: a funder and an admin get 403, anonymous 401', async () => {
    const project = await createProject(t.app, owner);
    const file = [{ type: 'feasibility_study', name: 'a.pdf', content: samples.pdf() }];
    expect((await uploadDocuments(t.app, funder, project.id, file)).statusCode).toBe(403);
    expect((await uploadDocuments(t.app, admin, project.id, file)).statusCode).toBe(403);
    expect((await uploadDocuments(t.app, null, project.id, file)).statusCode).toBe(401);
    expect(await documentRows(project.id)).toEqual([]);
  });

  it('upload: a project under review or live answers 409 and nothing is stored', async () => {
    for (const state of [
      { payment_status: 'payment_pending' as const, visible: false },
      { payment_status: 'paid' as const, visible: true },
    ]) {
      const project = await createProject(t.app, owner);
      await setListingState(project.id, state);
      const filesBefore = uploadedFiles(dataDir).length;
      const res = await uploadDocuments(t.app, owner, project.id, [
        { type: 'feasibility_study', name: 'a.pdf', content: samples.pdf() },
      ]);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'CONFLICT', error: documentRequestMessages.notEditable });
      expect(await documentRows(project.id)).toEqual([]);
      expect(uploadedFiles(dataDir)).toHaveLength(filesBefore);
    }
  });

  it('upload: an unknown project answers 404', async () => {
    const res = await uploadDocuments(t.app, owner, '00000000-0000-4000-8000-000000000000', [
      { type: 'feasibility_study', name: 'a.pdf', content: samples.pdf() },
    ]);
    expect(res.statusCode).toBe(404);
  });

  const badTypes: [string, string | null, string][] = [
    ['missing', null, documentRequestMessages.documentTypesInvalid],
    ['not JSON', 'feasibility_study', documentRequestMessages.documentTypesInvalid],
    ['shorter than the files', '["feasibility_study"]', documentRequestMessages.documentTypesInvalid],
    [
      'a key that is not underscored words',
      '["Feasibility Study","title_search"]',
      documentRequestMessages.documentTypesInvalid,
    ],
    ['the same type twice', '["title_search","title_search"]', documentRequestMessages.duplicateType],
  ];
  for (const [what, documentTypes, message] of badTypes) {
    it(`upload: document_types ${what} answers 400 and leaves no file`, async () => {
      const project = await createProject(t.app, owner);
      const filesBefore = uploadedFiles(dataDir).length;
      const res = await uploadDocuments(
        t.app,
        owner,
        project.id,
        [
          { type: 'x', name: 'a.pdf', content: samples.pdf() },
          { type: 'y', name: 'b.pdf', content: samples.pdf() },
        ],
        { documentTypes, typesLast: true },
      );
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        details: [{ field: 'document_types', message }],
      });
      expect(await documentRows(project.id)).toEqual([]);
      expect(uploadedFiles(dataDir)).toHaveLength(filesBefore);
    });
  }

  it('upload: a request without files answers 400', async () => {
    const project = await createProject(t.app, owner);
    const res = await uploadDocuments(t.app, owner, project.id, [], { documentTypes: '[]' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(documentRequestMessages.noFiles);
  });

  it('upload: a JSON body answers 415', async () => {
    const project = await createProject(t.app, owner);
    const res = await as(t.app, owner, {
      method: 'POST',
      url: `/api/projects/${project.id}/documents`,
      payload: { documents: [], document_types: [] },
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });
  });

  it('upload: document_types sent as an application/json part is read the same way', async () => {
    const project = await createProject(t.app, owner);
    const boundary = 'plinth-json-types';
    const res = await as(t.app, owner, {
      method: 'POST',
      url: `/api/projects/${project.id}/documents`,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\ncontent-disposition: form-data; name="document_types"\r\n` +
            `content-type: application/json\r\n\r\n["title_search"]\r\n` +
            `--${boundary}\r\ncontent-disposition: form-data; name="documents"; filename="t.pdf"\r\n\r\n`,
        ),
        samples.pdf(),
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().uploaded[0].document_type).toBe('title_search');
  });

  const malformed: [string, string, string][] = [
    ['without a boundary', 'multipart/form-data', 'x'],
    [
      'cut off before its closing boundary',
      'multipart/form-data; boundary=XX',
      '--XX\r\ncontent-disposition: form-data; name="document_types"\r\n\r\n["title_search"]\r\n' +
        '--XX\r\ncontent-disposition: form-data; name="documents"; filename="a.pdf"\r\n\r\n%PDF-1.4 cut',
    ],
    ['that is not multipart at all', 'multipart/form-data; boundary=XX', 'garbage'],
  ];
  for (const [what, contentType, payload] of malformed) {
    it(`upload: a multipart body ${what} answers 400, not 500, and leaves no file`, async () => {
      const project = await createProject(t.app, owner);
      const filesBefore = uploadedFiles(dataDir);
      const res = await as(t.app, owner, {
        method: 'POST',
        url: `/api/projects/${project.id}/documents`,
        headers: { 'content-type': contentType },
        payload,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'BAD_REQUEST',
        error: documentRequestMessages.malformedUpload,
      });
      expect(await documentRows(project.id)).toEqual([]);
      expect(uploadedFiles(dataDir)).toEqual(filesBefore);
    });
  }

  it('upload: more than 20 files in one request answers 413 and keeps none of them', async () => {
    const project = await createProject(t.app, owner);
    const filesBefore = uploadedFiles(dataDir);
    const files = Array.from({ length: 21 }, (_, i) => ({
      type: `extra_${i}`,
      name: `extra-${i}.pdf`,
      content: samples.pdf(),
    }));
    const res = await uploadDocuments(t.app, owner, project.id, files);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      error: documentRequestMessages.tooManyFiles,
    });
    expect(await documentRows(project.id)).toEqual([]);
    expect(uploadedFiles(dataDir)).toEqual(filesBefore);
  });

  it('upload: a request that breaks off mid-file leaves no file and no row', async () => {
    const project = await createProject(t.app, owner);
    const filesBefore = uploadedFiles(dataDir);
    const body = multipartBody(
      [
        {
          name: 'cut.pdf',
          content: async function* () {
            yield samples.pdf();
            yield Buffer.alloc(256 * 1024, 0x20);
            throw new Error('connection reset');
          },
        },
      ],
      { documentTypes: '["feasibility_study"]' },
    );
    // The simulated client's connection fails, so no answer arrives (inject rejects).
    await expect(
      as(t.app, owner, {
        method: 'POST',
        url: `/api/projects/${project.id}/documents`,
        headers: body.headers,
        payload: body.payload,
      }),
    ).rejects.toThrow('connection reset');
    // The parser and storage settle asynchronously after the request is torn down.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await documentRows(project.id)).toEqual([]);
    expect(uploadedFiles(dataDir)).toEqual(filesBefore);
  });
});

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

describe('document rules', () => {
  it('displayFileName: keeps only the base name, drops control characters, never empty', () => {
    expect(displayFileName('../../etc/passwd.pdf')).toBe('passwd.pdf');
    expect(displayFileName('C:\\Users\\me\\plan.pdf')).toBe('plan.pdf');
    expect(displayFileName('a\u0000b\nc.pdf')).toBe('abc.pdf');
    expect(displayFileName('..')).toBe('document');
    expect(displayFileName(`${'x'.repeat(300)}.pdf`)).toMatch(/^x{251}\.pdf$/);
  });

  it('checkSignature: accepts each kind by its magic bytes and refuses impostors', () => {
    expect(checkSignature('pdf', samples.pdf())).toBe('match');
    expect(checkSignature('pdf', samples.png())).toBe('mismatch');
    expect(checkSignature('pdf', samples.exe())).toBe('mismatch');
    expect(checkSignature('pdf', Buffer.from('%PD'))).toBe('need_more');
    expect(checkSignature('jpeg', samples.jpeg())).toBe('match');
    expect(checkSignature('xls', samples.ole())).toBe('match');
    expect(checkSignature('xlsx', samples.ole())).toBe('mismatch');
    expect(checkSignature('xlsx', samples.zip())).toBe('match');
  });

  it('contentDisposition: quotes, backslashes and non-ASCII never reach the quoted name', () => {
    expect(contentDisposition('attachment', 'a "b" \\ c\r\n.pdf')).toBe(
      `attachment; filename="a _b_ _ c__.pdf"; filename*=UTF-8''a%20%22b%22%20%5C%20c%0D%0A.pdf`,
    );
    expect(contentDisposition('inline', "it's.pdf")).toBe(
      `inline; filename="it's.pdf"; filename*=UTF-8''it%27s.pdf`,
    );
  });

  it('storage keys: path separators, dot-dot and hidden names are refused', () => {
    for (const key of ['../x.pdf', 'a/b.pdf', 'a\\b.pdf', '..', '.hidden', 'a..pdf', '', 'x.pdf\u0000']) {
      expect(() => assertStorageKey(key)).toThrow(/Invalid storage key/);
    }
    expect(assertStorageKey('0d6f2f0e-8a5e-4c1e-9a59-3f9a4c1f1b7e.pdf')).toBe(
      '0d6f2f0e-8a5e-4c1e-9a59-3f9a4c1f1b7e.pdf',
    );
  });

  it('local storage: a stream that fails part-way leaves nothing behind', async () => {
    const root = mkdtempSync(join(tmpdir(), 'plinth-storage-test-'));
    try {
      const storage = createLocalFileStorage(root);
      const failing = Readable.from(
        (async function* () {
          yield Buffer.alloc(64 * 1024, 1);
          throw new Error('source failed');
        })(),
      );
      await expect(storage.put('5b1c8a52-8f7e-4b0c-a1d3-0c2f8e9d4a61.pdf', failing)).rejects.toThrow(
        'source failed',
      );
      expect(readdirSync(root)).toEqual([]);
      await expect(storage.put('../escape.pdf', Readable.from([Buffer.from('x')]))).rejects.toThrow(
        /Invalid storage key/,
      );
      const stored = await storage.put(
        '8c0e6a51-1f0a-4f6b-9c51-2b7d3e4f5a60.pdf',
        Readable.from([Buffer.from('abc')]),
      );
      expect(stored).toEqual({ sizeBytes: 3, sha256: sha256(Buffer.from('abc')) });
      expect(readdirSync(root)).toEqual(['8c0e6a51-1f0a-4f6b-9c51-2b7d3e4f5a60.pdf']);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
