import type { Readable } from 'node:stream';
import { type Stamp, stampImage, stampPdf } from './stamp';

/**
 * A recipient's stamped copy, made while serving (decision 034). The stored file is a stream; a
 * stamp needs the whole file, so it is read into one buffer and stamped. Memory is kept flat
 * (bench/watermark: under 64 MB growth for a 10 MB, 50-page PDF):
 * - at most STAMPS_AT_ONCE copies are made at a time per process; more wait their turn;
 * - a stamped PDF is written out as it is sent (pdf-stream.ts): no second 10 MB buffer, and its
 *   images and fonts go out as views of the file's buffer;
 * - so the file's buffer is in use until the response has gone out; then (releaseStampMemory) it
 *   is kept for the next stamp instead of a fresh 10 MB per download, and let go after a minute
 *   without stamps (memory at rest, decision 028). A response cut short does not give its buffer
 *   back (the socket may still hold views of it): it is simply collected.
 */

const STAMPS_AT_ONCE = 2;
/** A larger file's buffer is not kept for the next stamp. */
const KEPT_BUFFER_MAX = 16 * 1024 * 1024;
const IDLE_RELEASE_MS = 60_000;

let running = 0;
const waiting: (() => void)[] = [];
const spare: Buffer[] = [];
let idleTimer: NodeJS.Timeout | null = null;
/** The file buffer each stamped PDF's stream is sending views of, until its response is done. */
const inUse = new WeakMap<object, Buffer>();

async function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
  if (running >= STAMPS_AT_ONCE) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  if (idleTimer) clearTimeout(idleTimer);
  try {
    return await work();
  } finally {
    running--;
    waiting.shift()?.();
    if (running === 0) {
      idleTimer = setTimeout(() => spare.splice(0), IDLE_RELEASE_MS);
      idleTimer.unref();
    }
  }
}

/** A buffer of at least `size` bytes: a kept one if it fits, else a new one. */
function takeBuffer(size: number): Buffer {
  const index = spare.findIndex((b) => b.length >= size);
  if (index >= 0) return spare.splice(index, 1)[0]!;
  return Buffer.allocUnsafe(size);
}

function giveBack(buffer: Buffer) {
  if (buffer.length <= KEPT_BUFFER_MAX && spare.length < STAMPS_AT_ONCE) spare.push(buffer);
}

/**
 * A stored file read whole into `target` (grown only if the file is larger than its stored size):
 * the bytes read, and the buffer that holds them.
 */
export async function readWhole(
  stream: Readable,
  target: Buffer,
): Promise<{ bytes: Buffer; buffer: Buffer }> {
  let buffer = target;
  let length = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    if (length + chunk.length > buffer.length) {
      const grown = Buffer.allocUnsafe(Math.max(buffer.length * 2, length + chunk.length));
      buffer.copy(grown, 0, 0, length);
      buffer = grown;
    }
    chunk.copy(buffer, length);
    length += chunk.length;
  }
  return { bytes: buffer.subarray(0, length), buffer };
}

/** A stamped copy: a stream (PDF) or the bytes (image), and its exact length. */
export interface StampedCopy {
  body: Readable | Buffer;
  sizeBytes: number;
}

/** Reads the stored stream and returns the stamped copy; an unreadable file throws UnstampableFileError. */
export function stampedCopy(
  stream: Readable,
  file: { mimeType: string; sizeBytes: number },
  stamp: Stamp,
): Promise<StampedCopy> {
  return oneAtATime(async () => {
    const { bytes, buffer } = await readWhole(stream, takeBuffer(file.sizeBytes));
    let sending = false;
    try {
      if (file.mimeType === 'application/pdf') {
        const pdf = await stampPdf(bytes, stamp);
        inUse.set(pdf.stream, buffer);
        sending = true;
        return { body: pdf.stream, sizeBytes: pdf.sizeBytes };
      }
      const image = await stampImage(bytes, file.mimeType, stamp);
      return { body: image, sizeBytes: image.length };
    } finally {
      // An image's stamp is made (sharp has read the bytes), a PDF's failed: nothing refers to the
      // file's bytes any more.
      if (!sending) giveBack(buffer);
    }
  });
}

/**
 * Called when a response is done with `body`: if it was a stamped PDF that went out whole, the
 * file's buffer it was sending views of is free for the next stamp.
 */
export function releaseStampMemory(body: object, sentWhole: boolean) {
  const buffer = inUse.get(body);
  if (!buffer) return;
  inUse.delete(body);
  if (sentWhole) giveBack(buffer);
}
