import type { PDFDocument, PDFRef } from '@cantoo/pdf-lib';
import {
  CODE_KEYWORD_PREFIX,
  type StampRecipient,
  stampDiagonal,
  stampFooter,
} from '@plinth/domain/watermark';
import { type SerializedPdf, serializePdf } from './pdf-stream';
import { invisibleText, num, resourceName, xmpWithMark } from './stamp-marks';
import { deflate, stampPages, streamData } from './stamp-page';

/**
 * The stamp on a recipient's copy (decision 034): a light diagonal line across each page (e-mail and
 * code) and a footer line (name · company · e-mail · Sydney time · code). The libraries load on the
 * first stamp, not at start (decision 028: memory at rest).
 */

export interface Stamp {
  recipient: StampRecipient;
  code: string;
  at: Date;
}

/** A file that cannot be read as the PDF or image it claims to be, so no stamp can be made. */
export class UnstampableFileError extends Error {}

// The standard fonts speak WinAnsi only: typographic quotes and dashes kept, accents dropped to
// their letter, anything else (CJK, emoji) a '?'. The e-mail and code are ASCII already.
const winAnsiExtras = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');
export function toWinAnsi(text: string): string {
  let out = '';
  for (const ch of text.normalize('NFC')) {
    const code = ch.codePointAt(0) ?? 0;
    if ((code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || winAnsiExtras.has(ch)) {
      out += ch;
      continue;
    }
    const base = ch.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
    out += /^[\x20-\x7e]+$/.test(base) ? base : '?';
  }
  return out;
}

let isParserPatched = false;
/**
 * pdf-lib's parser copies every stream's bytes out of the file it reads (ByteStream.slice), which
 * for a 10 MB PDF of images is a second 10 MB per stamp. The file's buffer is never written to and
 * outlives the document, so views into it serve as well: slice is made to answer a view (subarray).
 * ByteStream is not exported; its prototype is reached through a parser made over an empty file.
 */
function parseWithoutCopies(PDFParser: typeof import('@cantoo/pdf-lib').PDFParser) {
  if (isParserPatched) return;
  const parser = PDFParser.forBytesWithOptions(new Uint8Array(0)) as unknown as { bytes: object };
  const proto = Object.getPrototypeOf(parser.bytes) as {
    slice(this: { bytes: Uint8Array }, start: number, end: number): Uint8Array;
  };
  proto.slice = function slice(start, end) {
    return this.bytes.subarray(start, end);
  };
  isParserPatched = true;
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/**
 * Stamps every page of a PDF (decision 050): the page's own drawing and the stamp become one content
 * stream, with marks that draw nothing between the page's operators, and the code goes into the
 * keywords and the XMP metadata too. The stamp's font, graphics states and form are named afresh for
 * every copy. The whole file is rewritten (not an incremental update, which a leaker could cut off to
 * get the original back). An encrypted or unreadable PDF throws. The copy is written as it is read
 * (pdf-stream.ts) and refers to `bytes`: they must stay as they are until the copy's stream is done.
 */
export async function stampPdf(bytes: Uint8Array, stamp: Stamp): Promise<SerializedPdf> {
  const pdfLib = await import('@cantoo/pdf-lib');
  const { PDFDocument, StandardFonts } = pdfLib;
  parseWithoutCopies(pdfLib.PDFParser);
  let doc: Awaited<ReturnType<typeof PDFDocument.load>>;
  try {
    doc = await PDFDocument.load(bytes, { updateMetadata: false });
    if (doc.getPageCount() === 0) throw new Error('no pages');
  } catch (error) {
    throw new UnstampableFileError(`not a readable PDF: ${(error as Error).message}`);
  }
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const footer = toWinAnsi(stampFooter(stamp.recipient, stamp.code, stamp.at));
  const diagonal = toWinAnsi(stampDiagonal(stamp.recipient, stamp.code));
  // Widths at 1 pt, measured once (widths scale with the size): the same two lines on every page.
  const footerWidth = font.widthOfTextAtSize(footer, 1);
  const diagonalWidth = font.widthOfTextAtSize(diagonal, 1);
  const [footerHex, diagonalHex] = [footer, diagonal].map((text) => font.encodeText(text).toString());
  const { context } = doc;
  const opacity = (value: number) =>
    context.register(context.obj({ Type: 'ExtGState', ca: value, CA: value }));
  const markFont = context.register(
    context.obj({ Type: 'Font', Subtype: 'Type1', BaseFont: 'Helvetica', Encoding: 'WinAnsiEncoding' }),
  );
  stampPages(pdfLib, doc, {
    font: font.ref,
    markFont,
    footerState: opacity(0.85),
    diagonalState: opacity(0.2),
    form: formMark(pdfLib, doc, markFont, stamp.code),
    invisible: (fontName, box) => invisibleText(stamp.code, fontName, box),
    visible(names, box) {
      // The footer fits the page's width: smaller type on a narrow page, never under 5 pt.
      const footerSize = clamp(((box.width - 48) / footerWidth) * 0.98, 5, 8);
      // Corner to corner, about two thirds of the diagonal long, centred.
      const angle = Math.atan2(box.height, box.width);
      const size = clamp((Math.hypot(box.width, box.height) * 0.66) / diagonalWidth, 10, 48);
      const width = diagonalWidth * size;
      const [cos, sin] = [Math.cos(angle), Math.sin(angle)];
      const x = box.x + box.width / 2 - (width / 2) * cos + (size / 3) * sin;
      const y = box.y + box.height / 2 - (width / 2) * sin - (size / 3) * cos;
      const artifact = '/Artifact <</Type /Pagination /Subtype /Watermark>> BDC\n';
      return (
        `${artifact}q\n/${names.footerState} gs\nBT\n0.3 0.3 0.3 rg\n/${names.font} ${num(footerSize)} Tf\n` +
        `1 0 0 1 ${num(box.x + 24)} ${num(box.y + 12)} Tm\n${footerHex} Tj\nET\nQ\n` +
        `q\n/${names.diagonalState} gs\nBT\n0.55 0.55 0.55 rg\n/${names.font} ${num(size)} Tf\n` +
        `${num(cos)} ${num(sin)} ${num(-sin)} ${num(cos)} ${num(x)} ${num(y)} Tm\n${diagonalHex} Tj\nET\nQ\nEMC\n`
      );
    },
  });
  const keywords = [doc.getKeywords(), `${CODE_KEYWORD_PREFIX}${stamp.code}`].filter(Boolean).join(' ');
  doc.setKeywords([keywords]);
  setXmpMark(pdfLib, doc, stamp.code, keywords);
  // Written without object streams (as doc.save({ useObjectStreams: false }) would): they would
  // compress better but cost time on every download, and the budget is time.
  return serializePdf(pdfLib, doc);
}

/**
 * A form XObject in every page's resources, drawn by the page (`Do`) and drawing nothing: a mark that
 * stays with the page's resources when its content streams are deleted or its pages copied.
 */
function formMark(pdfLib: typeof import('@cantoo/pdf-lib'), doc: PDFDocument, font: PDFRef, code: string) {
  const name = resourceName('font', () => false);
  const content = invisibleText(code, name, { x: 0, y: 0, width: 1, height: 1 });
  const dict = doc.context.obj({
    Type: 'XObject',
    Subtype: 'Form',
    BBox: [0, 0, 1, 1],
    Resources: { Font: { [name]: font } },
    Filter: 'FlateDecode',
  });
  return doc.context.register(pdfLib.PDFRawStream.of(dict, deflate(content)));
}

/** The copy's mark in the document's XMP metadata (an existing packet kept, the mark added). */
function setXmpMark(
  pdfLib: typeof import('@cantoo/pdf-lib'),
  doc: PDFDocument,
  code: string,
  keywords: string,
) {
  const { PDFName, PDFRawStream } = pdfLib;
  const ref = doc.catalog.get(PDFName.of('Metadata'));
  const found = ref ? doc.context.lookup(ref) : undefined;
  const existing = found instanceof PDFRawStream ? found : null;
  const text = existing ? streamData(pdfLib, existing) : null;
  const xmp = Buffer.from(
    xmpWithMark(text ? Buffer.from(text).toString('utf8') : null, code, keywords),
    'utf8',
  );
  // Uncompressed, as XMP is written so that tools that do not read PDF can find it; in the old
  // packet's place when there was one, so it is not left in the file beside the new.
  const stream = PDFRawStream.of(doc.context.obj({ Type: 'Metadata', Subtype: 'XML' }), xmp);
  if (ref instanceof pdfLib.PDFRef && existing) doc.context.assign(ref, stream);
  else doc.catalog.set(PDFName.of('Metadata'), doc.context.register(stream));
}

/**
 * Stamps a PNG or JPEG: the stamp tiled over the whole image, the code hidden in its pixels and
 * written into its metadata (image-stamp.ts, decision 051). An image that cannot be decoded throws.
 */
export async function stampImage(bytes: Uint8Array, mimeType: string, stamp: Stamp): Promise<Buffer> {
  const { stampImage: stampPixels } = await import('./image-stamp');
  try {
    return await stampPixels(bytes, mimeType, stamp);
  } catch (error) {
    throw new UnstampableFileError(`not a readable image: ${(error as Error).message}`);
  }
}
