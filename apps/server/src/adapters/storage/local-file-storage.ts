import { randomUUID } from 'node:crypto';
import { readdirSync, rmSync, statSync } from 'node:fs';
import { access, mkdir, open, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FileStorage } from './file-storage';
import { meteredStream } from './metered-stream';
import { assertStorageKey } from './storage-key';

const TEMP_PREFIX = '.upload-';
const TEMP_SUFFIX = '.tmp';

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
      const temp = join(root, `${TEMP_PREFIX}${randomUUID()}${TEMP_SUFFIX}`);
      const { stream: meter, result } = meteredStream();
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
      return result();
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

/**
 * A process killed mid-upload (SIGKILL, out of memory, power cut) leaves its temporary file behind:
 * no row names it and no key reaches it. The server removes them at start: only `.upload-*.tmp`
 * directly in `root`, and only those last written before this process started, so a server
 * starting next to another one on the same folder (a rolling restart) leaves its uploads alone.
 */
export function sweepUnfinishedUploads(
  root: string,
  startedAt = performance.timeOrigin,
): { files: number; bytes: number } {
  let names: string[];
  try {
    names = readdirSync(root);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { files: 0, bytes: 0 };
    throw error;
  }
  let files = 0;
  let bytes = 0;
  for (const name of names) {
    if (!name.startsWith(TEMP_PREFIX) || !name.endsWith(TEMP_SUFFIX)) continue;
    const path = join(root, name);
    try {
      const stat = statSync(path);
      if (!stat.isFile() || stat.mtimeMs >= startedAt) continue;
      rmSync(path, { force: true });
      files += 1;
      bytes += stat.size;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  return { files, bytes };
}
