import { defineConfig } from 'vitest/config';

/**
 * Password hashing at argon2's cheapest cost: the suites register thousands of accounts. Only a
 * NODE_ENV=test process accepts it (apps/server/src/config.ts); a test checks the production cost.
 */
export const TEST_PASSWORD_COST = { PASSWORD_HASH_MEMORY_KIB: '8', PASSWORD_HASH_TIME_COST: '1' };

// Unit and integration tests of the protocol, server and web packages. The browser suite (e2e/) has
// its own config and runs after a web build (see scripts/test-all.mjs).
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'protocol', include: ['packages/protocol/src/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
          // A worker process keeps the modules it loaded from one test file to the next: each file
          // imports the whole server, and importing it again for every file was a third of the pass.
          // Files share no state beyond that (each starts its own server on its own database).
          isolate: false,
          env: TEST_PASSWORD_COST,
        },
      },
      'apps/web/vitest.config.ts',
    ],
  },
});
