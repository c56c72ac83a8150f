import { CODE_ALPHABET, downloadCodePattern } from '@plinth/domain/watermark';

/**
 * The download code hidden in an image's pixels (decision 051), so that a crop of a stamped PNG or
 * JPEG, re-encoded without its metadata, still names whose copy it was.
 *
 * - The code's 40 bits and a CRC-24 of them make 64 bits, XORed with a fixed whitening word (so no
 *   code draws a regular pattern). Bit k is carried by cell k of a tile of 8 × 8 cells of 8 × 8
 *   pixels: a tile is 64 × 64 pixels, repeated over the whole image from an origin drawn at random
 *   for each copy.
 * - A cell adds and takes luminance (the same to red, green and blue) in a 2 × 2 checker of 4-pixel
 *   squares, its sign the bit's. The checker is blind to the picture's own light and to straight
 *   edges (they add as much to its + squares as to its − squares), and its energy sits in the low
 *   frequencies that JPEG keeps at quality 75 and up. The offset is 2 levels where the picture is
 *   flat and up to 8 where it is busy (the picture hides it there, and there it has to outweigh
 *   the picture's own detail).
 * - Reading correlates every 8 × 8 window of the luminance with the checker, weighs each window by
 *   how quiet the picture is there, and folds the results onto one tile (sums every position
 *   modulo 64): one pass over the image, whatever its size. A crop only moves the tile's origin; a
 *   quarter turn or a mirror only permutes the fold. The strongest pixel phases are then read at
 *   each of the 64 positions of the tile's first cell, and a decode whose CRC matches is the code.
 */

export const CELL = 8;
const TILE_CELLS = 8;
export const TILE = CELL * TILE_CELLS;
const BITS = TILE_CELLS * TILE_CELLS;
/** Luminance levels added or taken per pixel where the picture is flat … */
export const BASE_AMPLITUDE = 2;
/** … and at most where it is busy, rising by AMPLITUDE_GAIN per level of mean gradient. */
export const MAX_AMPLITUDE = 8;
const AMPLITUDE_GAIN = 0.3;
/** A window's weight is 1 / (QUIET + its mean gradient)²: flat regions carry the mark cleanly. */
const QUIET = 2;
/** Fixed bits XORed with the payload (the golden ratio's fraction), as two 32-bit halves. */
const WHITENING_HIGH = 0x9e3779b9;
const WHITENING_LOW = 0x7f4a7c15;

const CRC24_TABLE = (() => {
  const table = new Int32Array(256);
  for (let n = 0; n < 256; n++) {
    let crc = n << 16;
    for (let i = 0; i < 8; i++) {
      crc <<= 1;
      if (crc & 0x1000000) crc ^= 0x1864cfb;
    }
    table[n] = crc & 0xffffff;
  }
  return table;
})();

/** CRC-24/OpenPGP of the code's 40 bits (given as their top 32 bits and their last 8). */
function crc24(high: number, last: number): number {
  let crc = 0xb704ce;
  for (const byte of [high >>> 24, (high >>> 16) & 0xff, (high >>> 8) & 0xff, high & 0xff, last]) {
    crc = ((crc << 8) & 0xffffff) ^ CRC24_TABLE[((crc >>> 16) ^ byte) & 0xff]!;
  }
  return crc;
}

/**
 * The 64-bit word a tile carries for a code: its 40 bits, then their CRC-24, XORed with the
 * whitening; as two 32-bit halves.
 */
function wordOf(code: string): [number, number] {
  if (!downloadCodePattern.test(code)) throw new Error(`not a download code: ${code}`);
  let high = 0;
  let last = 0;
  for (const ch of code.replace('-', '')) {
    const value = CODE_ALPHABET.indexOf(ch);
    // 40 bits shifted in 5 at a time: the top 32 in `high`, the last 8 in `last`.
    high = ((high << 5) | (last >>> 3)) >>> 0;
    last = ((last << 5) | value) & 0xff;
  }
  const low = ((last << 24) | crc24(high, last)) >>> 0;
  return [(high ^ WHITENING_HIGH) >>> 0, (low ^ WHITENING_LOW) >>> 0];
}

/** The code a 64-bit word carries, or null when its CRC does not match. */
function codeOfWord(wordHigh: number, wordLow: number): string | null {
  const high = (wordHigh ^ WHITENING_HIGH) >>> 0;
  const low = (wordLow ^ WHITENING_LOW) >>> 0;
  const last = low >>> 24;
  if (crc24(high, last) !== (low & 0xffffff)) return null;
  let code = '';
  for (let i = 7; i >= 0; i--) {
    // Bit 39 - 5i .. of the 40: 5 bits at a time from the top.
    const shift = i * 5;
    const value = shift >= 8 ? (high >>> (shift - 8)) & 31 : ((high << (8 - shift)) | (last >>> shift)) & 31;
    code += CODE_ALPHABET[value];
  }
  return `${code.slice(0, 4)}-${code.slice(4)}`;
}

/** The 64 bits a tile carries, cell by cell (row by row), as +1 or −1. */
export function payloadOf(code: string): Int8Array {
  const [high, low] = wordOf(code);
  const signs = new Int8Array(BITS);
  for (let k = 0; k < BITS; k++)
    signs[k] = ((k < 32 ? high >>> (31 - k) : low >>> (63 - k)) & 1) === 1 ? 1 : -1;
  return signs;
}

/** The code whose payload has these signs (> 0 is a 1), or null when the CRC does not match. */
export function codeOfPayload(signs: ArrayLike<number>): string | null {
  let high = 0;
  let low = 0;
  for (let k = 0; k < 32; k++) high = ((high << 1) | (signs[k]! > 0 ? 1 : 0)) >>> 0;
  for (let k = 32; k < BITS; k++) low = ((low << 1) | (signs[k]! > 0 ? 1 : 0)) >>> 0;
  return codeOfWord(high, low);
}

/** The checker's sign at a pixel of a cell: + in the top-left and bottom-right squares. */
const checker = (i: number, j: number) => (i < CELL / 2 === j < CELL / 2 ? 1 : -1);

/** Pixels as sharp gives them raw: 8 bits per channel, `channels` per pixel, row by row. */
export interface RawImage {
  data: Buffer;
  width: number;
  height: number;
  channels: number;
}

const mod = (value: number, m: number) => ((value % m) + m) % m;

/**
 * Each cell's amplitude, from how busy the picture is there: the mean of |∆x| + |∆y| of luminance,
 * sampled at every other pixel of every other row (a quarter of the pixels, which tells busy from
 * flat as well), for the cell grid that starts at the tile's origin. Cells are numbered row by row
 * from the one holding pixel (0, 0); `firstX`, `firstY` (≤ 0) are where that cell starts.
 */
function cellAmplitudes(image: RawImage, ox: number, oy: number) {
  const { data, width, height, channels } = image;
  const firstX = -(ox % CELL);
  const firstY = -(oy % CELL);
  const across = Math.ceil((width - firstX) / CELL);
  const down = Math.ceil((height - firstY) / CELL);
  const sums = new Float64Array(across * down);
  const counts = new Uint8Array(across * down);
  const luma =
    channels >= 3
      ? (at: number) => (data[at]! * 77 + data[at + 1]! * 150 + data[at + 2]! * 29) >> 8
      : (at: number) => data[at]!;
  const rowBytes = width * channels;
  for (let y = 0; y < height; y += 2) {
    const cells = ((y - firstY) >> 3) * across;
    const below = y + 1 < height ? rowBytes : 0;
    for (let x = 0; x < width; x += 2) {
      const at = (y * width + x) * channels;
      const here = luma(at);
      const dx = x + 1 < width ? luma(at + channels) - here : 0;
      const dy = luma(at + below) - here;
      const cell = cells + ((x - firstX) >> 3);
      sums[cell]! += (dx < 0 ? -dx : dx) + (dy < 0 ? -dy : dy);
      counts[cell]!++;
    }
  }
  const amplitudes = new Uint8Array(across * down);
  for (let i = 0; i < amplitudes.length; i++) {
    const busy = sums[i]! / Math.max(1, counts[i]!);
    amplitudes[i] = Math.round(Math.min(MAX_AMPLITUDE, BASE_AMPLITUDE + AMPLITUDE_GAIN * busy));
  }
  return { amplitudes, across, firstX, firstY };
}

/**
 * Adds the code's mark to every pixel, in place: the tile repeated over the image with its origin
 * at `origin` (any integers; only their remainders modulo 64 matter). Colour channels change
 * together (luminance only); alpha does not.
 */
export function embedMark(image: RawImage, code: string, origin: { x: number; y: number }): void {
  const signs = payloadOf(code);
  const { data, width, height, channels } = image;
  const ox = mod(origin.x, TILE);
  const oy = mod(origin.y, TILE);
  const { amplitudes, across, firstX, firstY } = cellAmplitudes(image, ox, oy);
  // Writes through a clamped view stop at 0 and 255 by themselves.
  const pixels = new Uint8ClampedArray(data.buffer, data.byteOffset, data.length);
  const colours = channels >= 3 ? 3 : 1;
  const pattern = new Int8Array(TILE);
  const startU = mod(-ox, TILE);
  for (let y = 0; y < height; y++) {
    const v = mod(y - oy, TILE);
    const bitRow = (v >> 3) * TILE_CELLS;
    for (let u = 0; u < TILE; u++) pattern[u] = signs[bitRow + (u >> 3)]! * checker(u & 7, v & 7);
    let cell = ((y - firstY) >> 3) * across + ((0 - firstX) >> 3);
    let u = startU;
    let at = y * width * channels;
    for (let x = 0; x < width; x++, at += channels) {
      const delta = amplitudes[cell]! * pattern[u]!;
      pixels[at] = pixels[at]! + delta;
      if (colours === 3) {
        pixels[at + 1] = pixels[at + 1]! + delta;
        pixels[at + 2] = pixels[at + 2]! + delta;
      }
      u = u === TILE - 1 ? 0 : u + 1;
      if ((u & 7) === 0) cell++;
    }
  }
}

/** A region of a luminance image, in its pixels. */
export interface Region {
  left: number;
  top: number;
  width: number;
  height: number;
}

let weightTable: Float32Array | null = null;
/** A window's weight by the sum of |∆x| + |∆y| over its 64 pixels (at most 64 × 510). */
function weights(): Float32Array {
  if (!weightTable) {
    weightTable = new Float32Array(CELL * CELL * 510 + 1);
    for (let sum = 0; sum < weightTable.length; sum++) {
      const quiet = QUIET + sum / (CELL * CELL);
      weightTable[sum] = 1 / (quiet * quiet);
    }
  }
  return weightTable;
}

/**
 * Folds the windows of `region` of a luminance image (`width` pixels a row) into `fold`: each
 * window's correlation with the checker, weighted by how quiet the picture is there, added at
 * fold[(y mod 64) * 64 + (x mod 64)] for the window whose top-left pixel is (x, y). Positions are
 * the image's, so two regions fold into the same tile. Memory: a few rows.
 */
export function foldRegion(luma: Uint8Array, width: number, region: Region, fold: Float64Array): void {
  const { left, top } = region;
  const columns = region.width - CELL + 1;
  if (columns < 1 || region.height < CELL) return;
  const half = CELL / 2;
  const lastRow = top + region.height - 1;
  // Per row, at every window's x: the checker's horizontal half-difference (4 pixels minus the
  // next 4) and the sum of |∆x| + |∆y| over the window's 8 pixels; 8 rows kept, in turn.
  const differences = Array.from({ length: CELL }, () => new Int32Array(columns));
  const gradients = Array.from({ length: CELL }, () => new Int32Array(columns));
  const gradient = new Int32Array(region.width);
  const rowPass = (y: number, slot: number) => {
    const at = y * width + left;
    const below = y < lastRow ? width : 0;
    for (let i = 0; i < region.width; i++) {
      const here = luma[at + i]!;
      gradient[i] =
        (i + 1 < region.width ? Math.abs(luma[at + i + 1]! - here) : 0) +
        Math.abs(luma[at + i + below]! - here);
    }
    const into = differences[slot]!;
    const busy = gradients[slot]!;
    let leftHalf = 0;
    let rightHalf = 0;
    let moving = 0;
    for (let i = 0; i < half; i++) {
      leftHalf += luma[at + i]!;
      rightHalf += luma[at + half + i]!;
    }
    for (let i = 0; i < CELL; i++) moving += gradient[i]!;
    for (let c = 0; ; c++) {
      into[c] = leftHalf - rightHalf;
      busy[c] = moving;
      if (c + 1 >= columns) break;
      leftHalf += luma[at + c + half]! - luma[at + c]!;
      rightHalf += luma[at + c + CELL]! - luma[at + c + half]!;
      moving += gradient[c + CELL]! - gradient[c]!;
    }
  };
  // Running sums down the columns: rows y..y+3 of differences, rows y+4..y+7, and all 8 gradients.
  const upper = new Int32Array(columns);
  const lower = new Int32Array(columns);
  const busy = new Int32Array(columns);
  for (let j = 0; j < CELL; j++) {
    rowPass(top + j, j);
    const into = j < half ? upper : lower;
    for (let c = 0; c < columns; c++) {
      into[c]! += differences[j]![c]!;
      busy[c]! += gradients[j]![c]!;
    }
  }
  const weightOf = weights();
  for (let y = top; ; y++) {
    const base = (y % TILE) * TILE;
    let u = left % TILE;
    for (let c = 0; c < columns; c++) {
      fold[base + u]! += (upper[c]! - lower[c]!) * weightOf[busy[c]!]!;
      u = u === TILE - 1 ? 0 : u + 1;
    }
    if (y + CELL > lastRow) break;
    // Down one row: row y leaves, row y+4 moves from the lower half to the upper, row y+8 arrives.
    const leaving = (y - top) % CELL;
    const middle = (y - top + half) % CELL;
    const leftDifferences = differences[leaving]!;
    const leftGradients = gradients[leaving]!;
    const middleDifferences = differences[middle]!;
    for (let c = 0; c < columns; c++) {
      upper[c]! += middleDifferences[c]! - leftDifferences[c]!;
      lower[c]! -= middleDifferences[c]!;
      busy[c]! -= leftGradients[c]!;
    }
    rowPass(y + CELL, leaving);
    for (let c = 0; c < columns; c++) {
      lower[c]! += leftDifferences[c]!;
      busy[c]! += leftGradients[c]!;
    }
  }
}

/** A new, empty fold (64 × 64). */
export const newFold = () => new Float64Array(TILE * TILE);

/** The cell values of one alignment: the tile's first cell at (ox, oy) of the fold. */
function cellsAt(fold: Float64Array, ox: number, oy: number, into: Float64Array): Float64Array {
  for (let cy = 0; cy < TILE_CELLS; cy++) {
    const v = ((oy + cy * CELL) % TILE) * TILE;
    for (let cx = 0; cx < TILE_CELLS; cx++) into[cy * TILE_CELLS + cx] = fold[v + ((ox + cx * CELL) % TILE)]!;
  }
  return into;
}

/**
 * The fold of the image turned back: `turns` quarter turns and a mirror (the image's own
 * orientation is turns 0, no mirror). A quarter turn or a mirror changes the checker's sign; a
 * window's new position differs from the old by a constant, which the alignment search absorbs.
 */
function reoriented(fold: Float64Array, turns: number, mirrored: boolean): Float64Array {
  if (turns === 0 && !mirrored) return fold;
  const out = newFold();
  const sign = (turns + (mirrored ? 1 : 0)) % 2 === 0 ? 1 : -1;
  for (let v = 0; v < TILE; v++) {
    for (let u = 0; u < TILE; u++) {
      let [x, y] = [mirrored ? -u : u, v];
      for (let t = 0; t < turns; t++) [x, y] = [-y, x];
      out[v * TILE + u] = sign * fold[mod(y, TILE) * TILE + mod(x, TILE)]!;
    }
  }
  return out;
}

/** How many pixel phases (of the 64 within a cell) are read, the strongest first. */
const PHASES_READ = 4;
/** How many of the least certain cells a second reading may flip: 2^5 guesses … */
const FLIPPED = 5;
/** … at this many of the strongest phases. */
const PHASES_FLIPPED = 2;

/**
 * The code a fold carries, or null. Each of the eight orientations (quarter turns, mirrored or
 * not) is read at the strongest pixel phases, at each of the 64 cells the tile could start at;
 * when no read matches its CRC, the strongest phases are read again with each combination of their
 * 5 least certain cells flipped (a bit or two lost to the picture or to JPEG). Of several decodes,
 * the one that agrees best with the fold wins. A fold without a mark passes a CRC by chance in about
 * 1 in 300 reads (about 57,000 guesses against 2^24); the code it gives names no download.
 */
export function decodeFold(fold: Float64Array): string | null {
  const orientations = [0, 1, 2, 3].flatMap((turns) =>
    [false, true].map((mirrored) => ({ turns, mirrored })),
  );
  const values = new Float64Array(BITS);
  const strength = new Float64Array(BITS);
  let best: { code: string; agreement: number } | null = null;
  const consider = (agreement: number, high: number, low: number) => {
    if (best && agreement <= best.agreement) return;
    const code = codeOfWord(high >>> 0, low >>> 0);
    if (code) best = { code, agreement };
  };
  const read = (flipped: number, phaseCount: number) => {
    for (const { turns, mirrored } of orientations) {
      const turned = reoriented(fold, turns, mirrored);
      for (const phase of phasesOf(turned).slice(0, phaseCount)) {
        for (let start = 0; start < BITS; start++) {
          const ox = (phase % CELL) + (start % TILE_CELLS) * CELL;
          const oy = Math.floor(phase / CELL) + Math.floor(start / TILE_CELLS) * CELL;
          cellsAt(turned, ox, oy, values);
          let high = 0;
          let low = 0;
          let total = 0;
          for (let k = 0; k < BITS; k++) {
            const bit = values[k]! > 0 ? 1 : 0;
            if (k < 32) high = (high << 1) | bit;
            else low = (low << 1) | bit;
            strength[k] = Math.abs(values[k]!);
            total += strength[k]!;
          }
          if (!flipped) {
            consider(total, high, low);
            continue;
          }
          const weakest = [...strength.keys()].sort((a, b) => strength[a]! - strength[b]!).slice(0, flipped);
          for (let flips = 1; flips < 1 << flipped; flips++) {
            let [h, l, agreement] = [high, low, total];
            for (let f = 0; f < flipped; f++) {
              if (!(flips & (1 << f))) continue;
              const k = weakest[f]!;
              if (k < 32) h ^= 1 << (31 - k);
              else l ^= 1 << (63 - k);
              agreement -= 2 * strength[k]!;
            }
            consider(agreement, h, l);
          }
        }
      }
    }
  };
  read(0, PHASES_READ);
  if (!best) read(FLIPPED, PHASES_FLIPPED);
  return (best as { code: string } | null)?.code ?? null;
}

/** The pixel phases of a fold (0 to 63: y mod 8 × 8 + x mod 8), the strongest first. */
function phasesOf(fold: Float64Array): number[] {
  const strength = new Float64Array(CELL * CELL);
  for (let v = 0; v < TILE; v++) {
    for (let u = 0; u < TILE; u++) strength[(v % CELL) * CELL + (u % CELL)]! += Math.abs(fold[v * TILE + u]!);
  }
  return [...strength.keys()].sort((a, b) => strength[b]! - strength[a]!);
}

/** Squares of this many tiles a side, around the centre, are read in turn before the whole image. */
const READ_STAGES = [8, 16, 32];

const centred = (width: number, height: number, side: number): Region => {
  const w = Math.min(width, side);
  const h = Math.min(height, side);
  return { left: Math.floor((width - w) / 2), top: Math.floor((height - h) / 2), width: w, height: h };
};

/** The parts of `outer` outside `inner` (which it contains): bands above and below, sides between. */
function ring(outer: Region, inner: Region): Region[] {
  const innerBottom = inner.top + inner.height;
  const innerRight = inner.left + inner.width;
  return [
    { left: outer.left, top: outer.top, width: outer.width, height: inner.top - outer.top },
    {
      left: outer.left,
      top: innerBottom,
      width: outer.width,
      height: outer.top + outer.height - innerBottom,
    },
    { left: outer.left, top: inner.top, width: inner.left - outer.left, height: inner.height },
    { left: innerRight, top: inner.top, width: outer.left + outer.width - innerRight, height: inner.height },
  ];
}

/**
 * The code hidden in a luminance image, or null. A square of 8 × 8 tiles around the centre is read
 * first: a marked image gives its code there, at a fraction of the cost. Each further read adds
 * the ring around the last (16, then 32 tiles a side, then the whole image) to the same fold, so
 * an image without a mark, the dearest case, costs one pass in all. (Windows across a ring's edges,
 * 7 pixels a seam, are not read.)
 */
export function readMark(luma: Uint8Array, width: number, height: number): string | null {
  const fold = newFold();
  let inner: Region | null = null;
  for (const side of [...READ_STAGES.map((tiles) => tiles * TILE), Number.POSITIVE_INFINITY]) {
    const region = centred(width, height, side);
    if (inner && region.width === inner.width && region.height === inner.height) continue;
    for (const part of inner ? ring(region, inner) : [region]) foldRegion(luma, width, part, fold);
    const code = decodeFold(fold);
    if (code) return code;
    inner = region;
  }
  return null;
}
