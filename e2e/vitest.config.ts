import { defineConfig } from 'vitest/config';

// Browser journeys in Debian's Chromium (playwright-core) against the built app, served by the
// real server on a fresh embedded database made for this run.
export default defineConfig({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include: ['**/*.e2e.test.ts'],
    globalSetup: ['support/global-setup.ts'],
    pool: 'forks',
    // One file at a time: the server, Chromium and the test share two cores, and journeys that
    // wait on live updates are steadier without a second browser competing.
    maxWorkers: 1,
    // The files run one after another in that one process (not a fresh one each): the test support
    // and Playwright are imported once, and one Chromium serves every file (support/browser.ts), each
    // test in fresh contexts. The server is shared already (support/global-setup.ts).
    isolate: false,
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // A journey waits for what a person would see happen (a redirect after sign-in, a live update);
    // a second is too short when the machine is busy, and an answer that never comes still fails.
    expect: { poll: { timeout: 10_000, interval: 100 } },
  },
});
