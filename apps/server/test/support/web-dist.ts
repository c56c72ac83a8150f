import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A tiny build of the web app in a temporary folder, for WEB_DIST: its file routes, the landing
 * page and the SPA fallback then exist. Its parent holds a file outside the build (`outside`), which
 * no request may ever reach.
 */
export function makeWebDist(): { root: string; dist: string; outside: { path: string; secret: string } } {
  const root = mkdtempSync(join(tmpdir(), 'plinth-web-dist-'));
  const dist = join(root, 'dist');
  mkdirSync(join(dist, 'assets'), { recursive: true });
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Plinth app</title>');
  writeFileSync(join(dist, 'landing.html'), '<!doctype html><title>Plinth landing</title>');
  writeFileSync(join(dist, 'assets', 'app-0a1b2c3d.js'), 'console.log("app")');
  const secret = `outside-the-build-${Math.random().toString(36).slice(2)}`;
  const path = join(root, 'secret.txt');
  writeFileSync(path, secret);
  return { root, dist, outside: { path, secret } };
}
