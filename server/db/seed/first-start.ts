import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import type { Env } from '../../env';
import type { Database, Db } from '../client';
import { queryRows } from './query-rows';

/** The command that removes the demo world (package.json), named wherever the world is. */
export const DEMO_REMOVE_COMMAND = 'npm run demo:remove';

export type DemoWorldEnv = Pick<Env, 'NODE_ENV' | 'DATABASE_URL' | 'SEED'>;

export type FirstStartOutcome =
  { added: false; reason: string } | { added: true; players: number; ratings: number; users: number; seconds: number };

/**
 * Why this start adds no demo world whatever the database holds, or null when it may: production never seeds, nor
 * does a PostgreSQL database (a shared one is nobody's first visit), and SEED=none says no.
 */
export function demoWorldSkippedBy(env: DemoWorldEnv): string | null {
  if (env.SEED === 'none') return 'SEED=none';
  if (env.NODE_ENV === 'production') return 'NODE_ENV=production';
  if (env.DATABASE_URL) return 'DATABASE_URL (PostgreSQL)';
  return null;
}

/**
 * A database nobody has used: no player, no account, and no demo world added before, even one removed since (so
 * `npm run demo:remove` is not undone by the next start).
 */
async function isUnused(db: Db): Promise<boolean> {
  const [row] = await queryRows<{ used: boolean }>(
    db,
    sql`select exists (select 1 from players) or exists (select 1 from users) or exists (select 1 from demo_world) as used`,
  );
  return !row?.used;
}

/**
 * The first development start on an empty embedded database adds a small demo world, so the first visit finds a
 * living site (docs/decisions/018). Runs before the server listens; a failure leaves the database empty
 * (the world is loaded in one transaction) and the server starts all the same.
 */
export async function addDemoWorldOnFirstStart(
  database: Database,
  env: DemoWorldEnv,
  log: (line: string) => void,
): Promise<FirstStartOutcome> {
  const skippedBy = demoWorldSkippedBy(env);
  if (skippedBy) return { added: false, reason: skippedBy };
  if (!(await isUnused(database.db))) return { added: false, reason: 'the database is not empty' };
  const started = performance.now();
  try {
    // Loaded only here: the generator's faker is a development dependency, absent from a production install.
    const { addDemoWorld } = await import('./demo-world');
    const world = await addDemoWorld(database);
    const seconds = (performance.now() - started) / 1000;
    log(
      `Added a demo world of ${world.players} made-up players in US cities, with ${world.ratings} ratings and their ` +
        `skill estimates, in ${seconds.toFixed(1)} s (every page says it is demo data; SEED=none skips it). ` +
        `Remove it with \`${DEMO_REMOVE_COMMAND}\` while the server is stopped.`,
    );
    return { added: true, ...world, seconds };
  } catch (error) {
    log(`Could not add the demo world (${(error as Error).message}); starting with an empty database.`);
    return { added: false, reason: 'failed' };
  }
}
