import { randomInt } from 'node:crypto';
import { inflateSync } from 'node:zlib';
import {
  CODE_KEYWORD_PREFIX,
  findDownloadCode,
  type StampRecipient,
  stampFooter,
  watermarkMessages,
} from '@plinth/domain/watermark';
import { validationFailed } from '../../errors';
import { embedMark, readMark, TILE } from './image-code';

/**
 * The stamp on a recipient's PNG or JPEG (decisions 034 and 051). Three marks, each harder to take
 * off than the last:
 * - the code in the file's metadata (a PNG text chunk, a JPEG comment), the first place a trace
 *   looks, gone with any re-save that drops metadata;
 * - visible text: the recipient's name, e-mail and code repeated on a rotated grid over the whole
 *   image at low contrast, and the footer line (name · company · e-mail · time · code) on a light
 *   band; a crop keeps some of the grid;
 * - the code hidden in the pixels (image-code.ts), in every 64-pixel tile from a random origin per
 *   copy; a trace reads it from a crop of two tiles a side, re-encoded, without metadata.
 * sharp loads on the first stamp, not at start (decision 028).
 */

type ImageType = 'image/png' | 'image/jpeg';

/** Whom a copy is for, its code and when it was made (stamp.ts's Stamp, which calls this module). */
export interface ImageStamp {
  recipient: StampRecipient;
  code: string;
  at: Date;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** PNG or JPEG by the file's first bytes (its magic), else null. */
export function imageTypeOf(bytes: Uint8Array): ImageType | null {
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.length, 8));
  if (head.equals(PNG_SIGNATURE)) return 'image/png';
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'image/jpeg';
  return null;
}

async function loadSharp() {
  const sharp = (await import('sharp')).default;
  // No cache: a stamped or traced image is never asked for twice; the memory is better given back.
  sharp.cache(false);
  return sharp;
}

const escapeXml = (text: string) =>
  text.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!,
  );

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** Roughly how wide a character of sans-serif text is, in ems (generous: copies must not overlap). */
const EMS_PER_CHARACTER = 0.6;
/** The tiled text's opacity, dark and light alike: low contrast, yet legible when looked for. */
const TILED_OPACITY = 0.12;
/** Rows of text per lattice period (about 3.6 text heights apart). */
const ROWS_PER_PERIOD = 4;

const svgText = (x: number, y: number, colour: string, text: string) =>
  `<text x="${x.toFixed(1)}" y="${y.toFixed(1)}" fill="${colour}">${text}</text>`;

/**
 * The tiled part of the visible stamp: the recipient's name, e-mail and code repeated along rows
 * turned about 30°, each drawn twice (dark, and light one pixel off, so it shows on dark and light
 * pictures alike) at 12 % opacity. Drawn once as a tile (W × H, no larger than the image) that
 * sharp repeats across the image: the rows run along the tile's diagonal, whose length L is one
 * line of text, so the pattern is periodic in W and H, and rendering costs a tile, not the image.
 */
export function tiledTextSvg(width: number, height: number, stamp: ImageStamp): string {
  const line = `${stamp.recipient.name} · ${stamp.recipient.email} · Code ${stamp.code}`;
  const size = clamp(Math.min(width, height) / 36, 9, 48);
  const wanted = ([...line].length + 3) * EMS_PER_CHARACTER * size;
  const tileWidth = Math.round(wanted * Math.cos(Math.PI / 6));
  const tileHeight = Math.round(wanted * Math.sin(Math.PI / 6));
  const angle = Math.atan2(tileHeight, tileWidth);
  const [cos, sin] = [Math.cos(angle), Math.sin(angle)];
  const period = Math.hypot(tileWidth, tileHeight);
  // Along a row (s) and across the rows (t), in the turned frame: moving one tile right moves a
  // row to the next group of rows (t + across) and along by `shift`; the rows' phases follow.
  const across = period * sin * cos;
  const shift = period * cos * cos;
  const spacing = across / ROWS_PER_PERIOD;
  const view = { width: Math.min(tileWidth, width), height: Math.min(tileHeight, height) };
  const text = escapeXml(line);
  const texts: string[] = [];
  const tMax = view.width * sin + view.height * cos;
  const [sMin, sMax] = [-view.height * sin, view.width * cos];
  for (let r = Math.floor(-size / spacing) - 1; r * spacing <= tMax + size * 2; r++) {
    const group = Math.floor(r / ROWS_PER_PERIOD);
    const phase = (((r - group * ROWS_PER_PERIOD) * 3) / 7) * period + group * shift;
    const first = Math.floor((sMin - period - phase) / period);
    for (let i = first; phase + i * period <= sMax; i++) {
      const s = phase + i * period;
      texts.push(svgText(s, r * spacing, '#000000', text), svgText(s + 1, r * spacing + 1, '#ffffff', text));
    }
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${view.width}" height="${view.height}">
<g transform="rotate(${((-angle * 180) / Math.PI).toFixed(4)})" font-family="Helvetica, Arial, sans-serif" font-size="${size.toFixed(1)}" fill-opacity="${TILED_OPACITY}">
${texts.join('\n')}
</g>
</svg>`;
}

/** The footer line (name · company · e-mail · time · code) on a light band the image's width. */
export function footerSvg(width: number, stamp: ImageStamp): { svg: string; height: number } {
  const footer = stampFooter(stamp.recipient, stamp.code, stamp.at);
  const size = clamp((width - 24) / ([...footer].length * 0.55), 6, 28);
  const height = Math.ceil(size * 1.8);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
<rect x="0" y="0" width="${width}" height="${height}" fill="#ffffff" fill-opacity="0.6"/>
<text x="12" y="${(height - size * 0.55).toFixed(1)}" font-family="Helvetica, Arial, sans-serif" font-size="${size.toFixed(1)}" fill="#333333">${escapeXml(footer)}</text>
</svg>`;
  return { svg, height };
}

/**
 * Stamps a PNG or JPEG: the visible stamp laid over it, then the code hidden in its pixels, then
 * the code in its metadata. The result keeps the image's format and size (EXIF orientation
 * applied, other metadata dropped). An image that cannot be decoded throws (stamp.ts makes that an
 * UnstampableFileError).
 */
export async function stampImage(bytes: Uint8Array, mimeType: string, stamp: ImageStamp): Promise<Buffer> {
  const sharp = await loadSharp();
  const image = sharp(bytes, { failOn: 'error' }).rotate();
  const meta = await image.metadata();
  const orientation = meta.orientation ?? 1;
  // After .rotate() the image's sides swap for EXIF orientations 5 to 8.
  const [width, height] =
    orientation >= 5 ? [meta.height ?? 0, meta.width ?? 0] : [meta.width ?? 0, meta.height ?? 0];
  if (!width || !height) throw new Error('no dimensions');
  const footer = footerSvg(width, stamp);
  const overlaid = image.composite([
    { input: Buffer.from(tiledTextSvg(width, height, stamp)), tile: true, gravity: 'northwest' },
    { input: Buffer.from(footer.svg), top: Math.max(0, height - footer.height), left: 0 },
  ]);
  // A JPEG has no alpha; the overlay would add one, to be dropped again when encoding.
  const { data, info } = await (mimeType === 'image/png' ? overlaid : overlaid.removeAlpha())
    .raw({ depth: 'uchar' })
    .toBuffer({ resolveWithObject: true });
  const { channels } = info;
  embedMark({ data, width: info.width, height: info.height, channels }, stamp.code, {
    x: randomInt(TILE),
    y: randomInt(TILE),
  });
  const raw = sharp(data, { raw: { width: info.width, height: info.height, channels } });
  const encoded =
    mimeType === 'image/png'
      ? await raw.png().toBuffer()
      : await raw.removeAlpha().jpeg({ quality: 90, mozjpeg: false }).toBuffer();
  return withCode(encoded, mimeType === 'image/png' ? 'image/png' : 'image/jpeg', stamp.code);
}

// ---------------------------------------------------------------------------------------------
// The code in the metadata: a PNG tEXt chunk 'Comment', a JPEG COM segment.

const CRC32_TABLE = (() => {
  const table = new Int32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c;
  }
  return table;
})();

function crc32(bytes: Uint8Array): number {
  let crc = -1;
  for (const byte of bytes) crc = CRC32_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ -1) >>> 0;
}

/** The encoded image with the code written into its metadata. */
function withCode(encoded: Buffer, type: ImageType, code: string): Buffer {
  const text = Buffer.from(`${CODE_KEYWORD_PREFIX}${code}`, 'latin1');
  if (type === 'image/png') {
    // A tEXt chunk right after IHDR (signature 8 bytes, IHDR 25).
    const body = Buffer.concat([Buffer.from('tEXtComment\0', 'latin1'), text]);
    const chunk = Buffer.alloc(body.length + 8);
    chunk.writeUInt32BE(body.length - 4, 0);
    body.copy(chunk, 4);
    chunk.writeUInt32BE(crc32(body), body.length + 4);
    return Buffer.concat([encoded.subarray(0, 33), chunk, encoded.subarray(33)]);
  }
  // A COM segment after SOI and the APPn segments that must come first (JFIF, EXIF).
  let at = 2;
  while (
    at + 4 <= encoded.length &&
    encoded[at] === 0xff &&
    encoded[at + 1]! >= 0xe0 &&
    encoded[at + 1]! <= 0xef
  ) {
    at += 2 + encoded.readUInt16BE(at + 2);
  }
  const segment = Buffer.alloc(text.length + 4);
  segment.writeUInt16BE(0xfffe, 0);
  segment.writeUInt16BE(text.length + 2, 2);
  text.copy(segment, 4);
  return Buffer.concat([encoded.subarray(0, at), segment, encoded.subarray(at)]);
}

/** The code in a PNG's text chunks (tEXt, zTXt, iTXt) or a JPEG's comment and APPn segments. */
export function codeInMetadata(bytes: Buffer, type: ImageType): string | null {
  const texts: string[] = [];
  if (type === 'image/png') {
    for (let at = 8; at + 12 <= bytes.length; ) {
      const length = bytes.readUInt32BE(at);
      const kind = bytes.toString('latin1', at + 4, at + 8);
      const data = bytes.subarray(at + 8, Math.min(bytes.length, at + 8 + length));
      if (kind === 'tEXt' || kind === 'iTXt') texts.push(data.toString('latin1'));
      if (kind === 'zTXt' || kind === 'iTXt') texts.push(inflated(data));
      if (kind === 'IEND') break;
      at += 12 + length;
    }
  } else {
    for (let at = 2; at + 4 <= bytes.length && bytes[at] === 0xff; ) {
      const marker = bytes[at + 1]!;
      // Start of scan: the pixels follow; metadata comes before.
      if (marker === 0xda) break;
      const length = bytes.readUInt16BE(at + 2);
      if (marker === 0xfe || (marker >= 0xe0 && marker <= 0xef)) {
        texts.push(bytes.toString('latin1', at + 4, Math.min(bytes.length, at + 2 + length)));
      }
      at += 2 + length;
    }
  }
  for (const text of texts) {
    const code = text.includes(CODE_KEYWORD_PREFIX) ? findDownloadCode(text) : null;
    if (code) return code;
  }
  return null;
}

/** A compressed text chunk's text: the zlib stream after its keyword and header bytes. */
function inflated(data: Buffer): string {
  const keywordEnd = data.indexOf(0);
  for (const start of [keywordEnd + 2, keywordEnd + 3]) {
    try {
      return inflateSync(data.subarray(start)).toString('latin1');
    } catch {}
  }
  return '';
}

// ---------------------------------------------------------------------------------------------
// Tracing a dropped image

/**
 * The download code in a dropped PNG or JPEG: the mark in its pixels, else its metadata. The
 * pixels win where both are found and differ: metadata is text anyone can rewrite, the mark is not.
 * An image that cannot be decoded is a 400.
 */
export async function readImageCode(bytes: Buffer, type: ImageType): Promise<string | null> {
  const fromMetadata = codeInMetadata(bytes, type);
  const sharp = await loadSharp();
  let luma: { data: Buffer; info: { width: number; height: number; channels: number } };
  try {
    luma = await sharp(bytes, { failOn: 'error' })
      .removeAlpha()
      .greyscale()
      .raw({ depth: 'uchar' })
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw validationFailed([{ field: 'file', message: watermarkMessages.traceUnreadableImage }]);
  }
  const { data, info } = luma;
  const grey = info.channels === 1 ? data : data.filter((_, i) => i % info.channels === 0);
  return readMark(grey, info.width, info.height) ?? fromMetadata;
}
