import { z } from 'zod';
import { LEADERBOARD_PERIODS } from '../constants';
import { rankSchema } from './gamification';

export const LEADERBOARD_SIZE = 50;

export const leaderboardQuerySchema = z.object({
  period: z
    .enum(LEADERBOARD_PERIODS, { error: `period must be one of ${LEADERBOARD_PERIODS.join(', ')}` })
    .default('all'),
});

/** A leaderboard entry with the reviews count (docs/product.md#leaderboard-screen). */
export const leaderboardEntrySchema = z.object({
  rank: z.number().int().positive(),
  /** Masked (docs/product.md#email-masking) except the caller's own. */
  userEmail: z.string(),
  /**
   * The linked player's first name and last initial ("Jordan R."), else the account's name the same way; the masked
   * (docs/product.md#email-masking) e-mail only for a rater with no name at all.
   */
  displayName: z.string(),
  ratingsCount: z.number().int(),
  /** One decimal; 0 when the rater has no helpfulness reviews. */
  averageHelpfulness: z.number(),
  reviewsCount: z.number().int(),
  /**
   * What ranks equal counts: a lower bound (1-5) on the helpfulness the rated players found across all
   * the rater's ratings, adjusted for flattery, so one lucky vote does not top the board; null before any.
   */
  helpfulnessScore: z.number().nullable(),
  /** The rater's all-time points and rank (for the structured data (docs/product.md#page-metadata): "points and rank"). */
  totalPoints: z.number().int(),
  currentRank: rankSchema,
  isCurrentUser: z.boolean(),
});

/** The caller's own place, listed or not: rank by the same order as the board; null with no rating in the period. */
export const leaderboardCurrentUserSchema = z.object({
  /**
   * The caller's place: their position when listed; outside the list, the first place after every rater with
   * more ratings and the listed raters with as many. Null only on a board stored before rater counts were kept.
   */
  rank: z.number().int().positive().nullable(),
  /** Unlisted raters with as many ratings as the caller (helpfulness orders them); 0 when listed. */
  tiedWith: z.number().int().nonnegative(),
  /** Raters with a rating in the period, as of the board's last refresh; null when not known. */
  rankedRaters: z.number().int().nonnegative().nullable(),
  ratingsCount: z.number().int(),
  averageHelpfulness: z.number(),
  helpfulnessScore: z.number().nullable(),
  displayName: z.string(),
});

export const leaderboardReplySchema = z.object({
  period: z.enum(LEADERBOARD_PERIODS),
  leaderboard: z.array(leaderboardEntrySchema),
  currentUser: leaderboardCurrentUserSchema.nullable(),
});

export type LeaderboardEntry = z.infer<typeof leaderboardEntrySchema>;
export type LeaderboardCurrentUser = z.infer<typeof leaderboardCurrentUserSchema>;
export type LeaderboardReply = z.infer<typeof leaderboardReplySchema>;
