import { defineConfig } from 'vitest/config';

// Tests that time the event loop or the machine: their own step of `npm test`, after the API suite,
// one file at a time, so no other test competes for the two cores while they measure. PostgreSQL
// only (TEST_DATABASE_URL), like the cluster test.
export default defineConfig({
  test: {
    name: 'solo',
    root: import.meta.dirname,
    include: ['**/*.solo.ts'],
    setupFiles: ['../setup.ts'],
    env: { PLINTH_TEST_DB: 'postgres' },
    pool: 'forks',
    maxWorkers: 1,
    testTimeout: 180_000,
    hookTimeout: 120_000,
  },
});
