import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { buildApp } from '../app';
import { openDatabase, type Database } from '../db/client';
import type { App } from '../deps';
import { expectNoMismatches } from './expect-no-mismatches';
import { parseEnv, type Env } from '../env';
import type { LimitStore } from '../lib/limit-store';
import type { Mail, Mailer } from '../lib/mailer';

export type TestApp = {
  app: App;
  env: Env;
  database: Database;
  /** Mail the app sent, newest last (an in-memory mailer unless the test passes its own or sets SMTP_URL). */
  sentMail: Mail[];
  close: () => Promise<void>;
};

/**
 * A fresh database per call: PGlite in memory, or, with TEST_DATABASE_URL, a new PostgreSQL
 * database on that server that is dropped again on close.
 */
export async function openTestDatabase(): Promise<Database> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return openDatabase({ dataDir: 'memory://' });
  const name = `pr_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), poolSize: 60 });
  return {
    ...database,
    close: async () => {
      await database.close();
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

export const TEST_ADMIN = { email: 'admin@example.com', key: 'test-admin-key-123456' };
export const TEST_DEV_USERS = 'devuser:devpass123,devadmin:devpass456:admin';

export async function createTestApp(
  overrides: Record<string, string> = {},
  options: {
    mailer?: Mailer;
    limitStore?: LimitStore;
    extraRoutes?: (app: App) => void;
    /** Why this file leaves derived figures that disagree with their rows on purpose (skips the closing recount). */
    skipRecount?: string;
  } = {},
): Promise<TestApp> {
  const env = parseEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://localhost:5000',
    ADMIN_EMAIL: TEST_ADMIN.email,
    ADMIN_KEY: TEST_ADMIN.key,
    DEV_USERS: TEST_DEV_USERS,
    // Tests change session rows behind the app's back; the cache has its own tests (plugins/session.test.ts).
    SESSION_CACHE_SECONDS: '0',
    // Leaderboards computed per request, so a test sees its own fixtures at once (stored boards: leaderboard.test.ts).
    LEADERBOARD_REFRESH_SECONDS: '0',
    // Estimates are computed when a test asks (POST /api/admin/trust/recompute); the worker has its own tests.
    TRUST_WORKER_SECONDS: '0',
    // Sitemaps drawn on every request, so a test sees its own players at once (kept ones: seo/kept-sitemaps.test.ts).
    SITEMAP_KEEP_SECONDS: '0',
    // The recount runs when the file ends (close below) or when a test asks; the schedule has its own test.
    INTEGRITY_CHECK_MINUTES: '0',
    ...overrides,
  });
  const database = await openTestDatabase();
  const sentMail: Mail[] = [];
  // With SMTP_URL the app's own nodemailer transport is used, so tests receive real SMTP.
  const inMemory: Mailer = { send: async (mail: Mail) => void sentMail.push(mail) };
  const mailer = options.mailer ?? (overrides.SMTP_URL ? undefined : inMemory);
  const app = await buildApp({ env, database, mailer, logger: false, limitStore: options.limitStore });
  options.extraRoutes?.(app);
  await app.ready();
  return {
    app,
    env,
    database,
    sentMail,
    close: async () => {
      try {
        // The recount is every API test file's oracle: whatever the file did, each derived figure still agrees with
        // its rows (docs/architecture.md#the-recount).
        if (!options.skipRecount) await expectNoMismatches(database.db);
      } finally {
        await app.close();
        await database.close();
      }
    },
  };
}
