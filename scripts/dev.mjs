#!/usr/bin/env node
// npm run dev: the API in watch mode on :3000 and Vite on :5173 (proxying /api to the API).
import { spawn } from 'node:child_process';
import { ensureDependencies, root } from './lib.mjs';

ensureDependencies();
// People use the app through Vite's page on :5173, so that is the app's own origin (cookie writes
// from any other are refused as cross-site, decision 045); the dev inbox is on unless SMTP is set.
const serverEnv = {
  BASE_URL: 'http://localhost:5173',
  HOST: '127.0.0.1',
  ...(process.env.SMTP_URL ? {} : { DEV_MAIL: 'on' }),
  ...process.env,
};
const children = [
  spawn('npm', ['run', 'dev', '-w', '@plinth/server', '--', '--seed-demo'], {
    cwd: root,
    stdio: 'inherit',
    env: serverEnv,
  }),
  spawn('npm', ['run', 'dev', '-w', '@plinth/web'], { cwd: root, stdio: 'inherit' }),
];
const stop = () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGINT');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', stop);
