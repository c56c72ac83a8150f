// Shared by start.mjs, test.mjs and dev.mjs: zero-set-up steps on a fresh Debian machine with Node 20.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

export function step(title) {
  process.stdout.write(`\n▶ ${title}\n`);
}

export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', cwd: root, ...options });
  if (result.status !== 0) {
    const why = result.signal ? `signal ${result.signal}` : `exit code ${result.status}`;
    throw new Error(`${command} ${args.join(' ')} failed (${why})`);
  }
}

/** Installs dependencies when node_modules is missing or older than package-lock.json. */
export function ensureDependencies() {
  const marker = join(root, 'node_modules', '.package-lock.json');
  const lock = join(root, 'package-lock.json');
  if (existsSync(marker) && (!existsSync(lock) || statSync(marker).mtimeMs >= statSync(lock).mtimeMs)) return;
  // `npm install` honours package-lock.json. (`npm ci` is avoided: npm 11 writes lock files that
  // list only this platform's optional packages and then refuses them in `npm ci`.)
  step('Installing dependencies (npm install)');
  run('npm', ['install', '--no-audit', '--no-fund']);
}

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

const buildInputs = ['packages/domain', 'apps/server', 'apps/web', 'package-lock.json'];
const buildStamp = join(root, 'apps', 'server', 'dist', '.build-stamp');

/** Builds the web app and the server unless the last build is newer than every source file. */
export function ensureBuild({ force = false } = {}) {
  const newestSource = Math.max(...buildInputs.map((p) => newestMtime(join(root, p))));
  const built =
    existsSync(buildStamp) && existsSync(join(root, 'apps', 'web', 'dist', 'index.html'))
      ? statSync(buildStamp).mtimeMs
      : 0;
  if (!force && built > newestSource) return;
  step('Building the web app and the server');
  run('npm', ['run', 'build']);
  writeFileSync(buildStamp, new Date().toISOString());
}

/** Finds Chromium for the browser tests; installs Debian's package when running as root. */
export function ensureChromium() {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(
    Boolean,
  );
  const found = candidates.find((p) => existsSync(p));
  if (found) return found;
  if (process.getuid?.() === 0) {
    step("Installing Debian's chromium package for the browser tests");
    run('apt-get', ['update', '-qq']);
    run('apt-get', ['install', '-y', '-qq', 'chromium'], {
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    if (existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
  }
  throw new Error('Chromium not found: install it (apt-get install chromium) or set CHROMIUM_PATH.');
}

/** Finds HAProxy for the cluster test and `scripts/cluster.mjs`; installs Debian's package when running as root. */
export function ensureHaproxy() {
  const candidates = [process.env.HAPROXY_PATH, '/usr/sbin/haproxy', '/usr/bin/haproxy'].filter(Boolean);
  const found = candidates.find((p) => existsSync(p));
  if (found) return found;
  if (process.getuid?.() === 0) {
    step("Installing Debian's haproxy package for the cluster test");
    run('apt-get', ['update', '-qq']);
    run('apt-get', ['install', '-y', '-qq', 'haproxy'], {
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    if (existsSync('/usr/sbin/haproxy')) return '/usr/sbin/haproxy';
  }
  throw new Error('HAProxy not found: install it (apt-get install haproxy) or set HAPROXY_PATH.');
}

/** Finds qpdf for the stamp-removal test (a recipient re-saving a stamped PDF); installs Debian's package when running as root. */
export function ensureQpdf() {
  const candidates = [process.env.QPDF_PATH, '/usr/bin/qpdf', '/usr/local/bin/qpdf'].filter(Boolean);
  const found = candidates.find((p) => existsSync(p));
  if (found) return found;
  if (process.getuid?.() === 0) {
    step("Installing Debian's qpdf package for the stamp-removal test");
    run('apt-get', ['update', '-qq']);
    run('apt-get', ['install', '-y', '-qq', 'qpdf'], {
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    if (existsSync('/usr/bin/qpdf')) return '/usr/bin/qpdf';
  }
  throw new Error('qpdf not found: install it (apt-get install qpdf) or set QPDF_PATH.');
}
