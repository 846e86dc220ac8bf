import { z } from 'zod';
import { FLAG_REASONS } from '../constants';
import { optionalText } from './shared';

export const RESOLUTION_NOTES_MAX = 2000;
/** The admin list answers at most this many flags, newest first; `counts` covers them all. */
export const FLAGGED_COMMENTS_LIMIT = 1000;

/** §2 Admin: Flagged Content, §3 flagged_comments. */
export const flaggedCommentSchema = z.object({
  id: z.number().int(),
  ratingId: z.number().int(),
  field: z.string(),
  flaggedText: z.string(),
  flagReason: z.enum(FLAG_REASONS),
  isResolved: z.boolean(),
  resolvedAt: z.iso.datetime().nullable(),
  resolvedBy: z.string().nullable(),
  resolvedByLabel: z.string().nullable(),
  resolutionNotes: z.string().nullable(),
  playerId: z.number().int(),
  playerName: z.string(),
  raterEmail: z.string(),
  createdAt: z.iso.datetime(),
});

export const flaggedCommentsReplySchema = z.object({
  flaggedComments: z.array(flaggedCommentSchema),
  /** §2 counters: Pending Review, Resolved, Total Flags. */
  counts: z.object({ pending: z.number().int(), resolved: z.number().int(), total: z.number().int() }),
});

/** §5 Resolution notes: optional; trimmed, and an empty value means absent. */
export const resolveFlagBodySchema = z.strictObject({
  notes: optionalText(RESOLUTION_NOTES_MAX),
});

export const resolveFlagReplySchema = z.object({ flaggedComment: flaggedCommentSchema });

export type FlaggedComment = z.infer<typeof flaggedCommentSchema>;
export type FlaggedCommentsReply = z.infer<typeof flaggedCommentsReplySchema>;
export type ResolveFlagBody = z.input<typeof resolveFlagBodySchema>;
