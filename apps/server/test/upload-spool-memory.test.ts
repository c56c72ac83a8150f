import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import type { MultipartFile } from '@fastify/multipart';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import {
  MEMORY_BUDGET_BYTES,
  MEMORY_PART_MAX_BYTES,
  SpooledUpload,
  spoolMemoryInUse,
  type UploadPart,
} from '../src/http/upload-spool';

// Decision 083: a file part that fits (MEMORY_PART_MAX_BYTES, within the process's
// MEMORY_BUDGET_BYTES) is held in memory rather than written to a temporary file and read back;
// anything else goes to disk as before (decision 046). The bytes the handler reads, the fingerprint
// and the truncation are the same either way, and the budget is given back when the upload ends.

const root = mkdtempSync(join(tmpdir(), 'spool-memory-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let uploads: SpooledUpload[] = [];
afterEach(async () => {
  await Promise.all(uploads.map((u) => u.dispose()));
  uploads = [];
  expect(spoolMemoryInUse()).toBe(0);
});

let folders = 0;
function newUpload() {
  const upload = new SpooledUpload(mkdtempSync(join(root, `upload-${folders++}-`)));
  uploads.push(upload);
  return upload;
}

/** A parser's file part whose bytes arrive in chunks of `chunk` bytes. */
function filePart(bytes: Buffer, chunk = 64 * 1024): MultipartFile {
  const pieces: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += chunk) pieces.push(bytes.subarray(at, at + chunk));
  return {
    type: 'file',
    fieldname: 'files',
    filename: 'a.pdf',
    encoding: '7bit',
    mimetype: 'application/pdf',
    file: Readable.from(pieces),
  } as unknown as MultipartFile;
}

async function replayed(upload: SpooledUpload) {
  const out: { bytes: Buffer; truncated: boolean; limit: boolean }[] = [];
  for await (const part of upload.parts() as AsyncIterable<UploadPart>) {
    if (part.type !== 'file') continue;
    let limit = false;
    part.file.on('limit', () => {
      limit = true;
    });
    const chunks: Buffer[] = [];
    for await (const c of part.file) chunks.push(c as Buffer);
    out.push({ bytes: Buffer.concat(chunks), truncated: part.file.truncated, limit });
  }
  return out;
}

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

describe('the upload spool holds small parts in memory, larger ones on disk', () => {
  it('a 300 KB part: nothing written to the folder, the same bytes read back, the budget held until disposed', async () => {
    const bytes = randomBytes(300 * 1024);
    const upload = newUpload();
    await upload.addFile(filePart(bytes), 10 * 1024 * 1024);
    upload.seal();
    expect(readdirSync(upload.folder)).toEqual([]);
    expect(spoolMemoryInUse()).toBe(bytes.length);
    const [part] = await replayed(upload);
    expect(sha(part!.bytes)).toBe(sha(bytes));
    expect(part!.truncated).toBe(false);
    await upload.dispose();
    expect(spoolMemoryInUse()).toBe(0);
  });

  it('a part over the per-part limit goes to its temporary file whole (the bytes held first included)', async () => {
    const bytes = randomBytes(MEMORY_PART_MAX_BYTES + 300 * 1024);
    const upload = newUpload();
    await upload.addFile(filePart(bytes), 10 * 1024 * 1024);
    upload.seal();
    expect(spoolMemoryInUse()).toBe(0);
    expect(statSync(join(upload.folder, '0.part')).size).toBe(bytes.length);
    const [part] = await replayed(upload);
    expect(sha(part!.bytes)).toBe(sha(bytes));
  });

  it('the same body gives the same fingerprint in memory or on disk', async () => {
    const small = randomBytes(200 * 1024);
    // The budget spent by others: the part goes to disk.
    const others = Array.from({ length: MEMORY_BUDGET_BYTES / MEMORY_PART_MAX_BYTES }, () => newUpload());
    for (const other of others) await other.addFile(filePart(randomBytes(MEMORY_PART_MAX_BYTES)), 1 << 30);
    const onDisk = newUpload();
    await onDisk.addFile(filePart(small), 10 * 1024 * 1024);
    onDisk.seal();
    expect(readdirSync(onDisk.folder)).toEqual(['0.part']);
    // Given back: the same part is held in memory.
    await Promise.all(others.map((other) => other.dispose()));
    const inMemory = newUpload();
    await inMemory.addFile(filePart(small), 10 * 1024 * 1024);
    inMemory.seal();
    expect(readdirSync(inMemory.folder)).toEqual([]);
    expect(onDisk.sha256).toBe(inMemory.sha256);
    expect(sha((await replayed(onDisk))[0]!.bytes)).toBe(sha(small));
    expect(sha((await replayed(inMemory))[0]!.bytes)).toBe(sha(small));
  });

  it('once the process budget is spent, parts spill to disk; disposing gives it back', async () => {
    const full = Array.from({ length: MEMORY_BUDGET_BYTES / MEMORY_PART_MAX_BYTES }, () => newUpload());
    for (const upload of full) await upload.addFile(filePart(randomBytes(MEMORY_PART_MAX_BYTES)), 1 << 30);
    expect(spoolMemoryInUse()).toBe(MEMORY_BUDGET_BYTES);
    for (const upload of full) expect(readdirSync(upload.folder)).toEqual([]);
    const late = newUpload();
    await late.addFile(filePart(randomBytes(1000)), 1 << 30);
    expect(readdirSync(late.folder)).toEqual(['0.part']);
    await full[0]!.dispose();
    expect(spoolMemoryInUse()).toBe(MEMORY_BUDGET_BYTES - MEMORY_PART_MAX_BYTES);
    const next = newUpload();
    await next.addFile(filePart(randomBytes(1000)), 1 << 30);
    expect(readdirSync(next.folder)).toEqual([]);
  });

  it('a part past the route limit is cut there in memory too, and says so at its end', async () => {
    const bytes = randomBytes(50_000);
    const upload = newUpload();
    await upload.addFile(filePart(bytes, 7_000), 20_000);
    upload.seal();
    const [part] = await replayed(upload);
    expect(part!.bytes.equals(bytes.subarray(0, 20_000))).toBe(true);
    expect(part!.truncated).toBe(true);
    expect(part!.limit).toBe(true);
  });

  it('a body cut short: 400, and the memory it held is given back when the upload is disposed', async () => {
    const source = new PassThrough();
    const part = { ...filePart(Buffer.alloc(0)), file: source } as unknown as MultipartFile;
    const upload = newUpload();
    const adding = upload.addFile(part, 1 << 30);
    source.write(randomBytes(100_000));
    await new Promise((r) => setImmediate(r));
    expect(spoolMemoryInUse()).toBe(100_000);
    source.destroy(new Error('client went away'));
    await expect(adding).rejects.toMatchObject({ code: 'BAD_REQUEST', status: 400 });
    await upload.dispose();
    expect(spoolMemoryInUse()).toBe(0);
  });
});
