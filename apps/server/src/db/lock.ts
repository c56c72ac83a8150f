import { mkdirSync, readFileSync, renameSync, rmdirSync, rmSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { resolve } from 'node:path';
import lockfile from 'proper-lockfile';

export class DataDirLockedError extends Error {}

/** Data folders this process holds (one process may not take its own folder twice). */
const heldHere = new Set<string>();

/**
 * PGlite does not lock its data folder and two processes writing it corrupt it, so the process
 * that opens it holds a lock for as long as it runs. A second server or a CLI stops here.
 *
 * The lock is a folder whose time the holder refreshes every 5 s; on its own it only goes stale
 * 15 s after its holder died. Next to it, `.lock-owner` names the holder (process id and host), so
 * a server restarted at once after a crash (SIGKILL, out of memory, power cut) takes over a lock
 * whose holder no longer runs on this machine instead of refusing to start.
 */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  const dir = resolve(dataDir);
  mkdirSync(dir, { recursive: true });
  const lockPath = resolve(dir, '.lock');
  const ownerPath = resolve(dir, '.lock-owner');
  const take = () => lockfile.lock(dir, { lockfilePath: lockPath, stale: 15_000, update: 5_000 });
  let release: () => Promise<void>;
  try {
    release = await take();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ELOCKED' || !holderIsGone(dir, ownerPath)) {
      throw lockError(error, dir);
    }
    // Like proper-lockfile's own removal of a stale lock, this is not atomic with the next line: two
    // processes starting in the same instant after a crash could both get here; the loser of the
    // mkdir inside `take` still stops.
    try {
      rmdirSync(lockPath);
    } catch (removal) {
      if ((removal as NodeJS.ErrnoException).code !== 'ENOENT') throw removal;
    }
    try {
      release = await take();
    } catch (retry) {
      throw lockError(retry, dir);
    }
  }
  heldHere.add(dir);
  const staging = `${ownerPath}.${process.pid}`;
  writeFileSync(staging, JSON.stringify({ pid: process.pid, host: hostname() }));
  renameSync(staging, ownerPath);
  return async () => {
    heldHere.delete(dir);
    rmSync(ownerPath, { force: true });
    await release();
  };
}

function lockError(error: unknown, dir: string) {
  if ((error as NodeJS.ErrnoException).code !== 'ELOCKED') return error;
  return new DataDirLockedError(
    `The embedded database in ${dir} is in use by another Plinth process (a running server or CLI). ` +
      'Stop it first, or point DATA_DIR elsewhere.',
  );
}

/**
 * True when the lock's recorded holder was a process on this host that is no longer running. A
 * holder with this very process id that is not this process is a previous life of it (a container's
 * process 1 restarted). Unknown holders and other hosts are left to the 15-second rule.
 */
function holderIsGone(dir: string, ownerPath: string): boolean {
  let owner: { pid?: unknown; host?: unknown };
  try {
    owner = JSON.parse(readFileSync(ownerPath, 'utf8'));
  } catch {
    return false;
  }
  if (typeof owner.pid !== 'number' || owner.host !== hostname()) return false;
  if (owner.pid === process.pid) return !heldHere.has(dir);
  try {
    process.kill(owner.pid, 0);
    return false;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}
