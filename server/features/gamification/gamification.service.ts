import type { Db } from '../../db/client';
import { averageToOneDecimal, nextRank, rankForPoints } from '../../../common/gamification';
import type { MyStatsReply } from '../../../common/schemas/gamification';
import { findMyStats } from './gamification.repo';

/*
 * A rater's figures as they read them (docs/product.md#gamification-rules). Ratings and votes write them, through
 * the one module that applies and takes back a rating's effects (ratings/rating-effects.ts).
 */

export async function getMyStats(db: Db, userId: string): Promise<MyStatsReply> {
  const row = await findMyStats(db, userId);
  const totalPoints = row?.totalPoints ?? 0;
  const next = nextRank(totalPoints);
  return {
    ratingsSubmitted: row?.ratingsSubmitted ?? 0,
    totalPoints,
    // Derived from the points so the reply always agrees with the rank table.
    currentRank: rankForPoints(totalPoints),
    detailedCommentsCount: row?.detailedCommentsCount ?? 0,
    nextRank: next?.rank ?? null,
    pointsToNextRank: next?.pointsNeeded ?? null,
    reviewsCount: row?.helpfulnessCount ?? 0,
    averageHelpfulness: averageToOneDecimal(row?.helpfulnessSum ?? 0, row?.helpfulnessCount ?? 0),
    lastActivityDate: row?.lastActivityDate?.toISOString() ?? null,
    achievements: (row?.achievements ?? []).map((achievement) => ({
      ...achievement,
      earnedAt: new Date(achievement.earnedAt).toISOString(),
    })),
  };
}
