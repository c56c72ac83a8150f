import { afterAll, afterEach, beforeEach, vi } from 'vitest';
import { closeLeftoverApps } from './helpers';

// jsdom (support/email-a11y.ts) lists, when first imported, the JavaScript globals it copies into each
// window it makes. Imported here, before any test file, that list is Node's own: pdf.js's legacy
// build, which the server's tracing loads, adds a global Iterator on Node 20 that a window's fresh
// context lacks, and a jsdom imported after it fails every window ('Iterator is not defined'). With
// many files to a process (vitest.config.ts) a file with PDFs may run before the e-mail tests.
const jsdomName = 'jsdom';
await import(jsdomName);

// A stray console.error is a bug the test did not expect: fail the test that caused it.
beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    throw new Error(`console.error called: ${args.map(String).join(' ')}`);
  });
});

afterEach(() => {
  vi.restoreAllMocks();
});

// Test files run one after another in one process (vitest.config.ts, isolate: false): an app a file
// left open is closed with the file (after the file's own hooks), as ending its process used to.
afterAll(async () => {
  await closeLeftoverApps();
});
