import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db, Executor } from '../../db/client';
import { argsRow, preparedStatement } from '../../db/prepared';
import { players, ratings, searchText, type PlayerRow } from '../../db/schema/index';
import { placeColumns, searchColumns } from './search-columns';

export type NewPlayer = {
  firstName: string;
  lastName: string;
  email: string;
  skillLevel: string;
  yearsPlaying?: string | null;
  location: string;
  bio?: string | null;
  userId?: string | null;
  isVerified?: boolean;
  importedBy?: string | null;
  /** The account adding the player (the rate wizard's or its own registration); subject to its limit. */
  createdByUserId?: string | null;
};

/** Inserts a player, its location stored as a place's parts and "City, ST" when the ZIP data knows it. */
export async function insertPlayer(db: Executor, player: NewPlayer) {
  const placed = { ...player, ...placeColumns(player.location) };
  const [row] = await db
    .insert(players)
    .values({ ...placed, ...searchColumns(placed) })
    .returning();
  return row;
}

// ---- Search (docs/product.md#search-rules) ----

/*
 * Ranking, best first: 1 the full name starts with the query (so the exact name leads), 2 the last
 * name starts with it, 3 the location starts with it, 4 every word of the query is somewhere in the
 * name or location (2-character words at a word start only). Within a tier: by name; by last name
 * then name; by location then name; by name.
 *
 * Tiers 1-3 are three ranges of byte-ordered indexes, each read in result order and cut at the
 * limit, so the common query is one prepared statement that touches at most 3 × 50 index entries.
 * Tier 4 is the broad search ("jo smi", words in another order, text inside a word) on the trigram
 * index; it runs only when the query starts no name or place at all. Measured at 100k players, it
 * cost several times the whole prepared step, and a query that starts a name is already answered
 * by the names it starts.
 */
/**
 * "column starts with the query" as a range of byte order (~>=~ and ~<~, the text_pattern_ops
 * operators), not LIKE: a LIKE with a parameter cannot use the index in a prepared statement's plan.
 * `to` is the query followed by the highest code point, above every text that starts with it.
 */
const startsWithRange = (column: AnyPgColumn | SQL, from: SQL, to: SQL) =>
  sql`(${column} operator(pg_catalog.~>=~) ${from} and ${column} operator(pg_catalog.~<~) ${to})`;

/** Names sort in byte order (~<~), as the text_pattern_ops indexes hold them, whatever the collation. */
const byteOrder = (column: AnyPgColumn | SQL) => sql`${column} using operator(pg_catalog.~<~)`;

const resultColumns = sql`p.id, p.first_name, p.last_name, p.location, p.skill_level, p.is_verified, p.user_id, p.visibility, p.rating_count`;

/**
 * The caller's own rating of the player `playerId`, as the lateral subquery `alias` (its `id`, or no row): one probe
 * of ratings_rater_player_idx, (lower(rater_email) collate "C", player_id), per result row. Keyed by the rater first,
 * so a search's probes all land among the caller's own ratings, a few pages that stay cached, however many ratings
 * the site holds; keyed by the player (ratings_player_rater_key), each probe read another page of an index that grows
 * with every rating (decision 024). "C": byte comparisons, where the database's collation compared each key through
 * strcoll; and only this index holds the expression in that collation, so the planner cannot pick the other. A merge's
 * duplicate, removed, stays stored beside the rating it kept (docs/product.md#merging-players): never the one found.
 */
export function callerRatingProbe(playerId: SQL, raterEmail: SQL, alias: string): SQL {
  return sql`left join lateral (select ${ratings.id} as id from ${ratings}
      where lower(${ratings.raterEmail}) collate "C" = ${raterEmail} and ${ratings.playerId} = ${playerId}
        and ${ratings.removalRule} is distinct from 'duplicate' limit 1)
      ${sql.identifier(alias)} on true`;
}

export type SearchRow = {
  id: number;
  firstName: string;
  lastName: string;
  location: string;
  skillLevel: string;
  isVerified: boolean;
  userId: string | null;
  /** Who sees the page: a members-only player is left out for others (docs/product.md#visibility). */
  visibility: PlayerRow['visibility'];
  ratingCount: number;
  existingRatingId: number | null;
};

/**
 * Tiers 1-3 in one statement (values in `args`, see argsRow); rows in SearchRow form. A tier reads only the room the
 * tiers before it left (its LIMIT subtracts their counts), and the caller's own rating is probed for the
 * final page only.
 */
function leadingTiersStatement(): SQL {
  const p = sql.raw('p');
  const name = sql`${p}.search_name`;
  const last = sql`${p}.search_last`;
  const place = sql`${p}.search_location`;
  const args = argsRow();
  const [from, to, limit] = [args.slot('from', 'text'), args.slot('to', 'text'), args.slot('limit', 'int')];
  const startsWith = (column: SQL) => startsWithRange(column, from, to);
  const body = sql`tier1 as (select ${resultColumns}, 1 as tier, ${name} as key1, ''::text as key2 from ${players} ${p}
      where ${startsWith(name)}
      order by ${byteOrder(name)}, p.id limit ${limit}),
    tier2 as (select ${resultColumns}, 2 as tier, ${last} as key1, ${name} as key2 from ${players} ${p}
      where ${startsWith(last)} and not ${startsWith(name)}
      order by ${byteOrder(last)}, ${byteOrder(name)}, p.id
      limit ${limit} - (select count(*) from tier1)),
    tier3 as (select ${resultColumns}, 3 as tier, ${place} as key1, ${name} as key2 from ${players} ${p}
      where ${startsWith(place)} and not ${startsWith(name)} and not ${startsWith(last)}
      order by ${byteOrder(place)}, ${byteOrder(name)}, p.id
      limit ${limit} - (select count(*) from tier1) - (select count(*) from tier2)),
    page as (select * from tier1 union all select * from tier2 union all select * from tier3)
    select page.id, page.first_name as "firstName", page.last_name as "lastName", page.location,
      page.skill_level as "skillLevel", page.is_verified as "isVerified", page.user_id as "userId",
      page.visibility, page.rating_count as "ratingCount", mine.id as "existingRatingId"
    from page
    -- One probe per row, whatever the plan: a hash of all the caller's ratings costs milliseconds for a prolific rater.
    ${callerRatingProbe(sql`page.id`, args.slot('raterEmail', 'text'), 'mine')}
    order by page.tier, page.key1 collate "C", page.key2 collate "C", page.id`;
  return sql`with ${args.cte()}, ${body}`;
}

const leadingTiersQuery = preparedStatement<Record<string, unknown>>('players_search_leading', leadingTiersStatement);

/** A word of the query as a LIKE pattern on searchText: anywhere, or at a word start when it is short. */
export const wordPattern = (word: string) => (word.length >= 3 ? `%${word}%` : `% ${word}%`);

/** At most this many words of a query are matched (each adds a condition). */
export const MAX_QUERY_WORDS = 5;

/**
 * Tier 4 for a query of `count` words (values `word1`… as LIKE patterns, see wordPattern): every word somewhere in
 * the name or location, from players_search_text_trgm_idx, by name. Prepared with its values in `args` (argsRow), so
 * it is planned once: planned per call it cost more than it ran (decision 024).
 */
function everyWordStatement(count: number): SQL {
  const args = argsRow();
  const everyWord = sql.join(
    Array.from(
      { length: count },
      (_, index) => sql`${searchText(players)} like ${args.slot(`word${index + 1}`, 'text')}`,
    ),
    sql` and `,
  );
  const body = sql`found as (select ${players.id} as id from ${players} where ${everyWord}
      order by ${byteOrder(players.searchName)}, ${players.id} limit ${args.slot('limit', 'int')})
    select p.id, p.first_name as "firstName", p.last_name as "lastName", p.location,
      p.skill_level as "skillLevel", p.is_verified as "isVerified", p.user_id as "userId",
      p.visibility, p.rating_count as "ratingCount", mine.id as "existingRatingId"
    from found join ${players} p on p.id = found.id
    ${callerRatingProbe(sql`p.id`, args.slot('raterEmail', 'text'), 'mine')}
    order by ${byteOrder(sql`p.search_name`)}, p.id`;
  return sql`with ${args.cte()}, ${body}`;
}

const everyWordQueries = Array.from({ length: MAX_QUERY_WORDS }, (_, index) =>
  preparedStatement<Record<string, unknown>>(`players_search_every_word_${index + 1}`, () =>
    everyWordStatement(index + 1),
  ),
);

export type SearchOptions = { query: string; raterEmail: string | null; limit: number };

/** Players matching the normalized query, best first (see the ranking above), with the caller's own rating id. */
export async function searchPlayers(db: Db, options: SearchOptions): Promise<SearchRow[]> {
  const { query, limit } = options;
  const raterEmail = options.raterEmail?.toLowerCase() ?? null;
  const from = query;
  const to = `${query}\u{10FFFF}`;
  const rows = (await leadingTiersQuery.run(db, {
    from,
    to,
    raterEmail,
    limit,
  })) as SearchRow[];
  if (rows.length > 0) return rows;

  const words = query.split(' ').slice(0, MAX_QUERY_WORDS);
  const wordValues = Object.fromEntries(words.map((word, index) => [`word${index + 1}`, wordPattern(word)]));
  return (await everyWordQueries[words.length - 1].run(db, { ...wordValues, raterEmail, limit })) as SearchRow[];
}

/**
 * The bench's pk-page reference (GET /api/bench/pk-page): the given players by primary key, in the given order, as
 * search rows (no caller, so no rating of theirs): the least work that answers a page of search results.
 */
const searchRowsByIdsQuery = preparedStatement<{ ids: number[] }>(
  'players_search_rows_by_ids',
  () => sql`select p.id, p.first_name as "firstName", p.last_name as "lastName", p.location,
      p.skill_level as "skillLevel", p.is_verified as "isVerified", p.user_id as "userId", p.visibility,
      p.rating_count as "ratingCount", null::int as "existingRatingId"
    from unnest(${sql.placeholder('ids')}::int[]) with ordinality as wanted(id, position)
    join ${players} p on p.id = wanted.id
    order by wanted.position`,
);

export async function findSearchRowsByIds(db: Db, ids: number[]): Promise<SearchRow[]> {
  return (await searchRowsByIdsQuery.run(db, { ids })) as SearchRow[];
}

// ---- Registration and linking (docs/product.md#player-rules, POST /api/players) ----

export async function findPlayerById(db: Executor, id: number) {
  const [row] = await db.select().from(players).where(eq(players.id, id)).limit(1);
  return row;
}

/** Locks the player row until the transaction ends, so a concurrent link or claim waits. */
export async function findPlayerByIdForUpdate(tx: Executor, id: number) {
  const [row] = await tx.select().from(players).where(eq(players.id, id)).limit(1).for('update');
  return row;
}

/** The user's linked player, if any (unique players.user_id). */
export async function findPlayerIdOfUser(db: Executor, userId: string) {
  const [row] = await db.select({ id: players.id }).from(players).where(eq(players.userId, userId)).limit(1);
  return row?.id ?? null;
}

/** The user's linked player row, if any. */
export async function findPlayerOfUser(db: Executor, userId: string) {
  const [row] = await db.select().from(players).where(eq(players.userId, userId)).limit(1);
  return row;
}

/** Served by players_email_lower_key. */
export async function findPlayerByEmail(db: Executor, email: string, options: { forUpdate?: boolean } = {}) {
  const query = db
    .select()
    .from(players)
    .where(sql`lower(${players.email}) = ${email.toLowerCase()}`)
    .limit(1);
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row;
}

export type PlayerProfile = {
  firstName: string;
  lastName: string;
  skillLevel: string;
  yearsPlaying: string | null;
  location: string;
  bio: string | null;
};

/** Fills in an unlinked player's profile and links it, only while it is still unlinked. */
export async function completeUnlinkedPlayer(tx: Executor, id: number, userId: string, profile: PlayerProfile) {
  const placed = { ...profile, ...placeColumns(profile.location) };
  const [row] = await tx
    .update(players)
    .set({ ...placed, ...searchColumns(placed), userId })
    .where(and(eq(players.id, id), isNull(players.userId)))
    .returning();
  return row;
}

export type PlayerProfileChanges = Partial<PlayerProfile> & { visibility?: PlayerRow['visibility'] };

/**
 * Writes the given profile fields; a new location is stored as its place's parts, and the search columns follow
 * from the row as it ends up (name and place).
 */
export async function updatePlayerProfile(tx: Executor, current: PlayerRow, changes: PlayerProfileChanges) {
  const placed = changes.location === undefined ? changes : { ...changes, ...placeColumns(changes.location) };
  const [row] = await tx
    .update(players)
    .set({ ...placed, ...searchColumns({ ...current, ...placed }) })
    .where(eq(players.id, current.id))
    .returning();
  return row;
}

/**
 * Links a player to a user only while it is unlinked: a concurrent link makes this return undefined
 * instead of overwriting; a user who already has a player fails on players_user_id_key (23505).
 */
export async function linkPlayerToUser(tx: Executor, playerId: number, userId: string) {
  const [row] = await tx
    .update(players)
    .set({ userId })
    .where(and(eq(players.id, playerId), isNull(players.userId)))
    .returning({ id: players.id });
  return row;
}
