import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { displayFileName } from '@plinth/domain/documents';
import { describe, expect, it } from 'vitest';
import { createLocalFileStorage } from '../src/adapters/storage/local-file-storage';
import { assertStorageKey } from '../src/adapters/storage/storage-key';
import { contentDisposition } from '../src/modules/documents/content-disposition';
import { checkSignature } from '../src/modules/documents/magic-bytes';
import { samples } from './support/documents';

// The documents module's rules without the API: file names, magic bytes, the download header,
// storage keys and the local storage's clean-up.

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

describe('document rules', () => {
  it('displayFileName: keeps only the base name, drops control characters, never empty', () => {
    expect(displayFileName('../../etc/passwd.pdf')).toBe('passwd.pdf');
    expect(displayFileName('C:\\Users\\me\\plan.pdf')).toBe('plan.pdf');
    expect(displayFileName('a\u0000b\nc.pdf')).toBe('abc.pdf');
    expect(displayFileName('..')).toBe('document');
    expect(displayFileName(`${'x'.repeat(300)}.pdf`)).toMatch(/^x{251}\.pdf$/);
  });

  it('checkSignature: accepts each kind by its magic bytes and refuses impostors', () => {
    expect(checkSignature('pdf', samples.pdf())).toBe('match');
    expect(checkSignature('pdf', samples.png())).toBe('mismatch');
    expect(checkSignature('pdf', samples.exe())).toBe('mismatch');
    expect(checkSignature('pdf', Buffer.from('%PD'))).toBe('need_more');
    expect(checkSignature('jpeg', samples.jpeg())).toBe('match');
    expect(checkSignature('xls', samples.ole())).toBe('match');
    expect(checkSignature('xlsx', samples.ole())).toBe('mismatch');
    expect(checkSignature('xlsx', samples.zip())).toBe('match');
  });

  it('contentDisposition: quotes, backslashes and non-ASCII never reach the quoted name', () => {
    expect(contentDisposition('attachment', 'a "b" \\ c\r\n.pdf')).toBe(
      `attachment; filename="a _b_ _ c__.pdf"; filename*=UTF-8''a%20%22b%22%20%5C%20c%0D%0A.pdf`,
    );
    expect(contentDisposition('inline', "it's.pdf")).toBe(
      `inline; filename="it's.pdf"; filename*=UTF-8''it%27s.pdf`,
    );
  });

  it('storage keys: path separators, dot-dot and hidden names are refused', () => {
    for (const key of ['../x.pdf', 'a/b.pdf', 'a\\b.pdf', '..', '.hidden', 'a..pdf', '', 'x.pdf\u0000']) {
      expect(() => assertStorageKey(key)).toThrow(/Invalid storage key/);
    }
    expect(assertStorageKey('0d6f2f0e-8a5e-4c1e-9a59-3f9a4c1f1b7e.pdf')).toBe(
      '0d6f2f0e-8a5e-4c1e-9a59-3f9a4c1f1b7e.pdf',
    );
  });

  it('local storage: a stream that fails part-way leaves nothing behind', async () => {
    const root = mkdtempSync(join(tmpdir(), 'plinth-storage-test-'));
    try {
      const storage = createLocalFileStorage(root);
      const failing = Readable.from(
        (async function* () {
          yield Buffer.alloc(64 * 1024, 1);
          throw new Error('source failed');
        })(),
      );
      await expect(storage.put('5b1c8a52-8f7e-4b0c-a1d3-0c2f8e9d4a61.pdf', failing)).rejects.toThrow(
        'source failed',
      );
      expect(readdirSync(root)).toEqual([]);
      await expect(storage.put('../escape.pdf', Readable.from([Buffer.from('x')]))).rejects.toThrow(
        /Invalid storage key/,
      );
      const stored = await storage.put(
        '8c0e6a51-1f0a-4f6b-9c51-2b7d3e4f5a60.pdf',
        Readable.from([Buffer.from('abc')]),
      );
      expect(stored).toEqual({ sizeBytes: 3, sha256: sha256(Buffer.from('abc')) });
      expect(readdirSync(root)).toEqual(['8c0e6a51-1f0a-4f6b-9c51-2b7d3e4f5a60.pdf']);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
