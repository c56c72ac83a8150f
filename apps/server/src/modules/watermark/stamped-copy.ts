import type { Readable } from 'node:stream';
import v8 from 'node:v8';
import vm from 'node:vm';
import { type Stamp, stampImage, stampPdf } from './stamp';

/**
 * A recipient's stamped copy, made while serving (decision 034). The stored file is a stream; a
 * stamp needs the whole file, so it is read into one buffer, stamped, and the stamped bytes are
 * sent. Memory is kept flat (bench/watermark: under 64 MB growth for a 10 MB, 50-page PDF):
 * - at most STAMPS_AT_ONCE copies are made at a time per process; more wait their turn;
 * - the file is read into a buffer kept for the next stamp (no fresh 10 MB per download), and let
 *   go after a minute without stamps (memory at rest, decision 028);
 * - the stamped copy, once sent, is collected at once (releaseStampMemory).
 */

const STAMPS_AT_ONCE = 2;
/** A larger file's buffer is not kept for the next stamp. */
const KEPT_BUFFER_MAX = 16 * 1024 * 1024;
const IDLE_RELEASE_MS = 60_000;

let running = 0;
const waiting: (() => void)[] = [];
const spare: Buffer[] = [];
let idleTimer: NodeJS.Timeout | null = null;

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

/** Reads the stored stream and returns the stamped copy; an unreadable file throws UnstampableFileError. */
export function stampedCopy(
  stream: Readable,
  file: { mimeType: string; sizeBytes: number },
  stamp: Stamp,
): Promise<Buffer> {
  return oneAtATime(async () => {
    const { bytes, buffer } = await readWhole(stream, takeBuffer(file.sizeBytes));
    try {
      if (file.mimeType === 'application/pdf') {
        const stamped = await stampPdf(bytes, stamp);
        return Buffer.from(stamped.buffer, stamped.byteOffset, stamped.byteLength);
      }
      return await stampImage(bytes, file.mimeType, stamp);
    } finally {
      // The stamp is made: nothing refers to the file's bytes any more.
      giveBack(buffer);
    }
  });
}

// V8 collects finished stamps' copies only when the total of such buffers passes its own threshold,
// so back-to-back downloads of a 10 MB file would pile up several copies. When the buffers held
// outside the JavaScript heap pass ARRAY_BUFFERS_LIMIT after a large copy was sent, one collection
// gives them back (every few 10 MB downloads, not after each). The gc function is the engine's own,
// reached without starting Node with --expose-gc.
const LARGE_COPY_BYTES = 1024 * 1024;
const ARRAY_BUFFERS_LIMIT = 40 * 1024 * 1024;
let gc: (() => void) | null = null;
export function releaseStampMemory(sentBytes: number) {
  if (sentBytes < LARGE_COPY_BYTES) return;
  if (process.memoryUsage().arrayBuffers < ARRAY_BUFFERS_LIMIT) return;
  if (!gc) {
    v8.setFlagsFromString('--expose-gc');
    gc = vm.runInNewContext('gc') as () => void;
  }
  gc();
}
