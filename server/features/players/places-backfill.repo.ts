import { and, asc, gt, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { preparedStatement } from '../../db/prepared';
import { players } from '../../db/schema/index';

/** The next players without place parts after `afterId`, in id order. */
export async function playersWithoutPlace(db: Executor, afterId: number, limit: number) {
  return db
    .select({ id: players.id, location: players.location })
    .from(players)
    .where(and(gt(players.id, afterId), isNull(players.city)))
    .orderBy(asc(players.id))
    .limit(limit);
}

/** A player's place as read from its text: what the row held, and the columns it gets. */
export type PlacedRow = {
  id: number;
  readLocation: string;
  location: string;
  city: string;
  state: string;
  zip: string | null;
  searchLocation: string;
  latitude: number | null;
  longitude: number | null;
};

type PlaceArrays = { [K in keyof PlacedRow]: PlacedRow[K][] };

const setPlacesQuery = preparedStatement<PlaceArrays>(
  'players_set_places',
  () => sql`
    update ${players} set location = v.location, city = v.city, state = v.state, zip = v.zip,
      search_location = v.search_location, latitude = v.latitude, longitude = v.longitude
    from unnest(${sql.placeholder('id')}::int[], ${sql.placeholder('readLocation')}::text[],
      ${sql.placeholder('location')}::text[], ${sql.placeholder('city')}::text[], ${sql.placeholder('state')}::text[],
      ${sql.placeholder('zip')}::text[], ${sql.placeholder('searchLocation')}::text[],
      ${sql.placeholder('latitude')}::float8[], ${sql.placeholder('longitude')}::float8[])
      as v(id, read_location, location, city, state, zip, search_location, latitude, longitude)
    where ${players.id} = v.id and ${players.city} is null and ${players.location} = v.read_location`,
);

/** Stores many players' places in one statement, each only while its text is still the one read (an edit wins). */
export async function setPlaces(db: Executor, rows: PlacedRow[]): Promise<void> {
  if (rows.length === 0) return;
  const column = <K extends keyof PlacedRow>(key: K) => rows.map((row) => row[key]);
  await setPlacesQuery.run(db, {
    id: column('id'),
    readLocation: column('readLocation'),
    location: column('location'),
    city: column('city'),
    state: column('state'),
    zip: column('zip'),
    searchLocation: column('searchLocation'),
    latitude: column('latitude'),
    longitude: column('longitude'),
  });
}
