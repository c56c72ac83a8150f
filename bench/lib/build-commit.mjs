#!/usr/bin/env node
// Builds one commit's server apart from the shared checkout, for a side-by-side benchmark
// (`bench/load --this <dir> --compare <dir>`): `git archive <commit>` into <dir>, its node_modules
// linked to this checkout's, its server built (apps/server/dist). Other engineers' uncommitted
// changes in the shared tree are therefore not measured. As bench:quick prepares its base build.
// Usage: node bench/lib/build-commit.mjs <commit> <dir>
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { root } from './server.mjs';

const [commitArg, dirArg] = process.argv.slice(2);
if (!commitArg || !dirArg) throw new Error('Usage: node bench/lib/build-commit.mjs <commit> <dir>');
const commit = execFileSync('git', ['-C', root, 'rev-parse', '--short', commitArg], {
  encoding: 'utf8',
}).trim();
const dir = resolve(dirArg);
rmSync(dir, { recursive: true, force: true });
mkdirSync(dir, { recursive: true });
const archive = execFileSync('git', ['-C', root, 'archive', commit], { maxBuffer: 1 << 30 });
execFileSync('tar', ['-x', '-C', dir], { input: archive });
const modules = join(dir, 'node_modules');
mkdirSync(join(modules, '@plinth'), { recursive: true });
for (const entry of readdirSync(join(root, 'node_modules'))) {
  if (entry === '@plinth' || entry === '.bin') continue;
  symlinkSync(join(root, 'node_modules', entry), join(modules, entry));
}
for (const [name, path] of [
  ['domain', 'packages/domain'],
  ['server', 'apps/server'],
  ['web', 'apps/web'],
  ['e2e', 'e2e'],
]) {
  if (existsSync(join(dir, path))) symlinkSync(join('..', '..', path), join(modules, '@plinth', name));
}
execFileSync(process.execPath, ['build.mjs'], { cwd: join(dir, 'apps/server'), stdio: 'inherit' });
// bench/memory and bench/load name a build by this file when it is not a git checkout.
writeFileSync(join(dir, '.bench-base-commit'), `${commit}\n`);
console.info(dir);
