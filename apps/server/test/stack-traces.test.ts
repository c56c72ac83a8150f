import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * Decision 075: npm start no longer gives Node `--enable-source-maps` (it kept every module's source
 * map in memory); main.ts maps stack traces on demand instead (src/stack-traces.ts). A small program
 * bundled as build.mjs bundles the server (esbuild, ESM, source map beside it) throws, and its stack
 * must name the TypeScript file and line, as `--enable-source-maps` does.
 */
const mapper = resolve(fileURLToPath(new URL('../src/stack-traces.ts', import.meta.url)));

let dir: string;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'plinth-stack-traces-'));
  writeFileSync(
    join(dir, 'entry.ts'),
    [
      `import { mapStackTracesOnDemand } from ${JSON.stringify(mapper)};`,
      `const installed = process.env.MAP === 'on' ? mapStackTracesOnDemand(import.meta.url) : false;`,
      'function failHere(): never {',
      "  throw new TypeError('no such draw');",
      '}',
      'try {',
      '  failHere();',
      '} catch (error) {',
      '  console.log(JSON.stringify({ installed, stack: (error as Error).stack }));',
      '}',
      '',
    ].join('\n'),
  );
  await build({
    entryPoints: [join(dir, 'entry.ts')],
    outdir: join(dir, 'dist'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    logLevel: 'warning',
  });
}, 60_000);

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

function run(env: Record<string, string>, nodeArgs: string[] = []) {
  const result = spawnSync(process.execPath, [...nodeArgs, join(dir, 'dist', 'entry.js')], {
    env: { PATH: process.env.PATH ?? '', ...env },
    encoding: 'utf8',
  });
  expect(result.status, result.stderr).toBe(0);
  return JSON.parse(result.stdout) as { installed: boolean; stack: string };
}

describe('stack traces of the built server (mapStackTracesOnDemand)', () => {
  it('name the TypeScript file, line and function, with the message first', () => {
    const { installed, stack } = run({ MAP: 'on' });
    expect(installed).toBe(true);
    const lines = stack.split('\n');
    expect(lines[0]).toBe('TypeError: no such draw');
    expect(lines[1]).toBe(`    at failHere (${join(dir, 'entry.ts')}:4:9)`);
    expect(stack).not.toContain(join('dist', 'entry.js'));
  });

  it('are as V8 prints them without it (the bundle’s lines), which is what it changes', () => {
    const { installed, stack } = run({ MAP: 'off' });
    expect(installed).toBe(false);
    expect(stack.split('\n')[1]).toMatch(/^ {4}at failHere \(file:\/\/.*\/dist\/entry\.js:\d+:\d+\)$/);
  });

  it('leave the mapping to Node when it maps them itself (--enable-source-maps)', () => {
    const { installed, stack } = run({ MAP: 'on' }, ['--enable-source-maps']);
    expect(installed).toBe(false);
    expect(stack.split('\n')[1]).toBe(`    at failHere (${join(dir, 'entry.ts')}:4:9)`);
  });
});
