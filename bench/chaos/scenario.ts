import path from 'node:path';
import { openDatabase, type Database } from '../../server/db/client';
import { startApp, type AppProcess, type ServerEntry } from '../server-process';
import type { Cluster } from './postgres-cluster';
import type { ChaosData } from './fixtures';

export type ScenarioResult = {
  name: string;
  pass: boolean;
  /** The target, in words. */
  target: string;
  /** One line of the figures that decide it. */
  summary: string;
  /** Why it failed, each reason precisely. */
  failures: string[];
  figures: Record<string, unknown>;
  /** Warn-and-above server log lines by message. */
  serverLog?: Record<string, number>;
};

/** A seeded PostgreSQL of our own and the signed-in raters in it, shared by the scenarios that use one. */
export type PostgresSetup = { cluster: Cluster; data: ChaosData };

export type ChaosContext = {
  entry: ServerEntry;
  /** Temporary directory for server logs and PGlite data. */
  workDir: string;
  sessionSecret: string;
  soakSeconds: number;
  appPort: number;
  log: (message: string) => void;
  postgres: () => Promise<PostgresSetup>;
};

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function logFileFor(context: ChaosContext, scenario: string): string {
  return path.join(context.workDir, `${scenario}-server.log`);
}

export async function startPostgresApp(
  context: ChaosContext,
  scenario: string,
  setup: PostgresSetup,
  extraEnv?: Record<string, string>,
): Promise<AppProcess> {
  const app = await startApp({
    entry: context.entry,
    port: context.appPort,
    sessionSecret: context.sessionSecret,
    databaseUrl: setup.cluster.url,
    logFile: logFileFor(context, scenario),
    extraEnv,
  });
  context.log(`[${scenario}] server pid ${app.pid} at ${app.baseUrl}`);
  return app;
}

/** Opens the chaos database for a check, and closes it afterwards. */
export async function withDatabase<T>(url: string, use: (database: Database) => Promise<T>): Promise<T> {
  const database = await openDatabase({ url, poolSize: 2 });
  try {
    return await use(database);
  } finally {
    await database.close();
  }
}
