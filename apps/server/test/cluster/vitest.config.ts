import { defineConfig } from 'vitest/config';

// The cluster test (scripts/cluster.mjs driven over HTTP): its own run, since it starts real
// processes (two servers, HAProxy, s3rver) on a PostgreSQL server. Named *.cluster.ts so the API
// suite's `*.test.ts` never picks it up.
export default defineConfig({
  test: {
    name: 'cluster',
    root: import.meta.dirname,
    include: ['**/*.cluster.ts'],
    pool: 'forks',
    maxWorkers: 1,
    testTimeout: 120_000,
    hookTimeout: 180_000,
  },
});
