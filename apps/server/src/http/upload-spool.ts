import { createHash, type Hash } from 'node:crypto';
import { createReadStream, createWriteStream, type WriteStream } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { finished, Readable, Transform, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Multipart, MultipartFile, MultipartValue } from '@fastify/multipart';
import { documentRequestMessages } from '@plinth/domain/documents';
import type {
  FastifyBaseLogger,
  FastifyRequest,
  onSendHookHandler,
  preHandlerAsyncHookHandler,
} from 'fastify';
import { AppError } from '../errors';

/**
 * Upload bodies read whole before anything else (issue 29 finding 2; decision 046).
 *
 * A multipart upload route (route option `upload`) reads its body into temporary files first, in a
 * preHandler that runs before the request transaction of an Idempotency-Key and before the handler:
 * a client on a slow link then holds a socket and a temporary file, never a database connection or
 * a lock. Each file part is written to disk as it arrives (memory stays bounded) up to the route's
 * size limit, and hashed whole, bytes past the limit included; the handler then reads the parts
 * back from disk (`uploadedParts`), each exactly as the parser gave it.
 *
 * `sha256` names the body's content independently of its multipart boundary, which a browser draws
 * anew on every send: each part in order, with its field name, file name, content type and
 * transfer encoding, a field's value, and a file's length and SHA-256. So the same files sent again
 * are the same request, and any other byte of content is another one (decision 046).
 *
 * A file part of at most MEMORY_PART_MAX_BYTES is kept in memory instead, while every upload of the
 * process together holds at most MEMORY_BUDGET_BYTES so (decision 083): a 300 KB PDF is then not
 * written to disk and read back before storage writes it. A larger part, or one arriving when the
 * budget is spent, goes to its temporary file as before (what was held of it is written first).
 */

/** File bytes that all spooled uploads of this process may hold in memory at once. */
export const MEMORY_BUDGET_BYTES = 16 * 1024 * 1024;
/** A file part longer than this is spooled to disk. */
export const MEMORY_PART_MAX_BYTES = 1024 * 1024;
let memoryInUse = 0;
/** Bytes of upload parts held in memory now (tests). */
export const spoolMemoryInUse = () => memoryInUse;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A multipart upload: its body is read to temporary files before anything else runs. */
    upload?: UploadOptions;
  }
}

export interface UploadOptions {
  /** Bytes kept of each file; a longer file is cut there and reaches the handler marked `truncated`. */
  maxFileBytes: number;
  /** The refusal of a field declared as JSON that does not parse; malformedUpload() without it. */
  invalidJson?: () => AppError;
}

export const malformedUpload = () => new AppError('BAD_REQUEST', documentRequestMessages.malformedUpload);

/**
 * The request's parts. Whatever the parser throws comes from the body the client sent (no
 * boundary, cut short, a limit passed), so it is answered with a 4xx, never a 500.
 */
async function* readParts(
  parts: AsyncIterable<Multipart>,
  options: { invalidJson?: () => AppError },
): AsyncGenerator<Multipart> {
  const iterator = parts[Symbol.asyncIterator]();
  try {
    for (;;) {
      let next: IteratorResult<Multipart>;
      try {
        next = await iterator.next();
      } catch (error) {
        const { statusCode, code } = error as { statusCode?: number; code?: string };
        if (code === 'FST_INVALID_JSON_FIELD_ERROR') throw options.invalidJson?.() ?? malformedUpload();
        if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
          throw new AppError('PAYLOAD_TOO_LARGE', documentRequestMessages.tooManyFiles);
        }
        if (statusCode && statusCode >= 400 && statusCode < 500 && statusCode !== 406) throw error;
        throw malformedUpload();
      }
      if (next.done) return;
      yield next.value;
    }
  } finally {
    await iterator.return?.();
  }
}

/** A file part read back from its temporary file; `truncated` and 'limit' as the parser's own stream. */
export type UploadFileStream = Readable & { truncated: boolean };

export type UploadPart =
  | { type: 'field'; fieldname: string; mimetype: string; value: unknown }
  | { type: 'file'; fieldname: string; filename: string; mimetype: string; file: UploadFileStream };

type SpooledPart =
  | { type: 'field'; fieldname: string; mimetype: string; value: unknown }
  | {
      type: 'file';
      fieldname: string;
      filename: string;
      mimetype: string;
      /** Its temporary file, or null when its bytes are held in `chunks`. */
      path: string | null;
      chunks: Buffer[];
      truncated: boolean;
    };

/** The temporary folder of one request's upload: its parts, their fingerprint, and its removal. */
export class SpooledUpload {
  private readonly spooled: SpooledPart[] = [];
  private readonly digest: Hash = createHash('sha256').update('plinth multipart v1\n');
  private sealed: string | undefined;
  private disposing: Promise<void> | undefined;
  /** Bytes of the memory budget this upload holds, given back by `dispose`. */
  private held = 0;

  constructor(readonly folder: string) {}

  /** Takes `bytes` of the process's memory budget for this upload, if that much is left. */
  reserve(bytes: number): boolean {
    if (memoryInUse + bytes > MEMORY_BUDGET_BYTES) return false;
    memoryInUse += bytes;
    this.held += bytes;
    return true;
  }

  release(bytes: number) {
    memoryInUse -= bytes;
    this.held -= bytes;
  }

  /** SHA-256 of the body's content, independent of its boundary (see the top of this file). */
  get sha256(): string {
    if (this.sealed === undefined) throw new Error('The upload is still being read');
    return this.sealed;
  }

  /** Length-prefixed, so no two different sequences of values hash alike. */
  private frame(...values: string[]) {
    for (const value of values) {
      const bytes = Buffer.from(value, 'utf8');
      const length = Buffer.alloc(4);
      length.writeUInt32BE(bytes.length);
      this.digest.update(length).update(bytes);
    }
  }

  addField(part: MultipartValue) {
    const text = typeof part.value === 'string' ? part.value : JSON.stringify(part.value);
    const cut = `${part.fieldnameTruncated ? 'name cut' : 'name whole'}, ${part.valueTruncated ? 'value cut' : 'value whole'}`;
    this.frame('field', part.fieldname, part.mimetype, part.encoding, cut, text);
    this.spooled.push({
      type: 'field',
      fieldname: part.fieldname,
      mimetype: part.mimetype,
      value: part.value,
    });
  }

  /**
   * Writes a file part to disk as it arrives, up to `maxBytes`, hashing every byte of it (the ones
   * past the limit too, which are read and dropped as the parser would have dropped them).
   */
  async addFile(part: MultipartFile, maxBytes: number) {
    const path = join(this.folder, `${this.spooled.length}.part`);
    const hash = createHash('sha256');
    let total = 0;
    let kept = 0;
    const limit = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        hash.update(chunk);
        total += chunk.length;
        const room = maxBytes - kept;
        if (room <= 0) return callback();
        const piece = chunk.length <= room ? chunk : chunk.subarray(0, room);
        kept += piece.length;
        callback(null, piece);
      },
    });
    // A body cut short fails the part's stream: the client's fault (400), unlike a disk that fails.
    let sourceFailure: Error | null = null;
    const stopWatching = finished(part.file, (error) => {
      if (error) sourceFailure = error;
    });
    const sink = new PartSink(this, path);
    try {
      await pipeline(part.file, limit, sink);
    } catch (error) {
      throw sourceFailure ? malformedUpload() : error;
    } finally {
      stopWatching();
    }
    const sha256 = hash.digest('hex');
    this.frame('file', part.fieldname, part.filename, part.mimetype, part.encoding, String(total), sha256);
    this.spooled.push({
      type: 'file',
      fieldname: part.fieldname,
      filename: part.filename,
      mimetype: part.mimetype,
      path: sink.spilled ? path : null,
      chunks: sink.chunks,
      truncated: total > maxBytes,
    });
  }

  seal() {
    this.sealed = this.digest.digest('hex');
  }

  /** The parts again, in order, each file streamed from its temporary file. */
  async *parts(): AsyncGenerator<UploadPart> {
    let open: UploadFileStream | null = null;
    try {
      for (const part of this.spooled) {
        if (open && !open.readableEnded) open.destroy();
        if (part.type === 'field') {
          yield part;
          continue;
        }
        open = replayFile(part.path ?? part.chunks, part.truncated);
        yield {
          type: 'file',
          fieldname: part.fieldname,
          filename: part.filename,
          mimetype: part.mimetype,
          file: open,
        };
      }
    } finally {
      if (open && !open.readableEnded) open.destroy();
    }
  }

  /** Removes the temporary folder; safe to call more than once. */
  dispose(): Promise<void> {
    if (this.disposing) return this.disposing;
    for (const part of this.spooled) if (part.type === 'file') part.chunks = [];
    this.release(this.held);
    this.disposing = rm(this.folder, { recursive: true, force: true });
    return this.disposing;
  }
}

/**
 * Where a file part goes as it arrives: into memory while it fits (MEMORY_PART_MAX_BYTES, and the
 * process's budget has room), else to its temporary file, the bytes held so far first.
 */
class PartSink extends Writable {
  readonly chunks: Buffer[] = [];
  private kept = 0;
  private file: WriteStream | null = null;

  constructor(
    private readonly upload: SpooledUpload,
    private readonly path: string,
  ) {
    super();
  }

  get spilled() {
    return this.file !== null;
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void) {
    if (!this.file) {
      if (this.kept + chunk.length <= MEMORY_PART_MAX_BYTES && this.upload.reserve(chunk.length)) {
        this.chunks.push(chunk);
        this.kept += chunk.length;
        return callback();
      }
      const file = createWriteStream(this.path, { flags: 'wx' });
      file.on('error', (error) => this.destroy(error));
      this.file = file;
      for (const held of this.chunks) file.write(held);
      this.chunks.length = 0;
      this.upload.release(this.kept);
      this.kept = 0;
    }
    if (this.file.write(chunk)) callback();
    else this.file.once('drain', () => callback());
  }

  override _final(callback: (error?: Error | null) => void) {
    if (!this.file) return callback();
    this.file.end();
    finished(this.file, (error) => callback(error));
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void) {
    this.file?.destroy();
    callback(error);
  }
}

/** A spooled file as the parser's stream would give it: a cut file says so ('limit') at its end. */
function replayFile(from: string | Buffer[], truncated: boolean): UploadFileStream {
  const stream = new Transform({
    transform(chunk, _encoding, callback) {
      callback(null, chunk);
    },
    flush(callback) {
      if (truncated) this.emit('limit');
      callback();
    },
  }) as Transform & { truncated: boolean };
  stream.truncated = truncated;
  const source = typeof from === 'string' ? createReadStream(from) : Readable.from(from);
  source.on('error', (error: Error) => stream.destroy(error));
  stream.on('close', () => source.destroy());
  source.pipe(stream);
  return stream;
}

/** Reads the whole multipart body of `request` into a new folder under `dir`. */
export async function spoolUpload(
  request: FastifyRequest,
  dir: string,
  options: UploadOptions,
): Promise<SpooledUpload> {
  await mkdir(dir, { recursive: true });
  const upload = new SpooledUpload(await mkdtemp(join(dir, FOLDER_PREFIX)));
  try {
    // The parser cuts nothing: the limit is kept here, so the bytes past it are still hashed.
    const parts = request.parts({ limits: { fileSize: Number.POSITIVE_INFINITY } });
    for await (const part of readParts(parts, options)) {
      if (part.type === 'field') upload.addField(part);
      else await upload.addFile(part, options.maxFileBytes);
    }
    upload.seal();
    return upload;
  } catch (error) {
    await upload.dispose();
    throw error;
  }
}

const FOLDER_PREFIX = 'upload-';
const spools = new WeakMap<FastifyRequest, SpooledUpload>();

/** The parts of the request's upload, read back from disk. */
export function uploadedParts(request: FastifyRequest): AsyncIterable<UploadPart> {
  const upload = spools.get(request);
  if (!upload)
    throw new Error(`${request.routeOptions.url} reads an upload: give the route the upload option`);
  return upload.parts();
}

/** The upload's fingerprint, when the request's body was spooled. */
export const spooledSha256 = (request: FastifyRequest): string | undefined => spools.get(request)?.sha256;

/** Whether a request's body is left for the spool (a multipart body to an upload route). */
export const isSpooled = (request: FastifyRequest) =>
  request.routeOptions.config.upload !== undefined &&
  /^multipart\/form-data\b/i.test(request.headers['content-type'] ?? '');

/**
 * The two hooks of an upload route: read the body into `dir` before anything else (a body that is
 * not multipart is left to the handler, which refuses it), and remove the files once the answer is
 * on its way, when the handler is done with them.
 */
export function uploadSpoolHooks(dir: string) {
  const readFirst: preHandlerAsyncHookHandler = async (request) => {
    const options = request.routeOptions.config.upload;
    if (!options || !request.isMultipart()) return;
    spools.set(request, await spoolUpload(request, dir, options));
  };
  const dispose: onSendHookHandler = async (request, _reply, payload) => {
    await spools.get(request)?.dispose();
    return payload;
  };
  return { readFirst, dispose };
}

/**
 * At start: removes the folders of uploads that were being read when a server was killed (decision
 * 025's rule: only those last written before this process started, so a server beside this one on
 * the same folder keeps its own).
 */
export async function sweepUnfinishedSpools(
  dir: string,
  log: FastifyBaseLogger,
  startedAt = performance.timeOrigin,
): Promise<void> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  let folders = 0;
  let bytes = 0;
  for (const name of names.filter((n) => n.startsWith(FOLDER_PREFIX))) {
    const folder = join(dir, name);
    const entries = [folder, ...(await readdir(folder).catch(() => [])).map((file) => join(folder, file))];
    const stats = await Promise.all(entries.map((path) => stat(path).catch(() => null)));
    if (stats.some((s) => s !== null && s.mtimeMs >= startedAt)) continue;
    await rm(folder, { recursive: true, force: true });
    folders += 1;
    bytes += stats.slice(1).reduce((sum, s) => sum + (s?.size ?? 0), 0);
  }
  if (folders > 0) log.info({ folders, bytes }, 'upload spool: removed the bodies of unfinished uploads');
}
