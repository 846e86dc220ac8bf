import { defineConfig } from 'vitest/config';

/** Browser journeys: a real server on a fresh database, driven through Debian's Chromium. */
export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.ts'],
    environment: 'node',
    testTimeout: 90_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // One server + browser per file; two at once is what a 2-core machine carries.
    maxWorkers: 2,
    globalSetup: ['e2e/support/global-setup.ts'],
  },
});
