import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser } from './browser';
import { startServer, type RunningServer } from './server';

/** What the tests of one file share: a real server on a fresh database, and one browser. */
export type Suite = { server: RunningServer; browser: Browser };

/**
 * Starts the file's server (`startServer`'s arguments) and browser before its tests and stops both after them.
 * Call it inside the file's `describe`; the two are there once the tests run.
 */
export function serverAndBrowserPerFile(...serverArgs: Parameters<typeof startServer>): Suite {
  const suite = {} as Suite;
  beforeAll(async () => {
    [suite.server, suite.browser] = await Promise.all([startServer(...serverArgs), launchBrowser()]);
  });
  afterAll(async () => {
    await suite.browser?.close();
    await suite.server?.stop();
  });
  return suite;
}
