import { z } from 'zod';
import { ratingReplyFieldSchema } from './replies';
import { idSchema, pageQuerySchema } from './shared';
import { ratingBreakdownSchema } from './players';
import { estimateSchema, skillSchema } from './trust';

/**
 * A player's public page (/players/:id/:slug): what anyone may read about a player. Never an e-mail, a
 * street or a ZIP (`place` is city and state); anonymous raters stay anonymous.
 */

/**
 * A linked player who chose `members` (docs/product.md#visibility): a visitor who is not signed in gets this 401 and a
 * sign-in prompt, on the page and on every call that answers the player.
 */
export const MEMBERS_ONLY_MESSAGE = "Sign in to see this player's page";
/** The same player, to a signed-in account whose e-mail is not confirmed yet: 403, also `members_only`. */
export const MEMBERS_ONLY_CONFIRM_MESSAGE = "Confirm your e-mail address to see this player's page";

/** The overall estimate at the end of one calendar quarter, from the ratings given until then. */
export const estimateHistoryPointSchema = estimateSchema.extend({
  /** "2026-Q3". */
  quarter: z.string().regex(/^\d{4}-Q[1-4]$/),
});

/** GET /api/players/:id/page. */
export const playerPageSchema = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  /** City and state only ("Austin, TX"): never a street or ZIP. */
  place: z.string(),
  /** The canonical path, /players/:id/:slug. */
  path: z.string(),
  /** The link-preview picture's path, versioned by the stored estimate (/og/players/:id.png?v=…). */
  imagePath: z.string(),
  isVerified: z.boolean(),
  /** As entered; shown as "Unverified" while isVerified is false (docs/product.md#skill-levels). */
  skillLevel: z.string(),
  yearsPlaying: z.string().nullable(),
  /** Linked players only: an unlinked player's page shows name, place and numbers only. */
  bio: z.string().nullable(),
  /** A user has linked this player. */
  isLinked: z.boolean(),
  /** Unlinked, with no claim pending: "Is this you? Claim this profile" is offered. */
  isClaimable: z.boolean(),
  /** false for a linked player who chose `members`: not indexed, not in the sitemap. */
  isPublic: z.boolean(),
  /**
   * false for a members-only page, and for a player added by the rate wizard until a second account rates it or its
   * owner claims it (docs/product.md#new-players): noindex, not in the sitemap.
   */
  isIndexable: z.boolean(),
  skill: skillSchema,
  /** Counted ratings per overall star. */
  overallDistribution: ratingBreakdownSchema,
  /** Oldest first; quarters with at least one rating until then. */
  history: z.array(estimateHistoryPointSchema),
  /** What the caller may do here. */
  viewer: z.object({
    signedIn: z.boolean(),
    /** The caller's own linked player. */
    isOwner: z.boolean(),
    /** The caller already rated this player: "Rate this player" opens the update flow for this rating. */
    existingRatingId: z.number().int().nullable(),
  }),
});

/** One comment as the public page shows it. */
export const playerPageCommentSchema = z.object({
  id: z.number().int(),
  /** The rating's overall stars. */
  rating: z.number(),
  comment: z.string(),
  /** A named rater's display name ("Jordan R."); null when the rating is anonymous. */
  raterName: z.string().nullable(),
  /** For an anonymous rating, the Monday (UTC) of its week: never the exact time. */
  createdAt: z.iso.datetime(),
  /** The player's public reply under the rating (docs/product.md#replies). */
  reply: ratingReplyFieldSchema,
});

/** GET /api/players/:id/comments?limit&cursor: newest first; the next page's cursor in x-next-cursor. */
export const playerPageCommentsQuerySchema = pageQuerySchema.pick({ limit: true, cursor: true }).extend({
  limit: z.coerce.number().int().min(1, 'limit must be 1-100').max(100, 'limit must be 1-100').default(10),
});
export const playerPageCommentsReplySchema = z.array(playerPageCommentSchema);

export const playerPageParamSchema = z.strictObject({ id: idSchema });

export type PlayerPage = z.infer<typeof playerPageSchema>;
export type PlayerPageComment = z.infer<typeof playerPageCommentSchema>;
export type EstimateHistoryPoint = z.infer<typeof estimateHistoryPointSchema>;
