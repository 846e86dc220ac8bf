import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../app';
import { parseEnv } from '../env';
import { openTestDatabase, type TestApp } from './test-app';

/**
 * An app that serves the client's pages, player pages and sitemaps as production does, from a stub build without the
 * server-side renderer (every visitor gets the facts), on its own test database. `close` removes it all.
 */
export async function createPageServingApp(env: Record<string, string>): Promise<TestApp> {
  const root = mkdtempSync(path.join(tmpdir(), 'pr-page-serving-'));
  mkdirSync(path.join(root, 'assets'));
  writeFileSync(
    path.join(root, 'index.html'),
    '<!doctype html><html><head><!--app-head--></head><body><div id="root"></div></body></html>',
  );
  const database = await openTestDatabase();
  const parsed = parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', TRUST_WORKER_SECONDS: '0', ...env });
  const ssrEntry = path.join(root, 'no-ssr.js');
  const app = await buildApp({ env: parsed, database, logger: false, serveClient: true, clientRoot: root, ssrEntry });
  await app.ready();
  return {
    app,
    env: parsed,
    database,
    sentMail: [],
    close: async () => {
      await app.close();
      await database.close();
      rmSync(root, { recursive: true, force: true });
    },
  };
}
