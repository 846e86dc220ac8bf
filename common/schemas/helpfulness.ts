import { z } from 'zod';
import { optionalText, starSchema } from './shared';

export const HELPFULNESS_COMMENT_MAX = 1000;

/** POST /api/ratings/:id/helpfulness (docs/product.md#helpfulness-rules): 1-5 stars and an optional comment. */
export const helpfulnessBodySchema = z.strictObject({
  helpfulnessScore: starSchema,
  comment: optionalText(HELPFULNESS_COMMENT_MAX),
});

export const helpfulnessReplySchema = z.object({
  ratingId: z.number().int(),
  helpfulnessScore: z.number().int(),
  /** The rating's average helpfulness after this vote, to one decimal (docs/product.md#helpfulness-rules). */
  helpfulnessAvg: z.number(),
  helpfulnessCount: z.number().int(),
});

export type HelpfulnessBody = z.input<typeof helpfulnessBodySchema>;
export type HelpfulnessReply = z.infer<typeof helpfulnessReplySchema>;
