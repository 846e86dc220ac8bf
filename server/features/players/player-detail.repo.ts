import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { preparedQuery } from '../../db/prepared';
import { players, playerSkill, ratings, type StoredSkill } from '../../db/schema/index';
import { RECENT_COMMENTS_LIMIT } from '../../../common/schemas/players';

// Player detail (docs/product.md#player-calls GET /api/players/:id).

/** The trust worker's stored estimate (server/features/trust), null until the player's first one. */
type StoredSkillJson = { skill: StoredSkill; computedAtMs: number };

type RecentCommentJson = { rating: number; comment: string; createdAtMs: number };

/*
 * Player detail is a hot read (decision 003): one prepared round trip per call. The averages come
 * from the running aggregate columns; the latest comments walk ratings_player_listed_idx (released ratings
 * only: an anonymous one waits for its release, docs/product.md#anonymity), skipping text held by moderation and selecting no rater column at all.
 */
const detailQuery = preparedQuery('players_detail', (db) => {
  // Drizzle writes a column of a one-table query unqualified; inside the subquery "id" would mean ratings.id.
  const outerPlayerId = sql`${players}.${sql.identifier(players.id.name)}`;
  const recent = sql<RecentCommentJson[]>`coalesce((
    select json_agg(json_build_object(
      'rating', c.overall_rating,
      'comment', c.strengths_improvements,
      'createdAtMs', floor(extract(epoch from c.listed_at) * 1000)
    ) order by c.listed_at desc, c.id desc)
    from (
      select ${ratings.overallRating} as overall_rating, ${ratings.strengthsImprovements} as strengths_improvements,
        ${ratings.listedAt} as listed_at, ${ratings.id} as id
      from ${ratings}
      where ${ratings.playerId} = ${outerPlayerId} and ${ratings.listedAt} is not null and ${ratings.isHeld} = false
        and btrim(coalesce(${ratings.strengthsImprovements}, '')) <> ''
      order by ${ratings.listedAt} desc, ${ratings.id} desc
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
      visibility: players.visibility,
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
      storedSkill: sql<StoredSkillJson | null>`(select json_build_object('skill', s.skill, 'computedAtMs',
        floor(extract(epoch from s.computed_at) * 1000)) from ${playerSkill} s where s.player_id = ${outerPlayerId})`,
    })
    .from(players)
    .where(eq(players.id, sql.placeholder('id')));
});

export type PlayerDetailRow = NonNullable<Awaited<ReturnType<typeof findPlayerDetail>>>;

export async function findPlayerDetail(db: Db, id: number) {
  const [row] = await detailQuery.run(db, { id });
  return row;
}
