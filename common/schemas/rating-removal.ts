import { z } from 'zod';
import { REMOVAL_NOTE_MAX, REMOVAL_RULES } from '../removal-rules';
import { optionalText } from './shared';

const ruleSchema = z.enum(REMOVAL_RULES, { error: `rule must be one of: ${REMOVAL_RULES.join(', ')}` });

/** POST /api/admin/ratings/:id/remove: the rule it breaks, and a note for other admins. */
export const removeRatingBodySchema = z.strictObject({
  rule: ruleSchema,
  note: optionalText(REMOVAL_NOTE_MAX),
});

/** POST /api/admin/ratings/:id/restore. */
export const restoreRatingBodySchema = z.strictObject({
  note: optionalText(REMOVAL_NOTE_MAX),
});

/** A take-down as a rating carries it: which rule, and when (who, for admins only: adminRatingRemovalSchema). */
export const ratingRemovalSchema = z.object({
  rule: ruleSchema,
  removedAt: z.iso.datetime(),
});

/** The answer of remove and restore: the rating's state after it. */
export const ratingRemovalReplySchema = z.object({
  ratingId: z.number().int(),
  removal: ratingRemovalSchema.nullable(),
});

/** One entry of the admins' "Removed ratings" list (GET /api/admin/ratings/removed). */
export const removedRatingSchema = z.object({
  ratingId: z.number().int(),
  playerId: z.number().int(),
  playerName: z.string(),
  raterEmail: z.string(),
  isAnonymous: z.boolean(),
  overallRating: z.number(),
  strengthsImprovements: z.string().nullable(),
  createdAt: z.iso.datetime(),
  rule: ruleSchema,
  note: z.string().nullable(),
  removedAt: z.iso.datetime(),
  removedBy: z.string(),
});

export const removedRatingsReplySchema = z.array(removedRatingSchema);

export type RatingRemoval = z.infer<typeof ratingRemovalSchema>;
export type RatingRemovalReply = z.infer<typeof ratingRemovalReplySchema>;
export type RemovedRating = z.infer<typeof removedRatingSchema>;
