import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { as, type TestUser } from '../helpers';
import type { ServerProcess } from './server-process';

/** File contents whose first bytes are those of each kind (the rest is filler). */
const withHead = (head: number[] | string, size = 2048) =>
  Buffer.concat([
    typeof head === 'string' ? Buffer.from(head, 'latin1') : Buffer.from(head),
    randomBytes(size),
  ]);

/**
 * The smallest real PDF (one blank page) with random filler in a comment: a reader who did not
 * upload it gets a stamped copy (decision 034), so it must be a PDF that can be read and stamped.
 */
const minimalPdf = () =>
  Buffer.from(
    '%PDF-1.7\n1 0 obj <</Type/Catalog/Pages 2 0 R>> endobj\n2 0 obj <</Type/Pages/Kids[3 0 R]/Count 1>> endobj\n' +
      `3 0 obj <</Type/Page/Parent 2 0 R/MediaBox[0 0 595 842]>> endobj\n% ${randomBytes(1024).toString('hex')}\n` +
      'trailer <</Root 1 0 R>>\n%%EOF\n',
    'latin1',
  );

export const samples = {
  pdf: minimalPdf,
  png: () => withHead([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  jpeg: () => withHead([0xff, 0xd8, 0xff, 0xe0]),
  ole: () => withHead([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
  zip: () => withHead([0x50, 0x4b, 0x03, 0x04]),
  /** A Windows executable (MZ header). */
  exe: () => withHead('MZ\x90\x00\x03\x00'),
  /** A Linux executable (ELF header). */
  elf: () => withHead([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01]),
};

/** A file part: its bytes given whole, or as chunks produced while the body is read. */
export interface UploadPart {
  name: string;
  content: Buffer | (() => AsyncIterable<Buffer>);
  contentType?: string;
}

/**
 * A multipart/form-data body encoded by hand and produced as a stream, so a test can send a body
 * far larger than it holds in memory. `document_types` goes first unless `typesLast` is set.
 */
export function multipartBody(
  files: UploadPart[],
  options: {
    documentTypes?: string | null;
    typesLast?: boolean;
    fileField?: string;
    /** Plain fields sent after the files (view_only, as the web form sends it). */
    fields?: Record<string, string>;
  } = {},
) {
  const boundary = `----plinth-test-${randomUUID()}`;
  const typesPart =
    options.documentTypes === null || options.documentTypes === undefined
      ? ''
      : `--${boundary}\r\ncontent-disposition: form-data; name="document_types"\r\n\r\n${options.documentTypes}\r\n`;
  const fileField = options.fileField ?? 'documents';
  async function* generate() {
    if (!options.typesLast) yield Buffer.from(typesPart);
    for (const file of files) {
      const name = file.name.replaceAll('"', '%22');
      yield Buffer.from(
        `--${boundary}\r\ncontent-disposition: form-data; name="${fileField}"; filename="${name}"\r\n` +
          `content-type: ${file.contentType ?? 'application/octet-stream'}\r\n\r\n`,
      );
      if (Buffer.isBuffer(file.content)) yield file.content;
      else yield* file.content();
      yield Buffer.from('\r\n');
    }
    if (options.typesLast) yield Buffer.from(typesPart);
    for (const [name, value] of Object.entries(options.fields ?? {})) {
      yield Buffer.from(
        `--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      );
    }
    yield Buffer.from(`--${boundary}--\r\n`);
  }
  return {
    payload: Readable.from(generate(), { objectMode: false }),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** POST /api/projects/{id}/documents with files and their types (JSON list, same order). */
export function uploadDocuments(
  app: FastifyInstance,
  user: TestUser | null,
  projectId: string,
  files: (UploadPart & { type: string })[],
  options: { typesLast?: boolean; documentTypes?: string | null } = {},
) {
  const body = multipartBody(files, {
    documentTypes:
      options.documentTypes === undefined ? JSON.stringify(files.map((f) => f.type)) : options.documentTypes,
    typesLast: options.typesLast,
  });
  return as(app, user, {
    method: 'POST',
    url: `/api/projects/${projectId}/documents`,
    headers: body.headers,
    payload: body.payload,
  });
}

/** `size` bytes of a "PDF", produced 1 MiB at a time from one reused buffer. */
export function largePdf(size: number): () => AsyncIterable<Buffer> {
  return async function* () {
    const filler = Buffer.alloc(1024 * 1024, 0x20);
    const head = Buffer.from('%PDF-1.7\n', 'latin1');
    yield head;
    // The filler never changes, so handing out the same buffer again and again is safe.
    for (let left = size - head.length; left > 0; left -= filler.length) {
      yield filler.subarray(0, Math.min(left, filler.length));
    }
  };
}

/** Every file under DATA_DIR/uploads (temporary files included). */
export function uploadedFiles(dataDir: string): string[] {
  const dir = join(dataDir, 'uploads');
  return existsSync(dir) ? readdirSync(dir) : [];
}

/** The folders under DATA_DIR/tmp that upload bodies are read into first (decision 046). */
export function spoolFolders(dataDir: string): string[] {
  const dir = join(dataDir, 'tmp');
  return existsSync(dir) ? readdirSync(dir) : [];
}

/** The size of every file in those folders. */
export const spooledSizes = (dataDir: string) =>
  spoolFolders(dataDir).flatMap((folder) => {
    const dir = join(dataDir, 'tmp', folder);
    return readdirSync(dir).map((name) => statSync(join(dir, name)).size);
  });

/** A server started after a crash mid-upload removed the one body left there, `bytes` long. */
export async function expectSpoolSwept(server: ServerProcess, dataDir: string, bytes: number) {
  const sweep = await server.waitForLog((line) => line.msg?.startsWith('upload spool: removed') ?? false);
  expect(sweep).toMatchObject({ folders: 1, bytes });
  expect(spoolFolders(dataDir)).toEqual([]);
}

/** The six default required document types (DESIGN.md section 8). */
export const defaultRequiredTypes = [
  'feasibility_study',
  'development_approval',
  'architectural_plans',
  'quantity_surveyor_report',
  'valuation_report',
  'title_search',
];
