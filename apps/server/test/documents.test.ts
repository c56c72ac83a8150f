import { existsSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { documentMessages, documentRequestMessages } from '@plinth/domain/documents';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, buildTestApp, createProject, createUser, type TestApp, type TestUser } from './helpers';
import { defaultRequiredTypes, largePdf, samples, uploadDocuments, uploadedFiles } from './support/documents';
import { documentHelpers } from './support/documents-suite';

// A project's documents: the required types and the upload (what is stored, replaced or refused,
// sizes, names, who may). Malformed upload requests are in documents-upload-requests.test.ts; list,
// download, view and delete in documents-access.test.ts; the pure rules in documents-rules.test.ts.

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

const { sha256, documentRows, auditActions, setListingState, projectWithDocuments } = documentHelpers(() => ({
  t,
  owner,
}));

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
    // Besides uploads, only the folder the body was read into first (decision 046), emptied since.
    expect(readdirSync(dataDir).sort()).toEqual(['tmp', 'uploads']);
    expect(readdirSync(join(dataDir, 'tmp'))).toEqual([]);
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
});
