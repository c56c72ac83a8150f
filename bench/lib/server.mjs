// Starts the built server on a fresh embedded database for a benchmark, and signs people in.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const root = resolve(import.meta.dirname, '../..');

export const freePort = () =>
  new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => done(port));
    });
  });

/**
 * Starts apps/server/dist/main.js (or another build's `mainJs`, run in `cwd`) as a child process
 * and waits for /api/health. `seedDemo: false`
 * leaves the database as the migrations make it (a benchmark that seeds its own data).
 */
export async function startServer(
  env = {},
  {
    seedDemo = true,
    mainJs = join(root, 'apps/server/dist/main.js'),
    cwd,
    nodeArgs: extraNodeArgs,
    healthTimeoutS = 30,
  } = {},
) {
  const dataDir = mkdtempSync(join(tmpdir(), 'plinth-bench-'));
  const port = await freePort();
  const baseURL = `http://localhost:${port}`;
  // BENCH_SERVER_NODE_ARGS: extra Node options for the server, e.g. '--cpu-prof --cpu-prof-dir=/tmp/prof'
  // to see where a benchmark's server time goes (Node refuses --cpu-prof in NODE_OPTIONS).
  // `nodeArgs` (a string of the same form) does the same for one server.
  const nodeArgs = (extraNodeArgs ?? process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const args = [...nodeArgs, mainJs, ...(seedDemo ? ['--seed-demo'] : [])];
  const child = spawn(process.execPath, args, {
    ...(cwd ? { cwd } : {}),
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      BASE_URL: baseURL,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      AUTH_RATE_LIMIT: 'off',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await waitForHealth(baseURL, child, '/api/health', healthTimeoutS);
  return {
    baseURL,
    pid: child.pid,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Polls `${baseURL}${path}` (default /api/health) until it answers 200 (`timeoutS`, default 30 s, at most, or until the child exits). */
export async function waitForHealth(baseURL, child, path = '/api/health', timeoutS = 30) {
  let exited = false;
  child?.once('exit', () => {
    exited = true;
  });
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${baseURL}${path}`)).ok) return;
    } catch {}
    if (exited) throw new Error(`server exited before answering ${path}`);
    if (i > timeoutS * 10) throw new Error('server did not start');
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Signs in through Better Auth and returns the Cookie header value. */
export async function signIn(baseURL, email, password) {
  const res = await fetch(`${baseURL}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseURL },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`sign-in failed: ${res.status}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

/** Resident memory of a process in MiB, from /proc. */
export function rssMiB(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}
