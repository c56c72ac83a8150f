import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inflateSync } from 'node:zlib';
import {
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFName,
  type PDFPage,
  PDFRawStream,
  PDFRef,
  StandardFonts,
} from '@cantoo/pdf-lib';

/**
 * What a recipient who wants a clean copy of a stamped PDF does with pdf-lib and qpdf (issue 30
 * finding 1), one function per step; each takes the file's bytes and gives the new file's bytes.
 * Written from outside, as the recipient would: nothing here knows how the stamp is made.
 */

const load = (bytes: Uint8Array) => PDFDocument.load(bytes, { updateMetadata: false });
const save = async (doc: PDFDocument) => Buffer.from(await doc.save());

/** A page's content streams, as refs or streams in drawing order, and the array holding them. */
function contentsOf(doc: PDFDocument, page: PDFPage) {
  const value = page.node.get(PDFName.of('Contents'));
  const looked = value ? doc.context.lookup(value) : undefined;
  if (looked instanceof PDFArray) return { array: looked, items: looked.asArray() };
  return { array: null, items: value ? [value] : [] };
}

/** A stream's bytes, inflated when it says FlateDecode (what every content stream here uses). */
export function streamBytes(stream: PDFRawStream): Buffer {
  const filter = stream.dict.lookup(PDFName.of('Filter'));
  const raw = Buffer.from(stream.getContents());
  const isFlate =
    filter === PDFName.of('FlateDecode') ||
    (filter instanceof PDFArray && filter.asArray().some((f) => f === PDFName.of('FlateDecode')));
  return isFlate ? inflateSync(raw) : raw;
}

/** The text a stream shows, as its string operands read (hex and literal, in WinAnsi). */
export function stringsIn(content: Buffer): string {
  const text = content.toString('latin1');
  const parts: string[] = [];
  for (const match of text.matchAll(/<([0-9A-Fa-f\s]+)>(?!>)|\(((?:\\.|[^\\)])*)\)/g)) {
    if (match[1] !== undefined)
      parts.push(Buffer.from(match[1].replace(/\s/g, ''), 'hex').toString('latin1'));
    else parts.push(match[2]!.replace(/\\(.)/g, '$1'));
  }
  return parts.join('');
}

/** (a) Deletes the last content stream of every page (where a stamp appended last would be). */
export async function deleteLastContentStream(bytes: Uint8Array): Promise<Buffer> {
  const doc = await load(bytes);
  for (const page of doc.getPages()) {
    const { array, items } = contentsOf(doc, page);
    if (array && items.length > 0) array.remove(items.length - 1);
    else page.node.delete(PDFName.of('Contents'));
  }
  return save(doc);
}

/**
 * (b) Deletes every stream that holds `text` (the footer's e-mail, as the recipient reads it on the
 * page): content streams of every page and the form XObjects in its resources.
 */
export async function deleteStreamsHolding(bytes: Uint8Array, text: string): Promise<Buffer> {
  const doc = await load(bytes);
  const holds = (object: unknown) =>
    object instanceof PDFRawStream && stringsIn(streamBytes(object)).includes(text);
  for (const page of doc.getPages()) {
    const { array, items } = contentsOf(doc, page);
    for (let i = items.length - 1; i >= 0; i--) {
      if (!holds(doc.context.lookup(items[i]))) continue;
      if (array) array.remove(i);
      else page.node.delete(PDFName.of('Contents'));
    }
    const xObjects = page.node.Resources()?.lookupMaybe(PDFName.of('XObject'), PDFDict);
    for (const [name, ref] of xObjects?.entries() ?? []) {
      if (holds(doc.context.lookup(ref))) xObjects!.delete(name);
    }
  }
  return save(doc);
}

/** (c) Drops the document's keywords and its XMP metadata stream. */
export async function dropMetadata(bytes: Uint8Array): Promise<Buffer> {
  const doc = await load(bytes);
  const info = doc.context.lookup(doc.context.trailerInfo.Info);
  if (info instanceof PDFDict) info.delete(PDFName.of('Keywords'));
  doc.catalog.delete(PDFName.of('Metadata'));
  return save(doc);
}

/** (d) Copies every page into a new document made with pdf-lib. */
export async function copyIntoFreshDocument(bytes: Uint8Array): Promise<Buffer> {
  const source = await load(bytes);
  const fresh = await PDFDocument.create();
  for (const page of await fresh.copyPages(source, source.getPageIndices())) fresh.addPage(page);
  return save(fresh);
}

/**
 * Cuts out by hand every text object (BT … ET) whose text holds `text`: the visible footer and
 * diagonal go, anything else stays. What "editing the content operators" starts with.
 */
export async function cutTextObjectsHolding(bytes: Uint8Array, text: string): Promise<Buffer> {
  const doc = await load(bytes);
  for (const page of doc.getPages()) {
    const { items } = contentsOf(doc, page);
    const content = Buffer.concat(
      items.map((item) => {
        const stream = doc.context.lookup(item);
        return stream instanceof PDFRawStream
          ? Buffer.concat([streamBytes(stream), Buffer.from('\n')])
          : Buffer.alloc(0);
      }),
    ).toString('latin1');
    const cut = content.replace(/\bBT\b[\s\S]*?\bET\b/g, (block) =>
      stringsIn(Buffer.from(block, 'latin1')).includes(text) ? '' : block,
    );
    const ref = doc.context.register(doc.context.flateStream(Buffer.from(cut, 'latin1')));
    page.node.set(PDFName.of('Contents'), ref);
  }
  return save(doc);
}

/** Where qpdf is: QPDF_PATH (npm test sets it, installing Debian's package as root) or the usual place. */
export function qpdfPath(): string {
  const found = [process.env.QPDF_PATH, '/usr/bin/qpdf', '/usr/local/bin/qpdf'].find((path): path is string =>
    Boolean(path && existsSync(path)),
  );
  if (!found)
    throw new Error(
      'qpdf not found: the stamp-removal test needs it. `npm test` installs it as root (apt-get install qpdf); otherwise install it or set QPDF_PATH.',
    );
  return found;
}

/** (e) Re-saves the file with qpdf: `--qdf` (uncompressed, normalised) or with object streams. */
export async function resaveWithQpdf(bytes: Uint8Array, mode: 'qdf' | 'object-streams'): Promise<Buffer> {
  const dir = await mkdtemp(join(tmpdir(), 'plinth-qpdf-'));
  try {
    const input = join(dir, 'in.pdf');
    const output = join(dir, 'out.pdf');
    await writeFile(input, bytes);
    const args = mode === 'qdf' ? ['--qdf'] : ['--object-streams=generate', '--compress-streams=y'];
    try {
      execFileSync(qpdfPath(), [...args, input, output], { stdio: 'pipe' });
    } catch (error) {
      // Exit status 3: written, with warnings (a recipient would keep the file).
      if ((error as { status?: number }).status !== 3) throw error;
    }
    return await readFile(output);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Every step in turn: (a) to (e). */
export async function everyStep(bytes: Uint8Array, footerText: string): Promise<Buffer> {
  let copy = await deleteLastContentStream(bytes);
  copy = await deleteStreamsHolding(copy, footerText);
  copy = await dropMetadata(copy);
  copy = await copyIntoFreshDocument(copy);
  copy = await resaveWithQpdf(copy, 'qdf');
  return resaveWithQpdf(copy, 'object-streams');
}

/**
 * A richer PDF than support/watermark's: every page has `lines` lines of text, each drawn as its own
 * object, so a page's content has many places between its operators.
 */
export async function makeManyLinePdf(pages: number, lines = 12): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let n = 1; n <= pages; n++) {
    const page = doc.addPage([595, 842]);
    for (let line = 0; line < lines; line++)
      page.drawText(`Valuation report, page ${n}, line ${line + 1}`, {
        x: 50,
        y: 780 - line * 20,
        size: 12,
        font,
      });
    page.drawRectangle({ x: 50, y: 400, width: 200, height: 80, borderWidth: 1 });
  }
  return Buffer.from(await doc.save());
}

/** The operators of a content stream in order, operands left out. */
export function operatorsOf(content: Buffer): string[] {
  const text = content
    .toString('latin1')
    .replace(/\((?:\\.|[^\\)])*\)/g, ' ')
    .replace(/<<|>>/g, ' ')
    .replace(/<[0-9A-Fa-f\s]*>/g, ' ')
    .replace(/\/[^\s/<>[\]()]+/g, ' ')
    .replace(/[[\]]/g, ' ');
  return text.split(/\s+/).filter((token) => token && !/^[+-]?(\d+\.?\d*|\.\d+)$/.test(token));
}

export const isRef = (value: unknown): value is PDFRef => value instanceof PDFRef;
