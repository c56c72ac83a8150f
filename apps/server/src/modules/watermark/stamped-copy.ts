import { ReadStream, read } from 'node:fs';
import type { Readable } from 'node:stream';
import { promisify } from 'node:util';
import v8 from 'node:v8';
import vm from 'node:vm';
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
/**
 * Every stamped copy on its way out, with the file buffer a PDF's stream is sending views of (none
 * for an image: its stamp is already made).
 */
const inUse = new WeakMap<object, Buffer | null>();

async function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
  if (running >= STAMPS_AT_ONCE) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  if (idleTimer) clearTimeout(idleTimer);
  try {
    return await work();
  } finally {
    running--;
    waiting.shift()?.();
    releaseWhenIdle();
  }
}

/** A minute after the last stamp (or the last buffer given back), the kept buffers are let go. */
function releaseWhenIdle() {
  if (running > 0) return;
  if (idleTimer) clearTimeout(idleTimer);
  idleTimer = setTimeout(() => spare.splice(0), IDLE_RELEASE_MS);
  idleTimer.unref();
}

/** A buffer of at least `size` bytes: a kept one if it fits, else a new one. */
function takeBuffer(size: number): Buffer {
  const index = spare.findIndex((b) => b.length >= size);
  if (index >= 0) return spare.splice(index, 1)[0]!;
  return Buffer.allocUnsafe(size);
}

function giveBack(buffer: Buffer) {
  if (buffer.length <= KEPT_BUFFER_MAX && spare.length < STAMPS_AT_ONCE) spare.push(buffer);
  // A copy sent after the last stamp finished gives its buffer back later than the timer started.
  releaseWhenIdle();
}

const readAt = promisify(read);

/** A buffer twice as large (or large enough for `needed`), holding the first `length` bytes. */
function grow(buffer: Buffer, length: number, needed: number): Buffer {
  const grown = Buffer.allocUnsafe(Math.max(buffer.length * 2, needed));
  buffer.copy(grown, 0, 0, length);
  return grown;
}

/**
 * A stored file read whole into `target` (grown only if the file is larger than its stored size):
 * the bytes read, and the buffer that holds them. A local file not yet read from is read straight
 * into `target` through its descriptor: streamed, it would come in 64 kB chunks, 10 MB of garbage
 * for a 10 MB file.
 */
export async function readWhole(
  stream: Readable,
  target: Buffer,
): Promise<{ bytes: Buffer; buffer: Buffer }> {
  let buffer = target;
  let length = 0;
  const fd = stream instanceof ReadStream ? (stream as ReadStream & { fd?: unknown }).fd : null;
  if (typeof fd === 'number' && (stream as ReadStream).bytesRead === 0) {
    try {
      for (;;) {
        // Full: one more byte says whether the file goes on (it was written to since it was stored).
        const probe = length === buffer.length;
        const into = probe ? Buffer.alloc(1) : buffer;
        const at = probe ? 0 : length;
        const { bytesRead } = await readAt(fd, into, at, into.length - at, length);
        if (bytesRead === 0) break;
        if (probe) {
          buffer = grow(buffer, length, length + 64 * 1024);
          buffer[length] = into[0]!;
        }
        length += bytesRead;
      }
    } finally {
      stream.destroy();
    }
    return { bytes: buffer.subarray(0, length), buffer };
  }
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    if (length + chunk.length > buffer.length) buffer = grow(buffer, length, length + chunk.length);
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
      inUse.set(image, null);
      return { body: image, sizeBytes: image.length };
    } finally {
      // An image's stamp is made (sharp has read the bytes), a PDF's failed: nothing refers to the
      // file's bytes any more.
      if (!sending) giveBack(buffer);
    }
  });
}

// Reading and stamping a 10 MB PDF makes a few MB of objects that live as long as the response, so
// V8 moves them to its old generation, which it collects only once that has grown a lot: back-to-back
// downloads would add about 1 MB each to the process's memory. Once the old generation has grown
// OLD_GROWTH_BEFORE_GC since the last collection, a sent copy triggers one (some 50-150 ms on a busy
// machine, every 10 to 20 downloads of a 10 MB PDF; the young generation is left to V8, its garbage
// is collected cheaply). The gc function is the engine's own, reached without starting Node with
// --expose-gc.
const OLD_GROWTH_BEFORE_GC = 12 * 1024 * 1024;
let oldAfterGc = -1;
let gc: (() => void) | null = null;
const oldSpaceUsed = () =>
  v8.getHeapSpaceStatistics().find((space) => space.space_name === 'old_space')?.space_used_size ?? 0;
function collectIfGrown() {
  const used = oldSpaceUsed();
  if (oldAfterGc < 0 || used < oldAfterGc) oldAfterGc = used;
  if (used - oldAfterGc < OLD_GROWTH_BEFORE_GC) return;
  if (!gc) {
    v8.setFlagsFromString('--expose-gc');
    gc = vm.runInNewContext('gc') as () => void;
  }
  gc();
  oldAfterGc = oldSpaceUsed();
}

/**
 * Called when a response is done with `body`. If it was a stamped copy: a PDF's file buffer is
 * free for the next stamp if the copy went out whole, and the heap is collected if it has grown.
 */
export function releaseStampMemory(body: object, sentWhole: boolean) {
  if (!inUse.has(body)) return;
  const buffer = inUse.get(body);
  inUse.delete(body);
  if (buffer && sentWhole) giveBack(buffer);
  collectIfGrown();
}
