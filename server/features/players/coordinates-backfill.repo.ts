import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { preparedStatement } from '../../db/prepared';
import { dataBackfills, players } from '../../db/schema/index';

export async function isBackfillDone(db: Executor, name: string): Promise<boolean> {
  const [row] = await db.select({ name: dataBackfills.name }).from(dataBackfills).where(eq(dataBackfills.name, name));
  return row !== undefined;
}

export async function markBackfillDone(db: Executor, name: string): Promise<void> {
  await db.insert(dataBackfills).values({ name }).onConflictDoNothing();
}

/** The next players without coordinates after `afterId`, in id order. */
export async function playersWithoutCoordinates(db: Executor, afterId: number, limit: number) {
  return db
    .select({ id: players.id, location: players.location })
    .from(players)
    .where(and(gt(players.id, afterId), isNull(players.latitude)))
    .orderBy(asc(players.id))
    .limit(limit);
}

export type PlacedPlayer = { id: number; latitude: number; longitude: number };

const setCoordinatesQuery = preparedStatement<{ ids: number[]; latitudes: number[]; longitudes: number[] }>(
  'players_set_coordinates',
  () => sql`
    update ${players} set latitude = v.latitude, longitude = v.longitude
    from unnest(${sql.placeholder('ids')}::int[], ${sql.placeholder('latitudes')}::float8[],
      ${sql.placeholder('longitudes')}::float8[]) as v(id, latitude, longitude)
    where ${players.id} = v.id and ${players.latitude} is null`,
);

/** Sets the coordinates of many players in one statement, each still without them (a profile edit wins). */
export async function setCoordinates(db: Executor, rows: PlacedPlayer[]): Promise<void> {
  if (rows.length === 0) return;
  await setCoordinatesQuery.run(db, {
    ids: rows.map((row) => row.id),
    latitudes: rows.map((row) => row.latitude),
    longitudes: rows.map((row) => row.longitude),
  });
}
