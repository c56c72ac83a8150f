import { createHash, randomUUID } from 'node:crypto';
import { access, mkdir, open, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FileStorage } from './file-storage';
import { assertStorageKey } from './storage-key';

/**
 * Files in one folder on local disk (DATA_DIR/uploads), outside anything the web server serves:
 * they are read only through the authorised document endpoints.
 */
export function createLocalFileStorage(root: string): FileStorage {
  const pathOf = (key: string) => join(root, assertStorageKey(key));

  return {
    async put(key, body) {
      const target = pathOf(key);
      await mkdir(root, { recursive: true });
      // The temporary file sits in the same folder so the final rename is atomic: a reader sees the
      // whole file or nothing. Its name cannot collide with a key (keys never start with a dot).
      const temp = join(root, `.upload-${randomUUID()}.tmp`);
      const hash = createHash('sha256');
      let sizeBytes = 0;
      const meter = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          hash.update(chunk);
          sizeBytes += chunk.length;
          callback(null, chunk);
        },
      });
      // Created before any byte flows ('wx' never follows or overwrites a file), so a failure below
      // always finds it to remove: a lazily opened stream could create it after the clean-up.
      const handle = await open(temp, 'wx', 0o600);
      try {
        // flush: the data is on disk (fsync) before the rename makes it visible.
        await pipeline(body, meter, handle.createWriteStream({ flush: true }));
        await rename(temp, target);
      } catch (error) {
        await rm(temp, { force: true });
        throw error;
      }
      return { sizeBytes, sha256: hash.digest('hex') };
    },

    async get(key) {
      // Opening first makes a missing file fail here (ENOENT), before any byte is sent.
      const handle = await open(pathOf(key), 'r');
      return handle.createReadStream() as Readable;
    },

    async delete(key) {
      await rm(pathOf(key), { force: true });
    },

    async exists(key) {
      try {
        await access(pathOf(key));
        return true;
      } catch {
        return false;
      }
    },
  };
}
