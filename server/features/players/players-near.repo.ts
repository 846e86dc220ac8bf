import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { preparedStatement } from '../../db/prepared';
import { playerPoints, players } from '../../db/schema/index';
import type { Coordinates } from '../locations/locations.service';
import { callerRatingProbe, MAX_QUERY_WORDS, wordPattern, type SearchRow } from './players.repo';

const EARTH_RADIUS_MILES = 3958.8;
const MILES_PER_DEGREE_LATITUDE = 69.05;

/**
 * The box around a circle of `radiusMiles`: a range of latitude and one of longitude, which the btree on
 * (latitude, longitude) reads. Longitude degrees shrink toward the poles, so the box is as wide as the
 * circle is at its edge nearest the pole. (US places only: no box crosses the antimeridian or a pole.)
 */
export function boundingBox({ latitude, longitude }: Coordinates, radiusMiles: number) {
  const latitudeDelta = radiusMiles / MILES_PER_DEGREE_LATITUDE;
  const widest = Math.min(89, Math.abs(latitude) + latitudeDelta);
  const longitudeDelta = radiusMiles / (MILES_PER_DEGREE_LATITUDE * Math.cos((widest * Math.PI) / 180));
  return {
    minLatitude: latitude - latitudeDelta,
    maxLatitude: latitude + latitudeDelta,
    minLongitude: longitude - longitudeDelta,
    maxLongitude: longitude + longitudeDelta,
  };
}

/** A point as SQL values: placeholders of a prepared statement. */
type PointSql = { latitude: SQL; longitude: SQL };

/** Great-circle miles from a point to `pt`'s coordinates (haversine; plain SQL, no extension). */
function distanceMiles({ latitude: lat, longitude: lon }: PointSql): SQL {
  return sql`(${EARTH_RADIUS_MILES}::float8 * 2 * asin(least(1, sqrt(
    power(sin(radians(pt.latitude - ${lat}) / 2), 2)
    + cos(radians(${lat})) * cos(radians(pt.latitude)) * power(sin(radians(pt.longitude - ${lon}) / 2), 2)))))`;
}

export type NearSearchOptions = {
  near: Coordinates;
  radiusMiles: number;
  /** The normalised query, or null for everyone near the place. */
  query: string | null;
  raterEmail: string | null;
  limit: number;
};

export type NearSearchRow = SearchRow & { distanceMiles: number };

/**
 * Players within `radiusMiles` of a point, nearest first (to the tenth of a mile shown), then best matching
 * the query by the tiers of the text search (name start, last-name start, location start, every word
 * somewhere), then by name.
 * Players share coordinates: a location is placed at its ZIP's point or its city's (at 100k players the seed
 * has 142 points, 5,000 players at the busiest; a national site would have most of the data's 37,461). So the
 * distance is computed once per point, not per player: the points in the box come from player_points by one range
 * of its key, and each point inside the radius gives the ids of its best `limit` players from
 * players_point_name_idx, in name order when there is no query; only the page's players are then read from the
 * table. At 100k players near the busiest point: 1.3 ms instead of 19 ms for a distance per player; taking each
 * point's ids from the index alone reads 370 pages in all where reading each point's players from the table (a
 * bitmap scan of its 2,131 rows, sorted) read 2,990. Reading the points from the players index instead (a skip
 * scan, one descent per point) walks every location in the box's band of latitude, coast to coast: 7 to 63 ms
 * with players at every ZIP, against 0.5 to 4 ms from player_points (decision 017). With a query, each point's
 * players are matched on the index's own search_last and search_location, not on their rows: at 100k players, 1,766
 * at one point, 0.6 to 1.1 ms instead of 3 to 9 ms (decision 024). That cost still follows the players at each point.
 */
export async function searchPlayersNear(db: Db, options: NearSearchOptions): Promise<NearSearchRow[]> {
  const { near, radiusMiles, query, limit } = options;
  const raterEmail = options.raterEmail?.toLowerCase() ?? null;
  const values: NearValues = {
    latitude: near.latitude,
    longitude: near.longitude,
    ...boundingBox(near, radiusMiles),
    radiusMiles,
    limit,
    raterEmail,
  };
  if (!query) return (await nearQuery.run(db, values)) as NearSearchRow[];
  // A query of N words runs the statement declared for N words: each word is one more condition.
  const words = query.split(' ').slice(0, MAX_QUERY_WORDS);
  const wordValues = Object.fromEntries(words.map((word, index) => [`word${index + 1}`, wordPattern(word)]));
  const rows = await nearWordsQueries[words.length - 1].run(db, { ...values, ...wordValues, query });
  return rows as NearSearchRow[];
}

type NearValues = {
  latitude: number;
  longitude: number;
  minLatitude: number;
  maxLatitude: number;
  minLongitude: number;
  maxLongitude: number;
  radiusMiles: number;
  limit: number;
  raterEmail: string | null;
};
type NearSql = { [Key in keyof NearValues]: SQL };

const FLOATS = ['latitude', 'longitude', 'minLatitude', 'maxLatitude', 'minLongitude', 'maxLongitude', 'radiusMiles'];
const typed = (key: string) =>
  sql`${sql.placeholder(key)}::${sql.raw(FLOATS.includes(key) ? 'float8' : key === 'limit' ? 'int' : 'text')}`;
const placeholders = Object.fromEntries(
  [
    'latitude',
    'longitude',
    'minLatitude',
    'maxLatitude',
    'minLongitude',
    'maxLongitude',
    'radiusMiles',
    'limit',
    'raterEmail',
  ].map((key) => [key, typed(key)]),
) as NearSql;

/**
 * The players within the radius, nearest first, then best matching (`tier`), then by name; `everyWord` narrows
 * each point's players to those matching every word of a query.
 */
function nearStatement(everyWord: SQL, tier: SQL, v: NearSql): SQL {
  return sql`
    with inside as (
      select pt.latitude, pt.longitude, ${distanceMiles(v)} as exact_distance from ${playerPoints} pt
      where pt.latitude between ${v.minLatitude} and ${v.maxLatitude}
        and pt.longitude between ${v.minLongitude} and ${v.maxLongitude}
    ),
    -- Ties at the tenth of a mile shown go to the better match. Each point gives its best players' ids and names
    -- alone, from players_point_name_idx only (a query's words too); the page's players are read by id once known.
    page as (
      select found.id, found.search_name, found.tier, round(inside.exact_distance::numeric, 1)::float8 as distance
      from inside cross join lateral (
        select p.id, p.search_name, ${tier} as tier
        from ${players} p
        where p.latitude = inside.latitude and p.longitude = inside.longitude ${everyWord}
        order by tier, p.search_name collate "C", p.id
        limit ${v.limit}
      ) found
      where inside.exact_distance <= ${v.radiusMiles}
      order by distance, found.tier, found.search_name collate "C", found.id
      limit ${v.limit}
    )
    select p.id, p.first_name as "firstName", p.last_name as "lastName", p.location,
      p.skill_level as "skillLevel", p.is_verified as "isVerified", p.user_id as "userId", p.visibility,
      p.rating_count as "ratingCount", page.distance as "distanceMiles", mine.id as "existingRatingId"
    from page
    join ${players} p on p.id = page.id
    ${callerRatingProbe(sql`page.id`, v.raterEmail, 'mine')}
    order by page.distance, page.tier, page.search_name collate "C", page.id`;
}

/**
 * Everyone near the place, without a query (the landing page's "Players near you"): one prepared statement, since
 * planning it took twice as long as running it.
 */
const nearQuery = preparedStatement<NearValues>('players_near', () => nearStatement(sql``, sql`1`, placeholders));

/**
 * Near the place and matching a query of 1 to MAX_QUERY_WORDS words: every word somewhere in the name or location
 * (`word1`… as LIKE patterns, the text search's broadest tier), ranked by the text search's tiers of `query`.
 */
const nearWordsQueries = Array.from({ length: MAX_QUERY_WORDS }, (_, index) => {
  const count = index + 1;
  return preparedStatement<Record<string, unknown>>(`players_near_words_${count}`, () => {
    const query = typed('query');
    const everyWord = sql.join(
      Array.from(
        { length: count },
        (_, word) => sql`and (' ' || p.search_name || ' ' || p.search_location) like ${typed(`word${word + 1}`)}`,
      ),
      sql` `,
    );
    const tier = sql`case when starts_with(p.search_name, ${query}) then 1 when starts_with(p.search_last, ${query}) then 2
        when starts_with(p.search_location, ${query}) then 3 else 4 end`;
    return nearStatement(everyWord, tier, placeholders);
  });
});
