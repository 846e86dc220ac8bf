import { z } from 'zod';
import { REPLY_MAX } from '../community';
import { textLength } from '../code-points';

/*
 * The rated player's one public reply under a rating (docs/product.md#replies). Its length counts code points, as
 * PostgreSQL's char_length does, so an emoji is one character on both sides.
 */

export const REPLY_TOO_LONG = `A reply must be at most ${REPLY_MAX} characters`;
export const REPLY_EMPTY = 'Write a reply';

/** PUT /api/ratings/:id/reply. */
export const replyBodySchema = z.strictObject({
  text: z
    .string({ error: REPLY_EMPTY })
    .trim()
    .refine((text) => text.length > 0, REPLY_EMPTY)
    .refine((text) => textLength(text) <= REPLY_MAX, REPLY_TOO_LONG),
});

/** A reply as a rating carries it; null when there is none (or none the caller may see). */
export const replyViewSchema = z.object({
  text: z.string(),
  /** The rated player's first name: "Reply from <first name>". */
  authorFirstName: z.string(),
  /**
   * Held by the offensive-language check until an admin decides: only its author and admins get it, marked
   * "Waiting for review".
   */
  held: z.boolean(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});

/** What a rating answer carries. */
export const ratingReplyFieldSchema = replyViewSchema.nullable();

/** The answer of PUT /api/ratings/:id/reply. */
export const savedReplySchema = z.object({ ratingId: z.number().int(), reply: replyViewSchema });

/** The answer of DELETE /api/ratings/:id/reply: the rating has no reply now. */
export const deletedReplySchema = z.object({ ratingId: z.number().int(), reply: z.null() });

export type ReplyBody = z.input<typeof replyBodySchema>;
export type ReplyView = z.infer<typeof replyViewSchema>;
export type SavedReply = z.infer<typeof savedReplySchema>;
