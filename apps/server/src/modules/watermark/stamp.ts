import {
  CODE_KEYWORD_PREFIX,
  type StampRecipient,
  stampDiagonal,
  stampFooter,
} from '@plinth/domain/watermark';
import { type SerializedPdf, serializePdf } from './pdf-stream';

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
 * Stamps every page of a PDF and writes the code into its keywords, so a dropped copy is traced
 * even if its text cannot be extracted. The whole file is rewritten (not an incremental update, which
 * a leaker could cut off to get the original back). An encrypted or unreadable PDF throws. The copy
 * is written as it is read (pdf-stream.ts) and refers to `bytes`: they must stay as they are until
 * the copy's stream is done.
 */
export async function stampPdf(bytes: Uint8Array, stamp: Stamp): Promise<SerializedPdf> {
  const pdfLib = await import('@cantoo/pdf-lib');
  const { PDFDocument, StandardFonts, degrees, rgb } = pdfLib;
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
  for (const page of doc.getPages()) {
    const box = page.getCropBox();
    // The footer fits the page's width: smaller type on a narrow page, never under 5 pt.
    const footerSize = clamp(((box.width - 48) / footerWidth) * 0.98, 5, 8);
    page.drawText(footer, {
      x: box.x + 24,
      y: box.y + 12,
      size: footerSize,
      font,
      color: rgb(0.3, 0.3, 0.3),
      opacity: 0.85,
    });
    // Corner to corner, about two thirds of the diagonal long, centred.
    const angle = Math.atan2(box.height, box.width);
    const length = Math.hypot(box.width, box.height);
    const size = clamp((length * 0.66) / diagonalWidth, 10, 48);
    const width = diagonalWidth * size;
    const cx = box.x + box.width / 2;
    const cy = box.y + box.height / 2;
    page.drawText(diagonal, {
      x: cx - (width / 2) * Math.cos(angle) + (size / 3) * Math.sin(angle),
      y: cy - (width / 2) * Math.sin(angle) - (size / 3) * Math.cos(angle),
      size,
      font,
      color: rgb(0.55, 0.55, 0.55),
      opacity: 0.2,
      rotate: degrees((angle * 180) / Math.PI),
    });
  }
  const keywords = doc.getKeywords();
  doc.setKeywords([...(keywords ? [keywords] : []), `${CODE_KEYWORD_PREFIX}${stamp.code}`]);
  // Written without object streams (as doc.save({ useObjectStreams: false }) would): they would
  // compress better but cost time on every download, and the budget is time.
  return serializePdf(pdfLib, doc);
}

const escapeXml = (text: string) =>
  text.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!,
  );

/**
 * Stamps a PNG or JPEG with the same two lines, drawn as an SVG laid over the image; the result keeps
 * the image's format and size. An image that cannot be decoded throws.
 */
export async function stampImage(bytes: Uint8Array, mimeType: string, stamp: Stamp): Promise<Buffer> {
  const sharp = (await import('sharp')).default;
  // No cache: a stamped image is never asked for twice; the memory is better given back.
  sharp.cache(false);
  try {
    const image = sharp(bytes, { failOn: 'error' }).rotate();
    const meta = await image.metadata();
    const orientation = meta.orientation ?? 1;
    // After .rotate() the image's sides swap for EXIF orientations 5 to 8.
    const [width, height] =
      orientation >= 5 ? [meta.height ?? 0, meta.width ?? 0] : [meta.width ?? 0, meta.height ?? 0];
    if (!width || !height) throw new Error('no dimensions');
    const footer = escapeXml(stampFooter(stamp.recipient, stamp.code, stamp.at));
    const diagonal = escapeXml(stampDiagonal(stamp.recipient, stamp.code));
    const angle = (Math.atan2(height, width) * 180) / Math.PI;
    const diagonalSize = clamp((Math.hypot(width, height) * 0.66) / (diagonal.length * 0.55), 10, 400);
    const footerSize = clamp((width - 24) / (footer.length * 0.55), 6, 28);
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
<text x="50%" y="50%" text-anchor="middle" dominant-baseline="middle" font-family="Helvetica, Arial, sans-serif" font-size="${diagonalSize.toFixed(1)}" fill="#808080" fill-opacity="0.22" transform="rotate(${(-angle).toFixed(2)} ${width / 2} ${height / 2})">${diagonal}</text>
<rect x="0" y="${height - footerSize * 1.8}" width="${width}" height="${footerSize * 1.8}" fill="#ffffff" fill-opacity="0.6"/>
<text x="12" y="${height - footerSize * 0.55}" font-family="Helvetica, Arial, sans-serif" font-size="${footerSize.toFixed(1)}" fill="#333333">${footer}</text>
</svg>`;
    const stamped = image.composite([{ input: Buffer.from(svg), top: 0, left: 0 }]);
    return mimeType === 'image/png'
      ? await stamped.png().toBuffer()
      : await stamped.jpeg({ quality: 90, mozjpeg: false }).toBuffer();
  } catch (error) {
    throw new UnstampableFileError(`not a readable image: ${(error as Error).message}`);
  }
}
