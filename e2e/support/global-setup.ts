import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
  }
}

const freePort = () =>
  new Promise<number>((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => done(port));
    });
  });

let server: ChildProcess | undefined;
let dataDir: string | undefined;

/** Starts the built server (as `npm start` does) on a fresh embedded database with the demo seed. */
export async function setup(project: TestProject) {
  dataDir = mkdtempSync(join(tmpdir(), 'plinth-e2e-'));
  const port = await freePort();
  const baseURL = `http://localhost:${port}`;
  const main = resolve(import.meta.dirname, '../../apps/server/dist/main.js');
  let output = '';
  server = spawn(process.execPath, [main, '--seed-demo'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      BASE_URL: baseURL,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      // Every journey signs up and in from 127.0.0.1; the rate limits have their own API tests.
      AUTH_RATE_LIMIT: 'off',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.on('data', (d) => {
    output += d;
  });
  server.stderr?.on('data', (d) => {
    output += d;
  });
  // Migrating and seeding the demo market takes ~8 s on a quiet machine; far longer when the cores are busy.
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`Server exited during start-up:\n${output}`);
    try {
      const res = await fetch(`${baseURL}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`Server did not answer within 120 s:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  project.provide('baseURL', baseURL);
}

export async function teardown() {
  if (server && server.exitCode === null) {
    const exited = new Promise((r) => server?.once('exit', r));
    server.kill('SIGTERM');
    await exited;
  }
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}
