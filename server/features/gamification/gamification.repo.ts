import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { preparedQuery } from '../../db/prepared';
import { achievements, raterStats, users } from '../../db/schema/index';

type AchievementJson = {
  achievementType: string;
  achievementName: string;
  achievementDescription: string;
  badgeIcon: string;
  /** ISO 8601 text, as PostgreSQL writes a timestamptz into JSON. */
  earnedAt: string;
};

/*
 * my-stats is a hot read (decision 003): one round trip for the totals and the badges. Totals are null when the
 * user has never rated or been reviewed.
 */
const myStatsQuery = preparedQuery('gamification_my_stats', (db) => {
  const badges = sql<AchievementJson[]>`coalesce((
    select json_agg(json_build_object(
      'achievementType', ${achievements.achievementType},
      'achievementName', ${achievements.achievementName},
      'achievementDescription', ${achievements.achievementDescription},
      'badgeIcon', ${achievements.badgeIcon},
      'earnedAt', ${achievements.earnedAt}
    ) order by ${achievements.earnedAt}, ${achievements.id})
    from ${achievements} where ${achievements.userId} = ${users.id}), '[]'::json)`;
  return db
    .select({
      totalPoints: raterStats.totalPoints,
      ratingsSubmitted: raterStats.ratingsSubmitted,
      detailedCommentsCount: raterStats.detailedCommentsCount,
      helpfulnessSum: raterStats.helpfulnessSum,
      helpfulnessCount: raterStats.helpfulnessCount,
      lastActivityDate: raterStats.lastActivityDate,
      achievements: badges,
    })
    .from(users)
    .leftJoin(raterStats, eq(raterStats.userId, users.id))
    .where(eq(users.id, sql.placeholder('userId')));
});

export async function findMyStats(db: Db, userId: string) {
  const [row] = await myStatsQuery.run(db, { userId });
  return row;
}
