import { performance } from 'node:perf_hooks';
import { hashPassword } from '../../lib/password';
import type { Database } from '../client';
import type { CsvTable } from './csv';
import { generateDataset, SEED_PASSWORD, type Dataset, type GenerateOptions } from './generate';
import { openLoader } from './loader';

export type SeedOptions = {
  players: number;
  ratings: number;
  users?: number;
  seed: number;
  /** Where the seeded history ends; the default is the start of today (UTC), so a day's runs agree. */
  now?: Date;
  /** Empty every application table first (otherwise a database with players or ratings is refused). */
  reset?: boolean;
  /** The password accounts' argon2 hash; default SEED_PASSWORD's. */
  passwordHash?: string;
  /** A table of the caller's own, loaded last in the same transaction (the demo world's record of its rows). */
  extraTable?: (dataset: Dataset) => CsvTable;
  log?: (message: string) => void;
} & Pick<GenerateOptions, 'featured' | 'signups'>;

export type SeedResult = { summary: Dataset['summary']; rows: Record<string, number>; seconds: number };

/** Every table the application owns, emptied by --reset (the migrations' own table is left alone). */
const APP_TABLES = [
  'achievements',
  'rater_daily_stats',
  'rater_stats',
  'email_signups',
  'player_match_requests',
  'flagged_comments',
  'rating_helpfulness',
  'ratings',
  'players',
  'admin_tokens',
  'sessions',
  'users',
  // Replaced data is no demo world: its record would name players of the new data.
  'demo_world',
];
/** Tables whose ids the seed writes itself; their sequences move past them afterwards (ratings' ids are random). */
const EXPLICIT_ID_TABLES = ['players'];

export function startOfUtcDay(date: Date): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
}

const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(1);

/**
 * Fills the database with a generated dataset in one transaction (COPY per table), then refreshes
 * the planner's statistics. Migrations must already have run (openDatabase does that).
 */
export async function seedDatabase(database: Database, options: SeedOptions): Promise<SeedResult> {
  const log = options.log ?? (() => undefined);
  const started = performance.now();
  const loader = await openLoader(database);
  try {
    const [existing] = await loader.query<{ players: number; ratings: number }>(
      'select (select count(*) from players)::int as players, (select count(*) from ratings)::int as ratings',
    );
    if (!options.reset && (existing.players > 0 || existing.ratings > 0)) {
      throw new Error(
        `the database already holds ${existing.players} players and ${existing.ratings} ratings; run with --reset to replace all data`,
      );
    }

    let phase = performance.now();
    const dataset = generateDataset({
      players: options.players,
      ratings: options.ratings,
      users: options.users,
      seed: options.seed,
      now: options.now ?? startOfUtcDay(new Date()),
      passwordHash: options.passwordHash ?? (await hashPassword(SEED_PASSWORD)),
      featured: options.featured,
      signups: options.signups,
    });
    log(`generated ${dataset.tables.map((t) => `${t.rows} ${t.table}`).join(', ')} in ${seconds(phase)} s`);

    const tables = options.extraTable ? [...dataset.tables, options.extraTable(dataset)] : dataset.tables;
    await loader.exec('begin');
    try {
      if (database.kind === 'postgres') await loader.exec('set local synchronous_commit = off');
      if (options.reset) {
        await loader.exec(`truncate ${APP_TABLES.join(', ')} restart identity cascade`);
        log('emptied all application tables');
      }
      for (const table of tables) {
        phase = performance.now();
        await loader.copy(table);
        log(`  ${table.table}: ${table.rows} rows in ${seconds(phase)} s`);
      }
      for (const table of EXPLICIT_ID_TABLES) {
        await loader.query(
          `select setval(pg_get_serial_sequence('${table}', 'id'), coalesce(max(id), 0) + 1, false) from ${table}`,
        );
      }
      await loader.exec('commit');
    } catch (error) {
      await loader.exec('rollback');
      throw error;
    }

    phase = performance.now();
    const loaded = tables.map((table) => table.table).join(', ');
    // VACUUM marks the pages all-visible (index-only scans) and ANALYZE gives the planner real counts.
    await loader.exec(database.kind === 'postgres' ? `vacuum (analyze) ${loaded}` : `analyze ${loaded}`);
    log(`vacuum/analyze in ${seconds(phase)} s`);

    const total = (performance.now() - started) / 1000;
    return {
      summary: dataset.summary,
      rows: Object.fromEntries(tables.map((table) => [table.table, table.rows])),
      seconds: total,
    };
  } finally {
    loader.release();
  }
}
