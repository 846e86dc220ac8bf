import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db, Executor } from '../../db/client';
import { players, ratings } from '../../db/schema/index';
import { RECENT_COMMENTS_LIMIT } from '../../../common/schemas/players';
import { normalizeForSearch } from '../../../common/text';

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
};

/** The search columns every insert and name/location update must keep in step. */
export function searchColumns(player: { firstName: string; lastName: string; location: string }) {
  return {
    searchName: normalizeForSearch(`${player.firstName} ${player.lastName}`),
    searchLocation: normalizeForSearch(player.location),
  };
}

export async function insertPlayer(db: Executor, player: NewPlayer) {
  const [row] = await db
    .insert(players)
    .values({ ...player, ...searchColumns(player) })
    .returning();
  return row;
}

/** Inserts many players; rows whose e-mail already exists are left out of the result (not an error). */
export async function insertPlayersSkippingDuplicates(db: Executor, rows: NewPlayer[]) {
  if (rows.length === 0) return [];
  return db
    .insert(players)
    .values(rows.map((row) => ({ ...row, ...searchColumns(row) })))
    .onConflictDoNothing()
    .returning({ id: players.id, firstName: players.firstName, lastName: players.lastName, email: players.email });
}

// ---- Search (§2 Player Registration, §7 GET /api/players/search) ----

/*
 * Every condition below is a LIKE on searchName / searchLocation, which the pg_trgm GIN indexes serve
 * (a 2-character word start still yields the padded trigrams "  j" and " jo", so no token needs a
 * sequential scan). normalizeForSearch leaves only letters, digits and single spaces, so a token
 * can never carry a LIKE wildcard.
 */
type SearchColumn = typeof players.searchName | typeof players.searchLocation;

const wordStartLike = (column: SearchColumn, token: string) =>
  sql`(${column} like ${`${token}%`} or ${column} like ${`% ${token}%`})`;

/** A 2-character token matches word starts only ("jo" → John, Ann Jones); longer ones anywhere. */
function tokenMatches(column: SearchColumn, token: string) {
  return token.length >= 3 ? sql`${column} like ${`%${token}%`}` : wordStartLike(column, token);
}

/**
 * 0 exact full name, 1 name starts with the query (first or full name), 2 a later name word starts
 * with it (last name), 3 name contains it, 4 location starts with it, 5 the rest (words spread
 * over name and location, or inside the location).
 */
function matchTier(query: string) {
  return sql<number>`case
    when ${players.searchName} = ${query} then 0
    when ${players.searchName} like ${`${query}%`} then 1
    when ${players.searchName} like ${`% ${query}%`} then 2
    when ${players.searchName} like ${`%${query}%`} then 3
    when ${wordStartLike(players.searchLocation, query)} then 4
    else 5 end`;
}

const searchResultColumns = {
  id: players.id,
  firstName: players.firstName,
  lastName: players.lastName,
  location: players.location,
  skillLevel: players.skillLevel,
  isVerified: players.isVerified,
  userId: players.userId,
  ratingCount: players.ratingCount,
};

/** The caller's own rating of a player, by the ratings (player_id, lower(rater_email)) unique index. */
const callerRating = (playerId: AnyPgColumn, raterEmail: string | null) =>
  raterEmail === null
    ? sql`false`
    : and(eq(ratings.playerId, playerId), sql`lower(${ratings.raterEmail}) = ${raterEmail.toLowerCase()}`);

/*
 * Names sort in byte order (the ~<~ operator of players_search_name_prefix_idx's text_pattern_ops), so
 * the prefix step is an ordered index scan, and both steps order alike whatever the database collation.
 */
const byName = (column: AnyPgColumn) => sql`${column} using ~<~`;

export type SearchOptions = { query: string; raterEmail: string | null; limit: number };

/**
 * Players whose name or location match every word of the normalized query, best matches first (see
 * matchTier, then name, then id), with the id of the caller's own rating of each when raterEmail is given.
 *
 * Two steps keep common queries cheap at 100k players: names starting with the query (tiers 0 and 1)
 * come first in players_search_name_prefix_idx order, so when they fill the page the answer is read
 * straight off that index. Otherwise every match is ranked (trigram indexes, then a top-N sort).
 */
export async function searchPlayers(db: Executor, options: SearchOptions) {
  const { query, raterEmail, limit } = options;
  const prefixPage = await db
    .select({ ...searchResultColumns, existingRatingId: ratings.id })
    .from(players)
    .leftJoin(ratings, callerRating(players.id, raterEmail))
    .where(sql`${players.searchName} like ${`${query}%`}`)
    .orderBy(byName(players.searchName), players.id)
    .limit(limit);
  if (prefixPage.length === limit) return prefixPage;

  const tokens = query.split(' ');
  const where = and(
    ...tokens.map((token) => or(tokenMatches(players.searchName, token), tokenMatches(players.searchLocation, token))),
  );
  const tier = matchTier(query).as('tier');
  const page = db
    .select({ ...searchResultColumns, searchName: players.searchName, tier })
    .from(players)
    .where(where)
    .orderBy(tier, byName(players.searchName), players.id)
    .limit(limit)
    .as('page');
  return db
    .select({
      id: page.id,
      firstName: page.firstName,
      lastName: page.lastName,
      location: page.location,
      skillLevel: page.skillLevel,
      isVerified: page.isVerified,
      userId: page.userId,
      ratingCount: page.ratingCount,
      existingRatingId: ratings.id,
    })
    .from(page)
    .leftJoin(ratings, callerRating(page.id, raterEmail))
    .orderBy(page.tier, byName(page.searchName), page.id);
}

// ---- Detail (§3 "as seen by the client", §7 GET /api/players/:id) ----

type RecentCommentJson = { rating: number; comment: string; createdAtMs: number };

/*
 * Player detail is a hot read (issue 3 bench): one prepared round trip per call. The averages come
 * from the running aggregate columns; the latest comments walk ratings_player_created_idx, skipping
 * text held by moderation and selecting no rater column at all.
 */
function prepareDetail(db: Db) {
  // Drizzle writes a column of a one-table query unqualified; inside the subquery "id" would mean ratings.id.
  const outerPlayerId = sql`${players}.${sql.identifier(players.id.name)}`;
  const recent = sql<RecentCommentJson[]>`coalesce((
    select json_agg(json_build_object(
      'rating', c.overall_rating,
      'comment', c.strengths_improvements,
      'createdAtMs', floor(extract(epoch from c.created_at) * 1000)
    ) order by c.created_at desc)
    from (
      select ${ratings.overallRating} as overall_rating, ${ratings.strengthsImprovements} as strengths_improvements,
        ${ratings.createdAt} as created_at
      from ${ratings}
      where ${ratings.playerId} = ${outerPlayerId} and ${ratings.isHeld} = false
        and btrim(coalesce(${ratings.strengthsImprovements}, '')) <> ''
      order by ${ratings.createdAt} desc
      limit ${sql.raw(String(RECENT_COMMENTS_LIMIT))}
    ) c), '[]'::json)`;
  return db
    .select({
      id: players.id,
      userId: players.userId,
      firstName: players.firstName,
      lastName: players.lastName,
      skillLevel: players.skillLevel,
      yearsPlaying: players.yearsPlaying,
      location: players.location,
      bio: players.bio,
      isVerified: players.isVerified,
      createdAt: players.createdAt,
      ratingCount: players.ratingCount,
      overallSum: players.overallSum,
      serveReturnSum: players.serveReturnSum,
      groundstrokesThirdShotSum: players.groundstrokesThirdShotSum,
      netPlayVolleysDinksSum: players.netPlayVolleysDinksSum,
      movementCourtAwarenessSum: players.movementCourtAwarenessSum,
      mentalPhysicalGameSum: players.mentalPhysicalGameSum,
      stars1: players.stars1,
      stars2: players.stars2,
      stars3: players.stars3,
      stars4: players.stars4,
      stars5: players.stars5,
      recentComments: recent,
    })
    .from(players)
    .where(eq(players.id, sql.placeholder('id')))
    .prepare('players_detail');
}

const detailByDb = new WeakMap<Db, ReturnType<typeof prepareDetail>>();

export type PlayerDetailRow = NonNullable<Awaited<ReturnType<typeof findPlayerDetail>>>;

export async function findPlayerDetail(db: Db, id: number) {
  let query = detailByDb.get(db);
  if (!query) {
    query = prepareDetail(db);
    detailByDb.set(db, query);
  }
  const [row] = await query.execute({ id });
  return row;
}

// ---- Registration and linking (§5 Registration form, issue 3 POST /api/players) ----

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
  const [row] = await tx
    .update(players)
    .set({ ...profile, ...searchColumns(profile), userId })
    .where(and(eq(players.id, id), isNull(players.userId)))
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
