import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { preparedQuery, preparedStatement } from '../../db/prepared';
import { playerMatchRequests, players, playerSkill, ratings, users } from '../../db/schema/index';
import { unvettedSql } from '../players/new-player-listing.service';
import { overallHistorySql } from '../trust/estimate-history.service';

/*
 * The player page reads by primary key (players, player_skill) and by index ranges of one player
 * (ratings_player_created_idx, ratings_player_rater_key, player_match_requests_player_idx): each statement is
 * prepared once per database, so a page costs no planning (the bench's 'player-page' scenarios).
 */

const computedAtMs = sql<number | null>`floor(extract(epoch from ${playerSkill.computedAt}) * 1000)::float8`;

/** Who the player is and whether the page is theirs to hide: what every call of the page reads first. */
const summaryColumns = {
  id: players.id,
  userId: players.userId,
  firstName: players.firstName,
  lastName: players.lastName,
  location: players.location,
  visibility: players.visibility,
  isVerified: players.isVerified,
  skillLevel: players.skillLevel,
  // In the server's HTML of the page, so in its version (player-page-html.ts).
  yearsPlaying: players.yearsPlaying,
  bio: players.bio,
  skillComputedAtMs: computedAtMs,
  /** Kept out of search engines until a second account rates it (docs/product.md#new-players). */
  unvetted: unvettedSql(players),
};

const summaryQuery = preparedQuery('player_page_summary', (db) =>
  db
    .select(summaryColumns)
    .from(players)
    .leftJoin(playerSkill, eq(playerSkill.playerId, players.id))
    .where(eq(players.id, sql.placeholder('id'))),
);

const detailQuery = preparedQuery('player_page_detail', (db) => {
  const pendingClaim = sql<boolean>`exists (select 1 from ${playerMatchRequests}
    where ${playerMatchRequests.playerId} = ${players.id} and ${playerMatchRequests.status} = 'pending')`;
  return db
    .select({
      ...summaryColumns,
      stars1: players.stars1,
      stars2: players.stars2,
      stars3: players.stars3,
      stars4: players.stars4,
      stars5: players.stars5,
      storedSkill: playerSkill.skill,
      hasPendingClaim: pendingClaim,
      // The stored points of its history line: read here, not in a statement of their own.
      history: overallHistorySql(sql`${players.id}`, sql`${sql.placeholder('oldest')}::text`),
    })
    .from(players)
    .leftJoin(playerSkill, eq(playerSkill.playerId, players.id))
    .where(eq(players.id, sql.placeholder('id')));
});

export type PlayerPageSummaryRow = NonNullable<Awaited<ReturnType<typeof findPlayerPageSummary>>>;

/** One row of players with its estimate's time, or undefined when there is no such player. */
export async function findPlayerPageSummary(db: Db, id: number) {
  const [row] = await summaryQuery.run(db, { id });
  return row;
}

/**
 * Everything the page shows of the player: profile, star counts, the stored estimate and its history from the quarter
 * `oldestQuarter` on, a pending claim.
 */
export async function findPlayerPageDetail(db: Db, id: number, oldestQuarter: string) {
  const [row] = await detailQuery.run(db, { id, oldest: oldestQuarter });
  return row;
}

/**
 * The caller's own rating of the player (ratings_player_rater_key), as search finds it: the one the key holds, not a
 * merge's removed duplicate stored beside it (docs/product.md#merging-players).
 */
export async function findRatingIdOfRater(db: Db, playerId: number, raterEmail: string): Promise<number | null> {
  const [row] = await db
    .select({ id: ratings.id })
    .from(ratings)
    .where(
      and(
        eq(ratings.playerId, playerId),
        sql`lower(${ratings.raterEmail}) = ${raterEmail.toLowerCase()}`,
        sql`${ratings.removalRule} is distinct from 'duplicate'`,
      ),
    )
    .limit(1);
  return row?.id ?? null;
}

export type PublicCommentRow = {
  id: number;
  rating: number;
  comment: string;
  isAnonymous: boolean;
  createdAt: Date;
  raterFirstName: string | null;
  raterLastName: string | null;
};

/*
 * The cursor names the last rating shown by its id alone, never its time: anyone can decode a cursor, and an
 * anonymous rating's exact time is not public (only its week is). The statement reads that rating's time
 * itself, of this player only; the plain bound on listed_at lets the index range start there. Only released
 * ratings are listed, at the time others first saw them (an anonymous one: its release's period start).
 */
function commentsStatement(paged: boolean): () => SQL {
  return () => {
    const playerId = sql`${sql.placeholder('playerId')}::int`;
    const cursorId = sql`${sql.placeholder('cursorId')}::int`;
    const cursorTime = sql`(select c.listed_at from ${ratings} c where c.id = ${cursorId} and c.player_id = ${playerId})`;
    const after = paged
      ? sql` and r.listed_at <= ${cursorTime} and (r.listed_at, r.id) < (${cursorTime}, ${cursorId})`
      : sql``;
    return sql`select r.id, r.overall_rating as rating, r.strengths_improvements as comment,
        r.is_anonymous as "isAnonymous", r.listed_at as "createdAt",
        u.first_name as "raterFirstName", u.last_name as "raterLastName"
      from ${ratings} r
      left join ${users} u on u.id = r.rater_user_id
      where r.player_id = ${playerId} and r.listed_at is not null and r.is_held = false
        and btrim(coalesce(r.strengths_improvements, '')) <> ''${after}
      order by r.listed_at desc, r.id desc
      limit ${sql.placeholder('limit')}::int + 1`;
  };
}

const commentsQuery = preparedStatement<Record<string, unknown>>('player_page_comments', commentsStatement(false));
const commentsAfterQuery = preparedStatement<Record<string, unknown>>(
  'player_page_comments_after',
  commentsStatement(true),
);

/**
 * A page of the player's public comments, newest first (limit + 1 rows read, for cutPage): ratings with text,
 * never one whose text moderation holds, as GET /api/players/:id's recentComments.
 */
export async function listPublicComments(
  db: Db,
  playerId: number,
  page: { limit: number; afterId?: number },
): Promise<PublicCommentRow[]> {
  const paged = page.afterId !== undefined;
  const rows = await (paged ? commentsAfterQuery : commentsQuery).run(db, {
    playerId,
    limit: page.limit,
    ...(paged ? { cursorId: page.afterId } : {}),
  });
  return rows.map((row) => ({
    id: Number(row.id),
    rating: Number(row.rating),
    comment: String(row.comment),
    isAnonymous: Boolean(row.isAnonymous),
    createdAt: new Date(row.createdAt as string | Date),
    raterFirstName: (row.raterFirstName as string | null) ?? null,
    raterLastName: (row.raterLastName as string | null) ?? null,
  }));
}
