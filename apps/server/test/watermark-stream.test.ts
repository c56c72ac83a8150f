import { randomBytes } from 'node:crypto';
import { mkdtemp, open, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import * as pdfLib from '@cantoo/pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serializePdf } from '../src/modules/watermark/pdf-stream';
import { readWhole, releaseStampMemory, stampedCopy } from '../src/modules/watermark/stamped-copy';
import { makePdf, pagesText } from './support/watermark';

// Decision 034's memory budget: a stamped PDF is written out as it is sent (its images as views of
// the file read), and a stored local file is read straight into one buffer. Both must give exactly
// the bytes of the plain way.

const { PDFDocument, StandardFonts } = pdfLib;

/** Pages with an incompressible image each (large streams) and text (small ones). */
async function pdfWithImages(pages: number, side = 120): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let n = 1; n <= pages; n++) {
    const page = doc.addPage([595, 842]);
    page.drawText(`Page ${n}`, { x: 50, y: 780, size: 16, font });
    const image = doc.context.register(
      doc.context.stream(randomBytes(side * side * 3), {
        Type: 'XObject',
        Subtype: 'Image',
        Width: side,
        Height: side,
        ColorSpace: 'DeviceRGB',
        BitsPerComponent: 8,
      }),
    );
    page.node.newXObject('Im', image);
  }
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}

async function drain(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

/** Loads and marks a copy the same way twice, so the two saves can be compared. */
async function marked(bytes: Buffer) {
  const doc = await PDFDocument.load(bytes, { updateMetadata: false });
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const page of doc.getPages()) page.drawText('jane@example.com', { x: 20, y: 20, size: 8, font });
  doc.setKeywords(['plinth-code:ABCD-EFGH']);
  return doc;
}

describe('a PDF written as it is sent', () => {
  it.each([
    ['large image streams', () => pdfWithImages(4)],
    ['object streams in the source', () => makePdf(5)],
  ])('gives the bytes and size of doc.save() (%s)', async (_label, make) => {
    const source = await make();
    const expected = Buffer.from(await (await marked(source)).save({ useObjectStreams: false }));
    const { sizeBytes, stream } = await serializePdf(pdfLib, await marked(source));
    const sent = await drain(stream);
    expect(sizeBytes).toBe(expected.length);
    expect(sent.equals(expected)).toBe(true);
  });
});

describe('reading a stored file whole', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'plinth-read-whole-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it.each([
    ['the stored size', 300_000, 300_000],
    ['larger than stored (the buffer grows)', 300_000, 1000],
    ['smaller than stored', 300_000, 500_000],
    ['empty', 0, 10],
  ])('a local file: %s', async (_label, size, bufferSize) => {
    const content = randomBytes(size);
    const path = join(dir, `file-${size}-${bufferSize}`);
    await writeFile(path, content);
    const handle = await open(path, 'r');
    const stream = handle.createReadStream();
    const { bytes } = await readWhole(stream, Buffer.alloc(bufferSize));
    expect(bytes.equals(content)).toBe(true);
    await new Promise<void>((resolve) => stream.once('close', () => resolve()));
    expect(stream.destroyed).toBe(true);
  });

  it('any other stream (S3) chunk by chunk', async () => {
    const parts = [randomBytes(70_000), randomBytes(5), randomBytes(200_000)];
    const { bytes } = await readWhole(Readable.from(parts), Buffer.alloc(100));
    expect(bytes.equals(Buffer.concat(parts))).toBe(true);
  });
});

describe('stamped copies in turn', () => {
  const stamp = (code: string) => ({
    recipient: { name: 'Jane Citizen', email: 'jane@example.com', company: 'Citizen Capital' },
    code,
    at: new Date('2026-11-27T01:00:00Z'),
  });

  it('a buffer given back is reused without mixing copies', async () => {
    const first = await pdfWithImages(3);
    const second = await pdfWithImages(2);
    const file = (bytes: Buffer) => ({ mimeType: 'application/pdf', sizeBytes: bytes.length });
    const a = await stampedCopy(Readable.from([first]), file(first), stamp('AAAA-AAAA'));
    const aBytes = await drain(a.body as Readable);
    releaseStampMemory(a.body, true);
    // Several at once, each the file it was asked for, stamped for its own code.
    const [b, c] = await Promise.all([
      stampedCopy(Readable.from([second]), file(second), stamp('BBBB-BBBB')),
      stampedCopy(Readable.from([first]), file(first), stamp('CCCC-CCCC')),
    ]);
    const [bBytes, cBytes] = await Promise.all([drain(b.body as Readable), drain(c.body as Readable)]);
    for (const [copy, bytes] of [
      [a, aBytes],
      [b, bBytes],
      [c, cBytes],
    ] as const)
      expect(bytes.length).toBe(copy.sizeBytes);
    expect((await PDFDocument.load(aBytes)).getPageCount()).toBe(3);
    expect((await PDFDocument.load(bBytes)).getPageCount()).toBe(2);
    expect((await PDFDocument.load(cBytes)).getPageCount()).toBe(3);
    expect((await pagesText(bBytes)).join(' ')).toContain('BBBB-BBBB');
    expect((await pagesText(cBytes)).join(' ')).toContain('CCCC-CCCC');
    expect((await pagesText(aBytes)).join(' ')).toContain('AAAA-AAAA');
  });
});
