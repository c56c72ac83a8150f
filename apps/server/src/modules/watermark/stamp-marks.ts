import { createHash, randomFillSync } from 'node:crypto';
import { CODE_ALPHABET, normaliseDownloadCode } from '@plinth/domain/watermark';

/**
 * The marks that carry a copy's download code without drawing anything (decision 050): invisible
 * text in a page's content, a form XObject, the XMP metadata. Each holds the code as a token of 16
 * characters of the code's alphabet: 4 of salt, the code's 40 bits masked by a hash of the salt, and
 * 4 of check. Every mark draws its own salt, so no two marks, in one copy or in two, look alike, and
 * none reads as the code in the footer. The mask is not a secret: it keeps a script that looks for
 * the code, or diffs for it, from finding the marks, not someone who reads this file (the README
 * says what defeats the marks).
 */

const TOKEN_LENGTH = 16;
const CODE_BITS = 40n;
const index = new Map([...CODE_ALPHABET].map((c, i) => [c, BigInt(i)]));

const digest = (text: string) => createHash('sha256').update(text).digest();
const bitsOf = (bytes: Buffer, count: bigint) =>
  BigInt(`0x${bytes.subarray(0, Number((count + 7n) / 8n)).toString('hex')}`) >> ((8n - (count % 8n)) % 8n);

function encode(value: bigint, chars: number): string {
  let out = '';
  for (let i = chars - 1; i >= 0; i--) out += CODE_ALPHABET[Number((value >> BigInt(i * 5)) & 31n)];
  return out;
}
function decode(text: string): bigint | null {
  let value = 0n;
  for (const c of text) {
    const digit = index.get(c);
    if (digit === undefined) return null;
    value = (value << 5n) | digit;
  }
  return value;
}

const maskOf = (salt: string) => bitsOf(digest(`plinth-copy-mark:${salt}`), CODE_BITS);
const checkOf = (code: string, salt: string) => bitsOf(digest(`plinth-copy-check:${salt}:${code}`), 20n);

/** A fresh mark for a code (XXXX-XXXX), with its own random salt. */
export function markFor(code: string): string {
  const salt = encode(BigInt(randomBelow(1 << 20)), 4);
  const bits = decode(code.replace('-', ''));
  if (bits === null) throw new Error('not a download code');
  return `${salt}${encode(bits ^ maskOf(salt), 8)}${encode(checkOf(code, salt), 4)}`;
}

/** The code a 16-character token stands for, when it is a mark (its check holds). */
function codeOfToken(token: string): string | null {
  const salt = token.slice(0, 4);
  const masked = decode(token.slice(4, 12));
  const check = decode(token.slice(12));
  if (masked === null || check === null) return null;
  const code = normaliseDownloadCode(encode(masked ^ maskOf(salt), 8));
  return code && checkOf(code, salt) === check ? code : null;
}

/**
 * Every code that marks in `text` stand for, once per mark. Marks may be run together with other
 * text (pdf.js joins neighbouring runs), so every 16 characters of a longer run are tried; a false
 * match needs 20 bits of check to agree by chance, and then also a code that was given out.
 */
export function codesInMarks(text: string): string[] {
  const codes: string[] = [];
  for (const run of text.toUpperCase().match(/[0-9A-Z]{16,}/g) ?? []) {
    for (let at = 0; at + TOKEN_LENGTH <= run.length; at++) {
      const code = codeOfToken(run.slice(at, at + TOKEN_LENGTH));
      if (code) {
        codes.push(code);
        at += TOKEN_LENGTH - 1;
      }
    }
  }
  return codes;
}

// ---------------------------------------------------------------------------------------------
// Names and numbers that vary per copy

const namePatterns = {
  font: ['F', 'TT', 'R', 'T1_', 'C0_', 'Fo'],
  state: ['GS', 'R', 'Gs', 'E', 'G'],
  form: ['Fm', 'X', 'Xf', 'R', 'Fx'],
} as const;

/** A resource name as PDF producers write them (F12, TT3, GS7, Fm4 …), free in `isTaken`'s eyes. */
export function resourceName(kind: keyof typeof namePatterns, isTaken: (name: string) => boolean): string {
  const patterns = namePatterns[kind];
  for (;;) {
    const name = `${patterns[randomBelow(patterns.length)]}${1 + randomBelow(999)}`;
    if (!isTaken(name)) return name;
  }
}

/** A number as content streams write it: at most 3 decimals, no exponent. */
export const num = (value: number) => {
  const fixed = value.toFixed(3).replace(/\.?0+$/, '');
  return fixed === '-0' ? '0' : fixed;
};

/** A random number in [min, max). */
export const between = (min: number, max: number) => min + (random32() / 2 ** 32) * (max - min);

// Random numbers from a pool filled 4 kB at a time: a copy draws a few hundred (salts, places,
// sizes), and a call to the system's generator for each cost more than the rest of the marks.
const pool = Buffer.alloc(4096);
let poolAt = pool.length;
function random32(): number {
  if (poolAt + 4 > pool.length) {
    randomFillSync(pool);
    poolAt = 0;
  }
  poolAt += 4;
  return pool.readUInt32BE(poolAt - 4);
}
/** A whole number in [0, n), for small n (the bias of the modulo is under one in a million). */
export const randomBelow = (n: number) => random32() % n;

/**
 * A text object that draws nothing (rendering mode 3, neither filled nor stroked) showing a mark,
 * kept out of the page's structure for assistive technology (an artifact), in its own graphics state.
 * Its form varies: where it stands, its size, how the string is written.
 */
export function invisibleText(
  code: string,
  font: string,
  box: { x: number; y: number; width: number; height: number },
) {
  const mark = markFor(code);
  const x = num(box.x + between(0.1, 0.8) * box.width);
  const y = num(box.y + between(0.1, 0.9) * box.height);
  const size = num(between(1, 9));
  const form = randomBelow(3);
  const shown =
    form === 0
      ? `(${mark}) Tj`
      : form === 1
        ? `<${Buffer.from(mark, 'latin1').toString('hex')}> Tj`
        : `[(${mark.slice(0, 7)}) ${randomBelow(8) - 4} (${mark.slice(7)})] TJ`;
  const state = randomBelow(2) ? [`3 Tr`, `/${font} ${size} Tf`] : [`/${font} ${size} Tf`, `3 Tr`];
  return `q\n/Artifact BMC\nBT\n${state.join('\n')}\n1 0 0 1 ${x} ${y} Tm\n${shown}\nET\nEMC\nQ\n`;
}

// ---------------------------------------------------------------------------------------------
// XMP

const XMP_NAMESPACE = 'http://ns.plinth.local/copy/1.0/';
const escapeXml = (text: string) =>
  text.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!,
  );

/**
 * The document's XMP metadata with the copy's mark added: the existing packet with one more
 * description (its namespace ours), or a new packet when there was none or it cannot be read.
 */
export function xmpWithMark(existing: string | null, code: string, keywords: string): string {
  const mark = `<pc:copy>${markFor(code)}</pc:copy>`;
  const end = existing?.lastIndexOf('</rdf:RDF>') ?? -1;
  // An existing packet may say pdf:Keywords already: a property twice would make it invalid.
  if (existing && end >= 0)
    return `${existing.slice(0, end)}<rdf:Description rdf:about="" xmlns:pc="${XMP_NAMESPACE}">${mark}</rdf:Description>\n${existing.slice(end)}`;
  return `<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?>
<x:xmpmeta xmlns:x="adobe:ns:meta/">
<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
<rdf:Description rdf:about="" xmlns:pdf="http://ns.adobe.com/pdf/1.3/" xmlns:pc="${XMP_NAMESPACE}">
<pdf:Keywords>${escapeXml(keywords)}</pdf:Keywords>
${mark}
</rdf:Description>
</rdf:RDF>
</x:xmpmeta>
<?xpacket end="w"?>`;
}
