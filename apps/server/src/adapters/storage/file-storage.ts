import type { Readable } from 'node:stream';

/**
 * Where uploaded files live: DATA_DIR/uploads by default, an S3-compatible bucket when S3_BUCKET is
 * set (create-file-storage.ts), never in a public folder. Files are streamed in and out, never held
 * whole in memory.
 */
export interface FileStorage {
  /** Streams `body` to `key`; on any error nothing is left at `key`. Returns bytes written and sha-256. */
  put(key: string, body: Readable): Promise<{ sizeBytes: number; sha256: string }>;
  /** A key with no file fails with an error whose `code` is 'ENOENT'. */
  get(key: string): Promise<Readable>;
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
}
