import { z } from 'zod';
import { RANK_NAMES } from '../gamification';

export const rankSchema = z.enum(RANK_NAMES);

export const achievementSchema = z.object({
  achievementType: z.string(),
  achievementName: z.string(),
  achievementDescription: z.string(),
  badgeIcon: z.string(),
  earnedAt: z.iso.datetime(),
});

/** GET /api/gamification/my-stats (docs/product.md#rating-calls). Zeros and Rookie before the first rating. */
export const myStatsReplySchema = z.object({
  ratingsSubmitted: z.number().int(),
  totalPoints: z.number().int(),
  currentRank: rankSchema,
  detailedCommentsCount: z.number().int(),
  /** The rank above the current one; null at the top. */
  nextRank: rankSchema.nullable(),
  pointsToNextRank: z.number().int().nullable(),
  /** Helpfulness reviews received on the caller's ratings, and their average to one decimal (0 when none). */
  reviewsCount: z.number().int(),
  averageHelpfulness: z.number(),
  lastActivityDate: z.iso.datetime().nullable(),
  achievements: z.array(achievementSchema),
});

export type MyStatsReply = z.infer<typeof myStatsReplySchema>;
