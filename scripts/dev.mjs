#!/usr/bin/env node
// npm run dev: the API in watch mode on :3000 and Vite on :5173 (proxying /api to the API).
import { spawn } from 'node:child_process';
import { ensureDependencies, root } from './lib.mjs';

ensureDependencies();
const children = [
  spawn('npm', ['run', 'dev', '-w', '@plinth/server', '--', '--seed-demo'], { cwd: root, stdio: 'inherit' }),
  spawn('npm', ['run', 'dev', '-w', '@plinth/web'], { cwd: root, stdio: 'inherit' }),
];
const stop = () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGINT');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', stop);
