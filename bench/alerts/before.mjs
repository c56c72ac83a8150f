// The server as it was before listing alerts (commit 07aa685, the parent of issue 22 item 2's
// commit), built once into BENCH_BEFORE_DIR for the "publish request not slowed" comparison.
// Extracted read-only with `git archive` (no worktree, no checkout of the shared repository);
// node_modules links to the repository's packages, except @plinth/* which link to the extracted
// tree's own workspaces, so the old server is bundled with the old domain rules. Only the server is
// built: the benchmark talks to the API alone.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { root } from '../lib/server.mjs';

export const BEFORE_COMMIT = process.env.BENCH_BEFORE_COMMIT ?? '07aa685';

/** Extracts and builds the old server if BENCH_BEFORE_DIR does not hold it yet; returns its main.js. */
export function prepareBefore(dir, log) {
  const main = join(dir, 'apps/server/dist/main.js');
  const stamp = join(dir, '.bench-before-commit');
  if (existsSync(main) && existsSync(stamp)) return main;
  log(`extracting ${BEFORE_COMMIT} into ${dir} (git archive) and building its server`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const archive = execFileSync('git', ['-C', root, 'archive', BEFORE_COMMIT], { maxBuffer: 1 << 30 });
  execFileSync('tar', ['-x', '-C', dir], { input: archive });
  const modules = join(dir, 'node_modules');
  mkdirSync(join(modules, '@plinth'), { recursive: true });
  for (const entry of readdirSync(join(root, 'node_modules'))) {
    if (entry === '@plinth') continue;
    symlinkSync(join(root, 'node_modules', entry), join(modules, entry));
  }
  for (const [name, path] of [
    ['domain', 'packages/domain'],
    ['server', 'apps/server'],
    ['web', 'apps/web'],
    ['e2e', 'e2e'],
  ]) {
    symlinkSync(join('..', '..', path), join(modules, '@plinth', name));
  }
  execFileSync(process.execPath, ['build.mjs'], { cwd: join(dir, 'apps/server'), stdio: 'inherit' });
  writeFileSync(stamp, `${BEFORE_COMMIT}\n`);
  return main;
}
