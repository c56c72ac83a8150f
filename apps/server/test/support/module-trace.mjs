// Preloaded into a server under test (NODE_OPTIONS=--import <this file>, PLINTH_MODULE_TRACE=<file>):
// writes to PLINTH_MODULE_TRACE every module the process loads, one URL or path a line. ES modules
// are seen by a resolve hook (module-trace-hooks.mjs, registered here); CommonJS files that npm
// packages require are read from the require cache when the process exits. start-up-imports.test.ts
// reads it to check which npm packages a start loads (issue 31 item 3: memory at rest).
import { appendFileSync } from 'node:fs';
import { createRequire, register } from 'node:module';

const file = process.env.PLINTH_MODULE_TRACE;
if (file) {
  register(new URL('./module-trace-hooks.mjs', import.meta.url), { data: { file } });
  const cache = createRequire(import.meta.url).cache;
  process.once('exit', () => {
    const paths = Object.keys(cache);
    if (paths.length > 0) appendFileSync(file, `${paths.join('\n')}\n`);
  });
}
