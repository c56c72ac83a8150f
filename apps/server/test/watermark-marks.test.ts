import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { deflateSync } from 'node:zlib';
import {
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFName,
  PDFRawStream,
  PDFRef,
  StandardFonts,
} from '@cantoo/pdf-lib';
import { CODE_ALPHABET } from '@plinth/domain/watermark';
import { describe, expect, it } from 'vitest';
import { respace, scanContent, stringsOf } from '../src/modules/watermark/content-stream';
import { readDownloadCode } from '../src/modules/watermark/read-code';
import { stampPdf } from '../src/modules/watermark/stamp';
import { codesInMarks, markFor } from '../src/modules/watermark/stamp-marks';
import { cutTextObjectsHolding, streamBytes } from './support/stamp-attacks';
import { pagesText } from './support/watermark';

// Decision 050: how a page's content is read operator by operator to put marks between them, what
// the stamp makes of unusual pages (inline images, unbalanced or unreadable content, shared streams,
// inherited resources), and that each kind of mark alone names the copy.

const CODE = 'K7QM-2XWD';
const stamp = {
  recipient: { name: 'Jane Citizen', email: 'jane@example.com', company: 'Citizen Capital' },
  code: CODE,
  at: new Date('2026-11-27T01:00:00Z'),
};

async function drain(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}
const stamped = async (bytes: Uint8Array) => drain((await stampPdf(bytes, stamp)).stream);

/** The operator just before each place offered. */
const endings = (content: string) =>
  (scanContent(Buffer.from(content, 'latin1'))?.boundaries ?? []).map((at) =>
    content.slice(0, at).split(/\s/).pop(),
  );

describe('reading a content stream operator by operator', () => {
  it('offers the places outside text objects, paths and marked content, after whole operators', () => {
    const content =
      'q 1 0 0 1 5 5 cm BT /F1 12 Tf (a) Tj ET 0 0 m 10 10 l S /P <</MCID 0>> BDC BT (b) Tj ET EMC [1 2] 0 d Q';
    expect(endings(content)).toEqual(['q', 'cm', 'ET', 'S', 'EMC', 'd', 'Q']);
    const scan = scanContent(Buffer.from(content, 'latin1'))!;
    expect(scan).toMatchObject({ endsAtTopLevel: true, isComplete: true, lowestDepth: 0, finalDepth: 0 });
  });

  it('is not fooled by strings, comments or dictionaries that hold operator names', () => {
    const content = 'BT (ET q \\) BT) Tj <4554> Tj ET % BT ET q\n/Name <</Key (ET)>> BDC EMC';
    expect(endings(content)).toEqual(['ET', 'EMC']);
  });

  it('stops at an inline image: only the places before it are offered', () => {
    const content = 'q BT (x) Tj ET Q BI /W 2 /H 2 /BPC 8 /CS /G ID BT() EI q BT (y) Tj ET Q';
    const scan = scanContent(Buffer.from(content, 'latin1'))!;
    expect(scan.isComplete).toBe(false);
    expect(scan.endsAtTopLevel).toBe(false);
    expect(Math.max(...scan.boundaries)).toBeLessThan(content.indexOf('BI'));
  });

  it('answers null for what does not parse; counts q and Q that do not balance', () => {
    for (const broken of ['ET', 'BT BT', '(never closed', 'EMC', '[ 1 2 S ]', 'ID'])
      expect(scanContent(Buffer.from(broken, 'latin1')), broken).toBeNull();
    expect(scanContent(Buffer.from('Q Q q', 'latin1'))).toMatchObject({ lowestDepth: -2, finalDepth: -1 });
    expect(scanContent(Buffer.from('0 0 m 5 5 l', 'latin1'))?.endsAtTopLevel).toBe(false);
  });

  it('reads the strings shown, hex and literal, escapes and TJ arrays joined', () => {
    const content = '(a\\(b\\)\\101) Tj <48 69> Tj [(Jo) -20 (in) 5 (ed)] TJ BI /W 1 ID (no) EI (end) Tj';
    expect(stringsOf(Buffer.from(content, 'latin1'))).toEqual(['a(b)A', 'Hi', 'Joined', 'end']);
  });
});

describe("writing a page's content afresh", () => {
  const all = (content: string) => {
    const bytes = Buffer.from(content, 'latin1');
    return respace(bytes, bytes.length, () => 2).toString('latin1');
  };

  it('changes only the whitespace between tokens: not in strings, comments or dictionaries', () => {
    const content =
      'q  1 0 0 1 5 5 cm\nBT (a  b) Tj <41 42> Tj ET % a comment  here\n/P <</Alt (x > y  z)>> BDC EMC Q';
    const written = all(content);
    expect(written).not.toBe(content);
    expect(written.replace(/\s+/g, ' ')).toBe(content.replace(/\s+/g, ' '));
    for (const kept of ['(a  b)', '<41 42>', '% a comment  here\n', '(x > y  z)'])
      expect(written).toContain(kept);
    expect(stringsOf(Buffer.from(written, 'latin1'))).toEqual(stringsOf(Buffer.from(content, 'latin1')));
  });

  it('copies an inline image and what follows as it is', () => {
    const content = 'q 2 0 0 2 0 0 cm BI /W 1 /H 1 /BPC 8 /CS /G ID \x00 EI Q';
    const bytes = Buffer.from(content, 'latin1');
    const { readTo } = scanContent(bytes)!;
    const written = respace(bytes, readTo, () => 1).toString('latin1');
    expect(written.endsWith(content.slice(readTo))).toBe(true);
    expect(written.slice(0, written.indexOf('BI'))).toBe('q\n2\n0\n0\n2\n0\n0\ncm\n');
  });

  it('two copies of a page differ line by line, not only where the marks are', async () => {
    const source = await pdfWithContent(
      Array.from({ length: 30 }, (_, i) => `q BT /F1 10 Tf 50 ${700 - i * 12} Td (Line ${i}) Tj ET Q`).join(
        '\n',
      ),
    );
    const contents = await Promise.all(
      [1, 2].map(async () => {
        const doc = await PDFDocument.load(await stamped(source));
        return streamBytes(
          doc.context.lookup(doc.getPage(0).node.get(PDFName.of('Contents'))) as PDFRawStream,
        ).toString('latin1');
      }),
    );
    const pageOnly = (content: string) =>
      content
        .slice(0, content.indexOf('/Artifact <<'))
        .replace(/q\s+\/Artifact\s+BMC[\s\S]*?EMC\s+Q/g, '')
        .replace(/q\s+\/\S+\s+Do\s+Q/g, '');
    const [a, b] = contents.map(pageOnly) as [string, string];
    expect(a.replace(/\s+/g, ' ')).toBe(b.replace(/\s+/g, ' '));
    const linesOfB = new Set(b.split('\n'));
    const shared = a.split('\n').filter((line) => linesOfB.has(line)).length / a.split('\n').length;
    expect(shared).toBeLessThan(0.9);
    expect(a).not.toBe(b);
  });
});

describe('marks that draw nothing', () => {
  it('every mark of one code differs, and each reads back as the code', () => {
    const marks = Array.from({ length: 20 }, () => markFor(CODE));
    expect(new Set(marks).size).toBe(20);
    for (const mark of marks) {
      expect(mark).toMatch(/^[0-9A-Z]{16}$/);
      expect(mark).not.toContain(CODE.replace('-', ''));
      expect(codesInMarks(`text before ${mark} and after`)).toEqual([CODE]);
    }
    expect(codesInMarks(marks.slice(0, 3).join(''))).toEqual([CODE, CODE, CODE]);
  });

  it('10,000 other strings of the same form are not taken for marks', () => {
    const strings = Array.from({ length: 10_000 }, (_, i) =>
      [...createHash('sha256').update(String(i)).digest().subarray(0, 16)]
        .map((b) => CODE_ALPHABET[b % 32])
        .join(''),
    );
    expect(codesInMarks(strings.join(' '))).toEqual([]);
  });
});

/** A one-page PDF whose content stream is `content`, with Helvetica as /F1. */
async function pdfWithContent(content: string | Buffer, options: { encode?: boolean } = {}): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([595, 842]);
  page.node.setFontDictionary(PDFName.of('F1'), font.ref);
  const bytes = Buffer.isBuffer(content) ? content : Buffer.from(content, 'latin1');
  const stream = options.encode === false ? doc.context.stream(bytes) : doc.context.flateStream(bytes);
  page.node.set(PDFName.of('Contents'), doc.context.register(stream));
  return Buffer.from(await doc.save());
}

/** Every stream in a file, decoded where it can be. */
async function allStreams(bytes: Buffer): Promise<Buffer[]> {
  const doc = await PDFDocument.load(bytes);
  return doc.context
    .enumerateIndirectObjects()
    .filter(([, object]) => object instanceof PDFRawStream)
    .map(([, object]) => {
      try {
        return streamBytes(object as PDFRawStream);
      } catch {
        return Buffer.alloc(0);
      }
    });
}

async function contentCount(bytes: Buffer) {
  const doc = await PDFDocument.load(bytes);
  return doc.getPages().map((page) => {
    const contents = doc.context.lookup(page.node.get(PDFName.of('Contents')));
    return contents instanceof PDFArray ? contents.size() : 1;
  });
}

describe('stamping unusual pages', () => {
  it.each([
    [
      'an inline image (its data holding BT and parentheses)',
      'q 20 0 0 20 100 600 cm BI /W 2 /H 2 /BPC 8 /CS /G ID BT() EI Q BT /F1 14 Tf 50 700 Td (Own text after the image) Tj ET',
    ],
    ['q without Q', 'q q 1 0 0 1 0 0 cm BT /F1 14 Tf 50 700 Td (Own text unbalanced) Tj ET'],
    ['Q without q', 'BT /F1 14 Tf 50 700 Td (Own text restored) Tj ET Q Q'],
    ['content that does not parse (ET without BT)', 'BT /F1 14 Tf 50 700 Td (Own text broken) Tj ET ET'],
    ['a path left open at the end', 'BT /F1 14 Tf 50 700 Td (Own text open path) Tj ET 0 0 m 100 100 l'],
  ])('%s: one stream, its own text and the stamp shown, the code read back', async (_label, content) => {
    const copy = await stamped(await pdfWithContent(content));
    expect(await contentCount(copy)).toEqual([1]);
    const [text] = await pagesText(copy);
    expect(text).toMatch(/Own text/);
    expect(text).toContain(`Code ${CODE}`);
    expect(await readDownloadCode(copy)).toBe(CODE);
    // The visible stamp cut out, the marks between the page's operators still name the copy.
    const cut = await cutTextObjectsHolding(copy, stamp.recipient.email);
    expect((await pagesText(cut))[0]).not.toContain(CODE);
    expect(codesInMarks((await allStreams(cut)).map((s) => stringsOf(s).join(' ')).join(' '))).toContain(
      CODE,
    );
  });

  it('content that cannot be decoded keeps its streams, wrapped, with the stamp after them', async () => {
    const doc = await PDFDocument.create();
    const page = doc.addPage([595, 842]);
    const broken = PDFRawStream.of(
      doc.context.obj({ Filter: 'FlateDecode' }),
      Buffer.from('not zlib data at all'),
    );
    page.node.set(PDFName.of('Contents'), doc.context.register(broken));
    const copy = await stamped(Buffer.from(await doc.save()));
    expect(await contentCount(copy)).toEqual([3]);
    expect((await pagesText(copy))[0]).toContain(`Code ${CODE}`);
  });

  it('shared and split content streams become one stream per page; no stream of the file is the page without its stamp', async () => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    const parts = [
      'BT /F1 14 Tf 50 700 Td (First part) Tj ET',
      'BT /F1 14 Tf 50 650 Td (Second part) Tj ET',
    ].map((text) => doc.context.register(doc.context.flateStream(text)));
    // Resources on the page tree, inherited by both pages.
    doc.catalog
      .lookup(PDFName.of('Pages'), PDFDict)
      .set(PDFName.of('Resources'), doc.context.obj({ Font: { F1: font.ref } }));
    for (let n = 0; n < 2; n++) {
      const page = doc.addPage([595, 842]);
      page.node.delete(PDFName.of('Resources'));
      page.node.set(PDFName.of('Contents'), doc.context.obj(parts));
    }
    const original = Buffer.from(await doc.save());
    const copy = await stamped(original);
    expect(await contentCount(copy)).toEqual([1, 1]);
    for (const text of await pagesText(copy)) {
      expect(text).toContain('First part');
      expect(text).toContain('Second part');
      expect(text).toContain(`Code ${CODE}`);
    }
    const streams = (await allStreams(copy)).map((s) => s.toString('latin1'));
    expect(streams.filter((s) => s.includes('(First part)') && !s.includes('Tr'))).toEqual([]);
    expect(streams.filter((s) => s.includes('(Second part)') && !s.includes('Tr'))).toEqual([]);
    const refs = (await PDFDocument.load(copy)).context.enumerateIndirectObjects().map(([ref]) => ref);
    expect(refs.every((ref) => ref instanceof PDFRef)).toBe(true);
  });

  it('a page with no content gets the stamp and the marks', async () => {
    const doc = await PDFDocument.create();
    doc.addPage([300, 400]);
    const copy = await stamped(Buffer.from(await doc.save()));
    expect((await pagesText(copy))[0]).toContain(`Code ${CODE}`);
    expect(await readDownloadCode(copy)).toBe(CODE);
  });
});

describe('each kind of mark alone names the copy', () => {
  const strip = async (bytes: Buffer, keep: 'keywords' | 'xmp' | 'form' | 'content'): Promise<Buffer> => {
    const doc = await PDFDocument.load(bytes, { updateMetadata: false });
    if (keep !== 'keywords') {
      const info = doc.context.lookup(doc.context.trailerInfo.Info);
      if (info instanceof PDFDict) info.delete(PDFName.of('Keywords'));
    }
    if (keep !== 'xmp') doc.catalog.delete(PDFName.of('Metadata'));
    for (const page of doc.getPages()) {
      if (keep !== 'form') page.node.Resources()?.delete(PDFName.of('XObject'));
      if (keep !== 'content') page.node.delete(PDFName.of('Contents'));
      else {
        // The visible stamp's text objects cut out: what is left of the code is the invisible marks.
        const content = streamBytes(doc.context.lookup(page.node.get(PDFName.of('Contents'))) as PDFRawStream)
          .toString('latin1')
          .replace(/\bBT\b[\s\S]*?\bET\b/g, (block) => (/\b3 Tr\b/.test(block) ? block : ''));
        const stream = PDFRawStream.of(
          doc.context.obj({ Filter: 'FlateDecode' }),
          deflateSync(Buffer.from(content, 'latin1')),
        );
        page.node.set(PDFName.of('Contents'), doc.context.register(stream));
      }
    }
    return Buffer.from(await doc.save());
  };

  it.each(['keywords', 'xmp', 'form', 'content'] as const)('%s', async (keep) => {
    const copy = await stamped(await pdfWithContent('BT /F1 14 Tf 50 700 Td (Own text) Tj ET'));
    const left = await strip(copy, keep);
    expect((await pagesText(left))[0]).not.toContain(`Code ${CODE}`);
    expect(await readDownloadCode(left)).toBe(CODE);
  });

  it('nothing left: no code', async () => {
    const copy = await stamped(await pdfWithContent('BT /F1 14 Tf 50 700 Td (Own text) Tj ET'));
    const doc = await PDFDocument.load(copy, { updateMetadata: false });
    doc.catalog.delete(PDFName.of('Metadata'));
    doc.setKeywords([]);
    for (const page of doc.getPages()) {
      page.node.delete(PDFName.of('Contents'));
      page.node.Resources()?.delete(PDFName.of('XObject'));
    }
    expect(await readDownloadCode(Buffer.from(await doc.save()))).toBeNull();
  });
});
