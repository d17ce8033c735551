import { defineConfig } from 'vitest/config';

// Browser suite: real Chromium against a real server per spec file. Specs run one at a time
// (each starts its own server and browser) with generous timeouts.
export default defineConfig({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include: ['specs/**/*.spec.ts'],
    globalSetup: ['./global-setup.ts'],
    fileParallelism: false,
    pool: 'forks',
    testTimeout: 90_000,
    hookTimeout: 120_000,
    retry: 0,
  },
});
