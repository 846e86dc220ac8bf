import { z } from 'zod';
import { ratingRemovalSchema } from './rating-removal';
import { ratingReplySchema } from './ratings';
import { pageQuerySchema } from './shared';

/**
 * GET /api/admin/players/:id/ratings (docs/product.md#take-down): every rating a player received, removed ones
 * included, newest first, `limit` at a time after `cursor` (the next one in x-next-cursor).
 */
export const adminPlayerRatingsQuerySchema = z.strictObject({
  limit: pageQuerySchema.shape.limit,
  cursor: pageQuerySchema.shape.cursor,
});

/** A take-down as admins see it: besides the rule and the time, the note and who took it down. */
export const adminRatingRemovalSchema = ratingRemovalSchema.extend({
  note: z.string().nullable(),
  removedBy: z.string(),
});

/** One rating as an admin sees it: who wrote it (admins may see e-mails, anonymous or not), as stored. */
export const adminPlayerRatingSchema = ratingReplySchema
  .pick({
    id: true,
    playerId: true,
    raterEmail: true,
    isAnonymous: true,
    serveReturn: true,
    groundstrokesThirdShot: true,
    netPlayVolleysDinks: true,
    movementCourtAwareness: true,
    mentalPhysicalGame: true,
    overallRating: true,
    strengthsImprovements: true,
    serveReturnComments: true,
    groundstrokesThirdShotComments: true,
    netPlayVolleysDinksComments: true,
    movementCourtAwarenessComments: true,
    mentalPhysicalGameComments: true,
    isHeld: true,
    createdAt: true,
    updatedAt: true,
    reply: true,
  })
  .extend({
    /** The rater account's name, when it has one. */
    raterName: z.string().nullable(),
    /** An anonymous rating not yet released (docs/product.md#anonymity): nobody but its rater and admins sees it. */
    awaitingRelease: z.boolean(),
    removal: adminRatingRemovalSchema.nullable(),
  });

export const adminPlayerRatingsReplySchema = z.object({
  ratings: z.array(adminPlayerRatingSchema),
  /** Every rating of the player, removed ones included, and how many of them are removed. */
  total: z.number().int(),
  removed: z.number().int(),
});

export type AdminPlayerRatingsQuery = z.infer<typeof adminPlayerRatingsQuerySchema>;
export type AdminPlayerRating = z.infer<typeof adminPlayerRatingSchema>;
export type AdminPlayerRatingsReply = z.infer<typeof adminPlayerRatingsReplySchema>;
