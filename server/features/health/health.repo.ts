import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { preparedQuery, preparedStatement } from '../../db/prepared';
import { players } from '../../db/schema/index';

export type AppliedMigrations = { count: number; lastHash: string | null };

const pingQuery = preparedStatement('health_ping', () => sql`select 1`);

/** The cheapest round trip to the database: answers when a connection can be had and the server runs statements. */
export async function pingDatabase(db: Db): Promise<void> {
  await pingQuery.run(db, {});
}

const appliedMigrationsQuery = preparedStatement(
  'health_applied_migrations',
  () => sql`select count(*)::int as "count",
      (select hash from drizzle.__drizzle_migrations order by created_at desc, id desc limit 1) as "lastHash"
    from drizzle.__drizzle_migrations`,
);

/** What Drizzle's migrator recorded: how many migrations ran, and the hash of the newest. */
export async function appliedMigrations(db: Db): Promise<AppliedMigrations> {
  const [row] = (await appliedMigrationsQuery.run(db, {})) as AppliedMigrations[];
  return { count: Number(row?.count ?? 0), lastHash: row?.lastHash ?? null };
}

/** Whether an error says the migrations table (or its schema) does not exist yet. */
export function missingMigrationsTable(error: unknown): boolean {
  for (let cause: unknown = error; cause; cause = (cause as { cause?: unknown }).cause) {
    const { code } = cause as { code?: unknown };
    if (code === '42P01' || code === '3F000') return true;
  }
  return false;
}

/** The benchmark's floor for a database-backed call (bench.routes.ts): one prepared primary-key select. */
const benchPlayerQuery = preparedQuery('bench_pk', (db) =>
  db
    .select({
      id: players.id,
      firstName: players.firstName,
      lastName: players.lastName,
      location: players.location,
      skillLevel: players.skillLevel,
      isVerified: players.isVerified,
      ratingCount: players.ratingCount,
    })
    .from(players)
    .where(eq(players.id, sql.placeholder('id'))),
);

export async function findBenchPlayer(db: Db, id: number) {
  const [row] = await benchPlayerQuery.run(db, { id });
  return row;
}
