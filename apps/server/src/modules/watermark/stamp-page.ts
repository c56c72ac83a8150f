import { constants, deflateSync, inflateSync } from 'node:zlib';
import { respace, scanContent } from './content-stream';
import { between, randomBelow, resourceName } from './stamp-marks';

const spacing = () => randomBelow(5);

type PdfLib = typeof import('@cantoo/pdf-lib');
type PDFDocument = import('@cantoo/pdf-lib').PDFDocument;
type PDFPage = import('@cantoo/pdf-lib').PDFPage;
type PDFDict = import('@cantoo/pdf-lib').PDFDict;
type PDFRef = import('@cantoo/pdf-lib').PDFRef;
type PDFObject = import('@cantoo/pdf-lib').PDFObject;

/**
 * One page of a stamped copy (decision 050): the page's own content and the stamp become one content
 * stream, `q <the page's content, with marks that draw nothing put between its operators> Q <the
 * stamp>`, so deleting a stream deletes the page. The old content streams are dropped from the file:
 * left in it, they would be the page without its stamp.
 */

/**
 * Deflated with a window and hash sized to the input: zlib's defaults take about 256 KB of native
 * memory per call, and a copy makes one call per page; that memory, freed only when V8 collects the
 * call's handle, made for twice as many full collections per download.
 */
export function deflate(bytes: string | Uint8Array): Buffer {
  const length = typeof bytes === 'string' ? bytes.length : bytes.byteLength;
  const windowBits = Math.min(15, Math.max(9, Math.ceil(Math.log2(length + 262))));
  return deflateSync(bytes, { windowBits, memLevel: Math.min(8, Math.max(1, windowBits - 7)) });
}

/** The bytes a stream holds, its filters undone; null when they cannot be (an unknown filter, broken data). */
export function streamData(pdfLib: PdfLib, stream: PDFObject | undefined): Uint8Array | null {
  const { PDFRawStream, PDFName, PDFArray, decodePDFRawStream } = pdfLib;
  if (!(stream instanceof PDFRawStream)) {
    const unencoded = (stream as { getUnencodedContents?: () => Uint8Array } | undefined)
      ?.getUnencodedContents;
    return unencoded ? unencoded.call(stream) : null;
  }
  try {
    const filter = stream.dict.lookup(PDFName.of('Filter'));
    const contents = stream.getContents();
    if (filter === undefined) return contents;
    const onlyFlate =
      (filter === PDFName.of('FlateDecode') ||
        (filter instanceof PDFArray &&
          filter.size() === 1 &&
          filter.lookup(0) === PDFName.of('FlateDecode'))) &&
      stream.dict.get(PDFName.of('DecodeParms')) === undefined;
    // Node's zlib is many times faster than pdf-lib's decoder; a stream cut short still gives what it has.
    if (onlyFlate) return inflateSync(contents, { finishFlush: constants.Z_SYNC_FLUSH });
    return decodePDFRawStream(stream).decode();
  } catch {
    return null;
  }
}

/** A page's content streams, as their refs (or the stream itself when written directly). */
export function contentParts(pdfLib: PdfLib, page: PDFPage): PDFObject[] {
  const value = page.node.get(pdfLib.PDFName.of('Contents'));
  if (value === undefined) return [];
  const looked = page.doc.context.lookup(value);
  return looked instanceof pdfLib.PDFArray ? looked.asArray() : [value];
}

/**
 * The page's resources: its own, or the page tree's it inherits (changed in place then, so the names
 * the stamp adds there are the same on every page that shares them), or a new dictionary.
 */
function resourcesOf(pdfLib: PdfLib, page: PDFPage): PDFDict {
  const found = page.node.Resources();
  if (found) return found;
  const resources = page.doc.context.obj({});
  page.node.set(pdfLib.PDFName.of('Resources'), resources);
  return resources;
}

/** The name `ref` has in the page's `kind` resources: the one it has already, else a new free one. */
function nameIn(pdfLib: PdfLib, page: PDFPage, kind: 'Font' | 'ExtGState' | 'XObject', ref: PDFRef): string {
  const { PDFName, PDFDict } = pdfLib;
  const resources = resourcesOf(pdfLib, page);
  let dict = resources.lookupMaybe(PDFName.of(kind), PDFDict);
  if (!dict) {
    dict = page.doc.context.obj({});
    resources.set(PDFName.of(kind), dict);
  }
  for (const [name, value] of dict.entries()) if (value === ref) return name.decodeText();
  const taken = dict;
  const name = resourceName(kind === 'Font' ? 'font' : kind === 'ExtGState' ? 'state' : 'form', (n) =>
    taken.has(PDFName.of(n)),
  );
  dict.set(PDFName.of(name), ref);
  return name;
}

export interface StampParts {
  font: PDFRef;
  /** The marks' font: Helvetica again, under a name of its own, so the stamp's name does not find them. */
  markFont: PDFRef;
  footerState: PDFRef;
  diagonalState: PDFRef;
  form: PDFRef;
  /** The visible stamp's operators for a page's crop box, given the names its resources have on it. */
  visible(names: { font: string; footerState: string; diagonalState: string }, box: Box): string;
  /** A fresh mark that draws nothing. */
  invisible(font: string, box: Box): string;
}
export type Box = { x: number; y: number; width: number; height: number };

/** Where the marks go between the page's operators: one near the middle and up to two more, at random. */
function insertionPoints(boundaries: number[], length: number): number[] {
  const inner = boundaries.filter((at) => at > 0 && at < length);
  if (inner.length === 0) return [];
  const middle = between(0.35, 0.65) * length;
  const chosen = new Set([
    inner.reduce((best, at) => (Math.abs(at - middle) < Math.abs(best - middle) ? at : best)),
  ]);
  for (let tries = 0; tries < 4 && chosen.size < Math.min(3, inner.length); tries++)
    chosen.add(inner[Math.floor(between(0, inner.length))]!);
  return [...chosen].sort((a, b) => a - b);
}

/**
 * The page's one content stream: its own content (all its streams, joined) wrapped in q … Q with
 * marks at its start, between its operators and at its end, then the visible stamp. A content stream
 * that cannot be read operator by operator is wrapped whole, nothing put inside it.
 */
export function composeContent(
  original: Uint8Array | null,
  ops: { invisible(): string; form: string; visible: string },
) {
  const scan = original?.length ? scanContent(original) : null;
  const opens = scan?.isComplete ? 1 - scan.lowestDepth : 1;
  const closes = scan?.isComplete ? opens + scan.finalDepth : 1;
  const chunks: (string | Uint8Array)[] = ['q\n'.repeat(opens), ops.invisible()];
  if (original?.length) {
    const points = scan ? insertionPoints(scan.boundaries, original.length) : [];
    const formAt = points.length ? points[Math.floor(between(0, points.length))]! : 0;
    if (formAt === 0) chunks.push(ops.form);
    // Each piece respaced on its own: a place offered is just past an operator, so every piece
    // starts and ends between tokens.
    const piece = (from: number, to: number) => {
      const bytes = original.subarray(from, to);
      return scan ? respace(bytes, Math.max(0, Math.min(to, scan.readTo) - from), spacing) : bytes;
    };
    let from = 0;
    for (const at of points) {
      chunks.push(piece(from, at), '\n', ops.invisible());
      if (at === formAt) chunks.push(ops.form);
      from = at;
    }
    chunks.push(piece(from, original.length), '\n');
    if (scan?.endsAtTopLevel) chunks.push(ops.invisible());
  } else chunks.push(ops.form);
  chunks.push('Q\n'.repeat(closes), ops.visible);
  if (!scan?.endsAtTopLevel) chunks.push(ops.invisible());
  return Buffer.concat(chunks.map((c) => (typeof c === 'string' ? Buffer.from(c, 'latin1') : c)));
}

/**
 * Stamps every page: one content stream each, the stamp's resources under names of this copy. Old
 * content streams no page uses any more are deleted from the document. A page whose content cannot be
 * decoded keeps its streams, wrapped in a `q` before and the stamp after (it still shows the stamp).
 */
export function stampPages(pdfLib: PdfLib, doc: PDFDocument, parts: StampParts) {
  const { PDFRawStream, PDFRef, PDFName } = pdfLib;
  const { context } = doc;
  const pages = doc.getPages();
  const uses = new Map<PDFRef, number>();
  const kept = new Set<PDFRef>();
  const contentArrays = new Set<PDFRef>();
  for (const page of pages) {
    const value = page.node.get(PDFName.of('Contents'));
    if (value instanceof PDFRef && !(context.lookup(value) instanceof PDFRawStream)) contentArrays.add(value);
    for (const part of contentParts(pdfLib, page))
      if (part instanceof PDFRef) uses.set(part, (uses.get(part) ?? 0) + 1);
  }
  const flate = (text: string | Uint8Array) =>
    context.register(PDFRawStream.of(context.obj({ Filter: 'FlateDecode' }), deflate(text)));
  for (const page of pages) {
    const box = page.getCropBox();
    const names = {
      font: nameIn(pdfLib, page, 'Font', parts.font),
      footerState: nameIn(pdfLib, page, 'ExtGState', parts.footerState),
      diagonalState: nameIn(pdfLib, page, 'ExtGState', parts.diagonalState),
    };
    const form = `q\n/${nameIn(pdfLib, page, 'XObject', parts.form)} Do\nQ\n`;
    const markFont = nameIn(pdfLib, page, 'Font', parts.markFont);
    const ops = {
      invisible: () => parts.invisible(markFont, box),
      form,
      visible: parts.visible(names, box),
    };
    const refs = contentParts(pdfLib, page);
    const decoded = refs.map((ref) => streamData(pdfLib, context.lookup(ref)));
    if (decoded.some((bytes) => bytes === null)) {
      for (const ref of refs) if (ref instanceof PDFRef) kept.add(ref);
      const stamp = `Q\n${ops.form}${ops.visible}${ops.invisible()}`;
      page.node.set(
        PDFName.of('Contents'),
        context.obj([flate(`q\n${ops.invisible()}`), ...refs, flate(stamp)]),
      );
      continue;
    }
    const joined = Buffer.concat((decoded as Uint8Array[]).flatMap((bytes) => [bytes, Buffer.from('\n')]));
    page.node.set(PDFName.of('Contents'), flate(composeContent(joined.length ? joined : null, ops)));
    for (const ref of refs) if (ref instanceof PDFRef) uses.set(ref, (uses.get(ref) ?? 1) - 1);
  }
  for (const [ref, left] of uses) if (left <= 0 && !kept.has(ref)) context.delete(ref);
  for (const ref of contentArrays) context.delete(ref);
}
