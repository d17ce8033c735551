import { defineConfig } from 'vitest/config';

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
        },
      },
      'apps/web/vitest.config.ts',
    ],
  },
});
