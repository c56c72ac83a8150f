import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { PDFDocument, StandardFonts } from '@cantoo/pdf-lib';
import sharp from 'sharp';
import { loadPdfjs } from '../../src/modules/watermark/pdfjs';
import type { TestApp } from '../helpers';

/** A real PDF of `pages` pages, each with a line of its own text. */
export async function makePdf(pages = 3, label = 'Feasibility study'): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let n = 1; n <= pages; n++) {
    doc.addPage([595, 842]).drawText(`${label}, page ${n}`, { x: 50, y: 780, size: 16, font });
  }
  return Buffer.from(await doc.save());
}

/** A PDF that opens only with a password (what the upload refuses). */
export async function makeEncryptedPdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.addPage([595, 842]);
  doc.encrypt({ userPassword: 'secret', ownerPassword: 'owner-secret' });
  return Buffer.from(await doc.save());
}

/** A small photo-like image (a gradient), as PNG or JPEG. */
export async function makeImage(format: 'png' | 'jpeg', width = 640, height = 480): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      raw[i] = (x * 255) / width;
      raw[i + 1] = (y * 255) / height;
      raw[i + 2] = 128;
    }
  }
  const image = sharp(raw, { raw: { width, height, channels: 3 } });
  return format === 'png' ? image.png().toBuffer() : image.jpeg().toBuffer();
}

/** Each page's text, as pdf.js extracts it (what a reader copying the text would get). */
export async function pagesText(bytes: Buffer): Promise<string[]> {
  const pdfjs = await loadPdfjs();
  const task = pdfjs.getDocument({ data: new Uint8Array(bytes), verbosity: 0 });
  const pdf = await task.promise;
  try {
    const pages: string[] = [];
    for (let n = 1; n <= pdf.numPages; n++) {
      const content = await (await pdf.getPage(n)).getTextContent();
      pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
    }
    return pages;
  } finally {
    await task.destroy();
  }
}

/**
 * A project document written straight into storage and the table, as an upload of a draft would
 * have left it (the room's project is already published, so the upload route is closed to it).
 */
export async function insertProjectDocument(
  t: TestApp,
  options: {
    projectId: string;
    uploaderId: string;
    fileName: string;
    mimeType: string;
    content: Buffer;
    viewOnly?: boolean;
    documentType?: string;
  },
): Promise<string> {
  const extension = options.fileName.split('.').pop();
  const key = `${randomUUID()}.${extension}`;
  const stored = await t.app.deps.storage.put(key, Readable.from([options.content]));
  const row = await t.database.db
    .insertInto('project_document')
    .values({
      project_id: options.projectId,
      uploader_id: options.uploaderId,
      document_type: options.documentType ?? `type_${randomUUID().slice(0, 8)}`,
      storage_key: key,
      file_name: options.fileName,
      mime_type: options.mimeType,
      size_bytes: stored.sizeBytes,
      sha256: stored.sha256,
      view_only: options.viewOnly ?? false,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
