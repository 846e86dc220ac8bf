import { z } from 'zod';
import { idSchema } from './shared';

const intoPlayer = { intoPlayerId: idSchema };

/** POST /api/admin/players/:id/merge: the player kept; the one in the path is merged into it and deleted. */
export const mergePlayerBodySchema = z.strictObject(intoPlayer);

/** GET /api/admin/players/:id/merge-preview?intoPlayerId=: the same question, answered without changing anything. */
export const mergePreviewQuerySchema = z.strictObject(intoPlayer);

/** One side of a merge as the admin's dialog names it. */
export const mergeSideSchema = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  location: z.string(),
  ratingCount: z.number().int(),
  isLinked: z.boolean(),
});

/** What a merge moves to the kept player, and which ratings it takes down there (docs/product.md#merging-players). */
export const mergeCountsSchema = z.object({
  /** Every rating of the merged player, counted or not. */
  ratings: z.number().int(),
  /** The older of a rater's two ratings, one of each player: removed as `duplicate`. */
  duplicates: z.number().int(),
  /** Ratings by the account the kept player is linked to after the merge: removed as `conflict-of-interest`. */
  conflicts: z.number().int(),
  /** Claims (match requests) of the merged player, in any state. */
  claims: z.number().int(),
  /** Moderation flags on the merged player's ratings (they follow their ratings). */
  flags: z.number().int(),
  /** The merged player's account link moves to the kept player, which had none. */
  linkMoves: z.boolean(),
});

export const mergePreviewSchema = z.object({
  merged: mergeSideSchema,
  kept: mergeSideSchema,
  counts: mergeCountsSchema,
});

export const mergePlayerReplySchema = z.object({
  mergedId: z.number().int(),
  intoId: z.number().int(),
  /** The kept player's page, where the merged player's address now leads. */
  keptPath: z.string(),
  counts: mergeCountsSchema,
});

export type MergeSide = z.infer<typeof mergeSideSchema>;
export type MergeCounts = z.infer<typeof mergeCountsSchema>;
export type MergePreview = z.infer<typeof mergePreviewSchema>;
export type MergePlayerReply = z.infer<typeof mergePlayerReplySchema>;
