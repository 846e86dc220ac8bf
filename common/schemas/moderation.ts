import { z } from 'zod';
import { FLAG_REASONS } from '../constants';
import { optionalText } from './shared';

export const RESOLUTION_NOTES_MAX = 2000;
/** docs/product.md#moderation-rules: resolving shows the text again ('restore') or keeps it from everyone but admins. */
export const RESOLVE_ACTIONS = ['restore', 'keep_hidden'] as const;
export type ResolveAction = (typeof RESOLVE_ACTIONS)[number];
/** What a resolved flag's admin chose; null while pending or when the rater replaced the text first. */
export const FLAG_RESOLUTIONS = ['restored', 'kept_hidden'] as const;
export type FlagResolution = (typeof FLAG_RESOLUTIONS)[number];
/** The admin list answers at most this many flags, newest first; `counts` covers them all. */
export const FLAGGED_COMMENTS_LIMIT = 1000;

/** A flag as Flagged Content shows it (docs/product.md#admin-screens). */
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
  resolution: z.enum(FLAG_RESOLUTIONS).nullable(),
  playerId: z.number().int(),
  playerName: z.string(),
  raterEmail: z.string(),
  createdAt: z.iso.datetime(),
});

export const flaggedCommentsReplySchema = z.object({
  flaggedComments: z.array(flaggedCommentSchema),
  /** docs/product.md#admin-screens counters: Pending Review, Resolved, Total Flags. */
  counts: z.object({ pending: z.number().int(), resolved: z.number().int(), total: z.number().int() }),
});

/** Resolution notes (docs/product.md#moderation-rules): optional; trimmed, and an empty value means absent. Without an action, the text is restored. */
export const resolveFlagBodySchema = z.strictObject({
  notes: optionalText(RESOLUTION_NOTES_MAX),
  action: z.enum(RESOLVE_ACTIONS).default('restore'),
});

export const resolveFlagReplySchema = z.object({ flaggedComment: flaggedCommentSchema });

export type FlaggedComment = z.infer<typeof flaggedCommentSchema>;
export type FlaggedCommentsReply = z.infer<typeof flaggedCommentsReplySchema>;
export type ResolveFlagBody = z.input<typeof resolveFlagBodySchema>;
