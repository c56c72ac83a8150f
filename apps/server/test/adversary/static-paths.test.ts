import { readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers';
import { rawRequest, statusOf } from '../support/raw-http';
import { makeWebDist } from '../support/web-dist';

// An outsider asks the web app's file routes for files outside the build: the folder above it, the
// repository's package.json, /etc/passwd, with every spelling of '..' a path can carry (decision
// 045). Only files of the build, or the app's index.html, ever come back. (app.inject resolves
// '%2e%2e' as a dot segment, as WHATWG URLs do; the raw socket sends every byte as written.)

let t: TestApp;
let web: ReturnType<typeof makeWebDist>;
let port: number;
let buildFiles: string[];
beforeAll(async () => {
  web = makeWebDist();
  buildFiles = ['index.html', 'landing.html', 'assets/app-0a1b2c3d.js'].map((f) =>
    readFileSync(join(web.dist, f), 'utf8'),
  );
  t = await buildTestApp({ WEB_DIST: web.dist });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await t?.close();
  rmSync(web.root, { recursive: true, force: true });
});

/** Text of files outside the build that a traversal would reach. */
const outsideMarkers = () => [web.outside.secret, '"workspaces"', 'root:x:0:0'];

const ATTACKS = [
  '/assets/..%2f..%2fpackage.json',
  '/assets/..%2f..%2f..%2f..%2f..%2fpackage.json',
  '/assets/..%2fsecret.txt',
  '/assets/%2e%2e/%2e%2e/secret.txt',
  '/assets/%2e%2e%2f%2e%2e%2fsecret.txt',
  '/%2e%2e/secret.txt',
  '/%2e%2e/',
  '/%2e%2e/%2e%2e/%2e%2e/%2e%2e/etc/passwd',
  '/..%2fsecret.txt',
  '/..%2f..%2f..%2f..%2fetc%2fpasswd',
  '/%252e%252e/secret.txt',
  '/assets/%252e%252e%252f%252e%252e%252fsecret.txt',
  '/..%252f..%252fpackage.json',
  '/%c0%ae%c0%ae/secret.txt',
  '/assets/..%5c..%5csecret.txt',
  '/..\\secret.txt',
  '/secret.txt%00',
  '/index.html%00',
  '/assets/app-0a1b2c3d.js%00.html',
  '/%00/../secret.txt',
  '//etc/passwd',
  '/assets//..//..//secret.txt',
];

/** Requests as sent over the wire, unnormalised: dot segments a client would remove, too. */
const RAW_ONLY = [
  '/../secret.txt',
  '/assets/../../secret.txt',
  '/assets/../../../../../etc/passwd',
  '/./../secret.txt',
];

function judge(path: string, status: number, body: string, isHead = false): string | null {
  for (const marker of outsideMarkers()) {
    if (body.includes(marker)) return `${path}: ${status} with a file from outside the build`;
  }
  if (status === 200 && !(isHead ? body === '' : buildFiles.includes(body))) {
    return `${path}: 200 with something not in the build`;
  }
  if (![200, 400, 404].includes(status)) return `${path}: ${status}`;
  return null;
}

describe('path traversal on the web files', () => {
  it('the build itself is served: an asset, the landing page and the app', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app-0a1b2c3d.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe(buildFiles[2]);
    expect((await t.app.inject({ method: 'GET', url: '/' })).body).toBe(buildFiles[1]);
    expect((await t.app.inject({ method: 'GET', url: '/terms' })).body).toBe(buildFiles[0]);
  });

  it('encoded, double-encoded, backslashed and null-byte paths never return a file outside the build (inject)', async () => {
    const wrong: string[] = [];
    for (const path of ATTACKS) {
      for (const method of ['GET', 'HEAD'] as const) {
        const res = await t.app.inject({ method, url: path });
        const problem = judge(`${method} ${path}`, res.statusCode, res.body, method === 'HEAD');
        if (problem) wrong.push(problem);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('the same paths and raw dot segments over a socket, byte for byte, never return a file outside the build', async () => {
    const wrong: string[] = [];
    for (const path of [...ATTACKS, ...RAW_ONLY]) {
      const answer = await rawRequest(
        port,
        `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`,
        {
          giveUpMs: 5_000,
        },
      );
      const status = statusOf(answer);
      const body = answer.response.slice(answer.response.indexOf('\r\n\r\n') + 4);
      const problem = judge(path, status, body);
      if (problem) wrong.push(problem);
      if (!answer.closed) wrong.push(`${path}: the connection was left open`);
    }
    expect(wrong).toEqual([]);
  });

  it('/assets/ paths that name no file of the build are 404, never the app (raw, as sent)', async () => {
    for (const path of [
      '/assets/..%2f..%2fpackage.json',
      '/assets/missing.js',
      '/assets/%2e%2e/index.html',
    ]) {
      const answer = await rawRequest(
        port,
        `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`,
        {
          giveUpMs: 5_000,
        },
      );
      expect(statusOf(answer), path).toBe(404);
    }
  });
});
