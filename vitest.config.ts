import { defineConfig } from 'vitest/config';

const serverProject = (name: string, env: Record<string, string>) => ({
  test: {
    name,
    include: ['apps/server/test/**/*.test.ts'],
    setupFiles: ['apps/server/test/setup.ts'],
    // Once per run (global-setup.ts): the server built for the tests that start it as a process, and
    // on PGlite one migrated database every file's database starts from.
    globalSetup: ['apps/server/test/global-setup.ts'],
    env,
    // The files of a worker run one after another in one process, importing the app once (about 3 s
    // of CPU per file less than a fresh import each). What a file makes it closes (setup.ts closes an
    // app it left open); module state in the server is per app or per database, not per process.
    isolate: false,
    testTimeout: 90_000,
    hookTimeout: 120_000,
  },
});

// One Vitest run: pure domain rules, the web app's hooks, and the API through the real HTTP stack.
// Two threads at most: the machines this runs on have two cores.
export default defineConfig({
  test: {
    pool: 'threads',
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'domain',
          include: ['packages/domain/test/**/*.test.ts'],
          // Property tests run thousands of cases on the CPU: on a loaded machine (npm test runs the
          // browser journeys beside this step) one took 15 s against Vitest's default of 5. A timeout
          // here catches a hang, not slowness; the figures each test checks are unchanged.
          testTimeout: 60_000,
        },
      },
      {
        // The web app's own logic (hooks) in a DOM; the journeys through a real browser are in e2e/.
        test: {
          name: 'web',
          include: ['apps/web/test/**/*.test.tsx'],
          environment: 'jsdom',
          setupFiles: ['apps/web/test/setup-dom.ts'],
          // As the domain tests: a limit for a hang, not for a loaded machine (findBy waits 10 s).
          testTimeout: 60_000,
        },
      },
      serverProject('server', { PLINTH_TEST_DB: 'pglite' }),
      // With TEST_DATABASE_URL the API suite runs a second time, on that PostgreSQL server.
      ...(process.env.TEST_DATABASE_URL ? [serverProject('server-pg', { PLINTH_TEST_DB: 'postgres' })] : []),
    ],
  },
});
