import { documentRequestMessages } from '@plinth/domain/documents';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, buildTestApp, createProject, createUser, type TestApp, type TestUser } from './helpers';
import { multipartBody, samples, uploadDocuments, uploadedFiles } from './support/documents';
import { documentHelpers } from './support/documents-suite';

// Uploads whose request itself is wrong: document_types missing or malformed, no files, the wrong
// content type, broken multipart bodies, too many files, a request that breaks off.

let t: TestApp;
let dataDir: string;
let owner: TestUser;

beforeAll(async () => {
  t = await buildTestApp();
  dataDir = t.app.deps.config.DATA_DIR;
  owner = await createUser(t.app, { role: 'borrower', profile: 'default', name: 'Olivia Owner' });
});
afterAll(() => t.close());

const { documentRows } = documentHelpers(() => ({ t, owner }));

describe('POST /api/projects/:id/documents', () => {
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
