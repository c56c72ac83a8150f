import type { Readable } from 'node:stream';

/**
 * Where uploaded files live: DATA_DIR/uploads by default (S3-compatible storage later), never in a
 * public folder. Files are streamed in and out, never held whole in memory.
 */
export interface FileStorage {
  /** Streams `body` to `key`; on any error nothing is left at `key`. Returns bytes written and sha-256. */
  put(key: string, body: Readable): Promise<{ sizeBytes: number; sha256: string }>;
  get(key: string): Promise<Readable>;
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
}
