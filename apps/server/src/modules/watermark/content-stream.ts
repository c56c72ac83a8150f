/**
 * A page's content stream read token by token (PDF 32000-1 §7.2, §7.8.2), for two things:
 * - where a self-contained object (`q … Q` with a text object inside) may be put between the page's
 *   own operators without changing what they draw (decision 050: the marks that draw nothing);
 * - the text a stream shows, as its string operands, to read those marks back.
 * Nothing here changes bytes; a content stream it does not understand answers null (the caller then
 * wraps the page without putting anything inside it).
 */

const WHITESPACE = new Uint8Array(256);
for (const b of [0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20]) WHITESPACE[b] = 1;
const DELIMITER = new Uint8Array(256);
for (const c of '()<>[]{}/%') DELIMITER[c.charCodeAt(0)] = 1;
const isRegular = (b: number) => !WHITESPACE[b] && !DELIMITER[b];
/** A regular token starting with a digit, a sign or a point is a number (an operand). */
const isNumberStart = (b: number) => (b >= 0x30 && b <= 0x39) || b === 0x2b || b === 0x2d || b === 0x2e;

// The operators the scan cares about, by kind, looked up by their bytes packed into a number (first
// byte lowest): no string is made per operator, which made the scan several times slower.
const [OPERAND, BEGIN_TEXT, END_TEXT, SAVE, RESTORE, PATH, PAINT, BEGIN_MARKED, END_MARKED] = [
  1, 2, 3, 4, 5, 6, 7, 8, 9,
];
const [BEGIN_COMPAT, END_COMPAT, INLINE_IMAGE, STRAY_IMAGE_DATA] = [10, 11, 12, 13];
const keyOf = (text: string) => [...text].reduceRight((key, c) => key * 256 + c.charCodeAt(0), 0);
const operatorKinds = new Map<number, number>([
  ...['true', 'null'].map((t) => [keyOf(t), OPERAND] as const),
  [keyOf('BT'), BEGIN_TEXT],
  [keyOf('ET'), END_TEXT],
  [keyOf('q'), SAVE],
  [keyOf('Q'), RESTORE],
  ...['m', 'l', 'c', 'v', 'y', 'h', 're'].map((t) => [keyOf(t), PATH] as const),
  ...['S', 's', 'f', 'F', 'f*', 'B', 'B*', 'b', 'b*', 'n'].map((t) => [keyOf(t), PAINT] as const),
  [keyOf('BMC'), BEGIN_MARKED],
  [keyOf('BDC'), BEGIN_MARKED],
  [keyOf('EMC'), END_MARKED],
  [keyOf('BX'), BEGIN_COMPAT],
  [keyOf('EX'), END_COMPAT],
  [keyOf('BI'), INLINE_IMAGE],
  [keyOf('ID'), STRAY_IMAGE_DATA],
  [keyOf('EI'), STRAY_IMAGE_DATA],
]);
const FALSE = Buffer.from('false', 'latin1');

/** The kind of the operator (or keyword) in bytes[start, end); 0 for any other operator. */
function kindOf(bytes: Uint8Array, start: number, end: number): number {
  const length = end - start;
  if (length === 5) return FALSE.equals(bytes.subarray(start, end)) ? OPERAND : 0;
  if (length > 4) return 0;
  let key = 0;
  for (let k = end - 1; k >= start; k--) key = key * 256 + bytes[k]!;
  return operatorKinds.get(key) ?? 0;
}

/** The offset just past a literal string that opens at `start` (balanced parentheses, escapes), or -1. */
function endOfLiteral(bytes: Uint8Array, start: number): number {
  let depth = 0;
  for (let i = start; i < bytes.length; i++) {
    const b = bytes[i];
    if (b === 0x5c) i++;
    else if (b === 0x28) depth++;
    else if (b === 0x29 && --depth === 0) return i + 1;
  }
  return -1;
}

export interface ContentScan {
  /**
   * Offsets just past an operator where nothing is pending: outside any text object (BT … ET), path
   * (from its first point to its painting), marked-content sequence and compatibility section, with
   * no operands waiting. Something inserted there is drawn as if it were alone.
   */
  boundaries: number[];
  /** The whole stream was read (no inline image stopped the scan) and it ends at such a place. */
  endsAtTopLevel: boolean;
  /** Whether the q/Q nesting below is known for the whole stream (false when an inline image stopped the scan). */
  isComplete: boolean;
  /** The lowest q/Q nesting reached (0 or less) and the nesting at the end. */
  lowestDepth: number;
  finalDepth: number;
  /** Where the scan stopped: the inline image's `BI`, else the end. */
  readTo: number;
}

/**
 * Reads a content stream's operators and says where it may be added to. An inline image (BI … ID …
 * EI) ends the scan: its data is binary and where it ends cannot be known for sure, so only the
 * places before it are offered. A stream that does not parse (a string never closed, ET without BT,
 * an operator inside an array) answers null.
 */
export function scanContent(bytes: Uint8Array): ContentScan | null {
  const boundaries: number[] = [];
  let inText = false;
  let inPath = false;
  let marked = 0;
  let compat = 0;
  let nesting = 0;
  let depth = 0;
  let lowestDepth = 0;
  const n = bytes.length;
  let i = 0;
  while (i < n) {
    const b = bytes[i]!;
    if (WHITESPACE[b]) {
      i++;
    } else if (b === 0x25) {
      while (i < n && bytes[i] !== 0x0a && bytes[i] !== 0x0d) i++;
    } else if (b === 0x28) {
      i = endOfLiteral(bytes, i);
      if (i < 0) return null;
    } else if (b === 0x3c) {
      if (bytes[i + 1] === 0x3c) {
        nesting++;
        i += 2;
      } else {
        const end = bytes.indexOf(0x3e, i + 1);
        if (end < 0) return null;
        i = end + 1;
      }
    } else if (b === 0x3e) {
      if (bytes[i + 1] !== 0x3e || --nesting < 0) return null;
      i += 2;
    } else if (b === 0x5b) {
      nesting++;
      i++;
    } else if (b === 0x5d) {
      if (--nesting < 0) return null;
      i++;
    } else if (b === 0x2f) {
      i++;
      while (i < n && isRegular(bytes[i]!)) i++;
    } else if (b === 0x7b || b === 0x7d) {
      i++;
    } else {
      const start = i;
      while (i < n && isRegular(bytes[i]!)) i++;
      if (isNumberStart(b)) continue;
      const kind = kindOf(bytes, start, i);
      if (kind === OPERAND) continue;
      if (nesting > 0) return null;
      if (kind === BEGIN_TEXT) {
        if (inText) return null;
        inText = true;
      } else if (kind === END_TEXT) {
        if (!inText) return null;
        inText = false;
      } else if (kind === SAVE) depth++;
      else if (kind === RESTORE) lowestDepth = Math.min(lowestDepth, --depth);
      else if (kind === PATH) inPath = true;
      else if (kind === PAINT) inPath = false;
      else if (kind === BEGIN_MARKED) marked++;
      else if (kind === END_MARKED) {
        if (--marked < 0) return null;
      } else if (kind === BEGIN_COMPAT) compat++;
      else if (kind === END_COMPAT) compat = Math.max(0, compat - 1);
      else if (kind === INLINE_IMAGE)
        return {
          boundaries,
          endsAtTopLevel: false,
          isComplete: false,
          lowestDepth,
          finalDepth: depth,
          readTo: start,
        };
      else if (kind === STRAY_IMAGE_DATA) return null;
      if (!inText && !inPath && marked === 0 && compat === 0) boundaries.push(i);
    }
  }
  if (nesting !== 0) return null;
  const endsAtTopLevel = !inText && !inPath && marked === 0 && compat === 0;
  return { boundaries, endsAtTopLevel, isComplete: true, lowestDepth, finalDepth: depth, readTo: n };
}

const SPACINGS = [' ', '\n', ' \n', '\n ', '  '].map((text) => Buffer.from(text, 'latin1'));

/**
 * The same content with the whitespace between its tokens written afresh: every run of whitespace
 * outside strings and comments becomes one of a few spacings, chosen by `choose` (0 to 4). What is
 * drawn does not change; two copies of a page no longer match line by line, so diffing them does
 * not show just the marks. Bytes from `readTo` on (an inline image and what follows) are copied as
 * they are. Only for content scanContent has read.
 */
export function respace(bytes: Uint8Array, readTo: number, choose: () => number): Buffer {
  const out = Buffer.allocUnsafe(2 * readTo + (bytes.length - readTo));
  let used = 0;
  let i = 0;
  const copy = (end: number) => {
    out.set(bytes.subarray(i, end), used);
    used += end - i;
    i = end;
  };
  while (i < readTo) {
    const b = bytes[i]!;
    if (WHITESPACE[b]) {
      while (i < readTo && WHITESPACE[bytes[i]!]) i++;
      const spacing = SPACINGS[choose()]!;
      out.set(spacing, used);
      used += spacing.length;
    } else if (b === 0x25) {
      let end = i;
      while (end < readTo && bytes[end] !== 0x0a && bytes[end] !== 0x0d) end++;
      copy(Math.min(readTo, end + 1));
    } else if (b === 0x28) {
      const end = endOfLiteral(bytes, i);
      copy(end < 0 || end > readTo ? readTo : end);
    } else if (b === 0x3c && bytes[i + 1] === 0x3c) {
      copy(Math.min(readTo, i + 2));
    } else if (b === 0x3c) {
      const end = bytes.indexOf(0x3e, i + 1);
      copy(end < 0 || end >= readTo ? readTo : end + 1);
    } else {
      let end = i + 1;
      while (
        end < readTo &&
        !WHITESPACE[bytes[end]!] &&
        bytes[end] !== 0x25 &&
        bytes[end] !== 0x28 &&
        bytes[end] !== 0x3c
      )
        end++;
      copy(end);
    }
  }
  copy(bytes.length);
  return out.subarray(0, used);
}

const ESCAPES: Record<number, number> = { 110: 0x0a, 114: 0x0d, 116: 0x09, 98: 0x08, 102: 0x0c };

/** A literal string's bytes, its escapes read (\n, \ddd, a backslash before a line end). */
function literalBytes(bytes: Uint8Array, start: number, end: number): number[] {
  const out: number[] = [];
  for (let i = start + 1; i < end - 1; i++) {
    const b = bytes[i]!;
    if (b !== 0x5c) {
      out.push(b);
      continue;
    }
    const next = bytes[++i]!;
    if (next >= 0x30 && next <= 0x37) {
      let value = next - 0x30;
      for (let k = 0; k < 2 && bytes[i + 1]! >= 0x30 && bytes[i + 1]! <= 0x37; k++)
        value = value * 8 + bytes[++i]! - 0x30;
      out.push(value & 0xff);
    } else if (next === 0x0d || next === 0x0a) {
      if (next === 0x0d && bytes[i + 1] === 0x0a) i++;
    } else out.push(ESCAPES[next] ?? next);
  }
  return out;
}

function hexBytes(bytes: Uint8Array, start: number, end: number): number[] {
  const digits = Buffer.from(bytes.subarray(start + 1, end - 1))
    .toString('latin1')
    .replace(/[^0-9A-Fa-f]/g, '');
  return [...Buffer.from(digits.length % 2 ? `${digits}0` : digits, 'hex')];
}

/**
 * The strings a content stream shows, each as Latin-1 text (which is what the stamp's WinAnsi
 * Helvetica gives for ASCII): one entry per string operand, the strings of one TJ array joined. An
 * inline image's data is skipped to the first `EI` that stands alone. Never throws: what cannot be
 * read is left out.
 */
export function stringsOf(bytes: Uint8Array): string[] {
  const found: string[] = [];
  let array: number[] | null = null;
  const n = bytes.length;
  let i = 0;
  const emit = (value: number[]) => {
    if (array) for (const v of value) array.push(v);
    else found.push(Buffer.from(value).toString('latin1'));
  };
  while (i < n) {
    const b = bytes[i]!;
    if (b === 0x28) {
      const end = endOfLiteral(bytes, i);
      if (end < 0) break;
      emit(literalBytes(bytes, i, end));
      i = end;
    } else if (b === 0x3c && bytes[i + 1] !== 0x3c) {
      const end = bytes.indexOf(0x3e, i + 1);
      if (end < 0) break;
      emit(hexBytes(bytes, i, end + 1));
      i = end + 1;
    } else if (b === 0x3c || b === 0x3e) {
      i += 2;
    } else if (b === 0x5b) {
      array = [];
      i++;
    } else if (b === 0x5d) {
      if (array?.length) found.push(Buffer.from(array).toString('latin1'));
      array = null;
      i++;
    } else if (b === 0x25) {
      while (i < n && bytes[i] !== 0x0a && bytes[i] !== 0x0d) i++;
    } else if (b === 0x2f) {
      i++;
      while (i < n && isRegular(bytes[i]!)) i++;
    } else if (isRegular(b)) {
      const start = i;
      while (i < n && isRegular(bytes[i]!)) i++;
      if (i - start === 2 && b === 0x49 && bytes[start + 1] === 0x44) i = skipInlineImage(bytes, i);
    } else i++;
  }
  return found;
}

/** From just past an `ID` operator: the offset past the `EI` that ends the image's data (or the end). */
function skipInlineImage(bytes: Uint8Array, from: number): number {
  for (let i = from + 1; i + 1 < bytes.length; i++) {
    if (
      bytes[i] === 0x45 &&
      bytes[i + 1] === 0x49 &&
      WHITESPACE[bytes[i - 1]!] &&
      (i + 2 >= bytes.length || !isRegular(bytes[i + 2]!))
    )
      return i + 2;
  }
  return bytes.length;
}
