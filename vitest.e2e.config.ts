import { defineConfig } from 'vitest/config';

/** Browser journeys: a real server on a fresh database, driven through Debian's Chromium. */
export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.ts'],
    environment: 'node',
    // The stop-20 CI runner took 2.3x this machine's time for the suite (697 s against 300 s), its slowest journey 70 s.
    testTimeout: 150_000,
    // A poll waits as long as `see` (e2e/support/app.ts) does: the default second fails a check whose screen is
    // still loading on a busy 2-core runner (the admin Player List, 04:44 CI run on this machine).
    expect: { poll: { timeout: 15_000 } },
    hookTimeout: 120_000,
    pool: 'forks',
    // One server + browser per file; two at once is what a 2-core machine carries.
    maxWorkers: 2,
    globalSetup: ['e2e/support/global-setup.ts'],
  },
});
