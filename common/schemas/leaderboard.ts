import { z } from 'zod';
import { LEADERBOARD_PERIODS } from '../constants';
import { rankSchema } from './gamification';

export const LEADERBOARD_SIZE = 50;

export const leaderboardQuerySchema = z.object({
  period: z
    .enum(LEADERBOARD_PERIODS, { error: `period must be one of ${LEADERBOARD_PERIODS.join(', ')}` })
    .default('all'),
});

/** §3 Leaderboard entry, plus the reviews count the §2 screen shows. */
export const leaderboardEntrySchema = z.object({
  rank: z.number().int().positive(),
  /** Masked (§5) except the caller's own. */
  userEmail: z.string(),
  ratingsCount: z.number().int(),
  /** One decimal; 0 when the rater has no helpfulness reviews. */
  averageHelpfulness: z.number(),
  reviewsCount: z.number().int(),
  /**
   * What ranks equal counts: a lower bound (1-5) on the helpfulness the rated players found across all
   * the rater's ratings, adjusted for flattery, so one lucky vote does not top the board; null before any.
   */
  helpfulnessScore: z.number().nullable(),
  /** The rater's all-time points and rank (for the §1 structured data: "points and rank"). */
  totalPoints: z.number().int(),
  currentRank: rankSchema,
  isCurrentUser: z.boolean(),
});

export const leaderboardReplySchema = z.object({
  period: z.enum(LEADERBOARD_PERIODS),
  leaderboard: z.array(leaderboardEntrySchema),
});

export type LeaderboardQuery = z.infer<typeof leaderboardQuerySchema>;
export type LeaderboardEntry = z.infer<typeof leaderboardEntrySchema>;
export type LeaderboardReply = z.infer<typeof leaderboardReplySchema>;
