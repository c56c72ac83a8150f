import { defineConfig } from 'vitest/config';

const serverProject = (name: string, env: Record<string, string>) => ({
  test: {
    name,
    include: ['apps/server/test/**/*.test.ts'],
    setupFiles: ['apps/server/test/setup.ts'],
    // On PGlite every file's database starts from one migrated at the start (global-setup.ts).
    ...(env.PLINTH_TEST_DB === 'pglite' ? { globalSetup: ['apps/server/test/global-setup.ts'] } : {}),
    env,
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
        },
      },
      {
        // The web app's own logic (hooks) in a DOM; the journeys through a real browser are in e2e/.
        test: {
          name: 'web',
          include: ['apps/web/test/**/*.test.tsx'],
          environment: 'jsdom',
          setupFiles: ['apps/web/test/setup-dom.ts'],
        },
      },
      serverProject('server', { PLINTH_TEST_DB: 'pglite' }),
      // With TEST_DATABASE_URL the API suite runs a second time, on that PostgreSQL server.
      ...(process.env.TEST_DATABASE_URL ? [serverProject('server-pg', { PLINTH_TEST_DB: 'postgres' })] : []),
    ],
  },
});
