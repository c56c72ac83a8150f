import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import lockfile from 'proper-lockfile';

export class DataDirLockedError extends Error {}

/**
 * PGlite does not lock its data folder and two processes writing it corrupt it, so the process
 * that opens it holds a lock for as long as it runs. A second server or a CLI stops here.
 */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  const dir = resolve(dataDir);
  mkdirSync(dir, { recursive: true });
  try {
    return await lockfile.lock(dir, { lockfilePath: resolve(dir, '.lock'), stale: 15_000, update: 5_000 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ELOCKED') {
      throw new DataDirLockedError(
        `The embedded database in ${dir} is in use by another Plinth process (a running server or CLI). ` +
          'Stop it first, or point DATA_DIR elsewhere.',
      );
    }
    throw error;
  }
}
