import { defineConfig } from 'vitest/config';
import { TEST_PASSWORD_COST } from '../vitest.config';

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
    // The servers the specs start inherit it (harness/server.ts passes the environment on).
    env: TEST_PASSWORD_COST,
    // A condition polled through the server and the browser: a loaded machine needs more than the 1 s
    // default (the condition still ends the wait as soon as it holds).
    expect: { poll: { timeout: 15_000, interval: 100 } },
  },
});
