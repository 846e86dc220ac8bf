import { z } from 'zod';
import { ANONYMITY_CADENCES } from '../anonymity';

/**
 * POST /api/admin/anonymity/release (docs/product.md#anonymity): how many anonymous changes (new ratings, edits,
 * helpfulness votes) it made visible, and how many wait for a later one because fewer than 3 raters were in it.
 */
export const anonymityReleaseReplySchema = z.object({
  released: z.number().int().nonnegative(),
  held: z.number().int().nonnegative(),
});
export type AnonymityReleaseReply = z.infer<typeof anonymityReleaseReplySchema>;

/** GET /api/admin/anonymity: the schedule and the last release. */
export const anonymityStatusReplySchema = z.object({
  cadence: z.enum(ANONYMITY_CADENCES),
  crowd: z.number().int(),
  nextReleaseAt: z.iso.datetime(),
  lastRelease: z
    .object({
      ranAt: z.iso.datetime(),
      periodStart: z.iso.datetime(),
      released: z.number().int(),
      held: z.number().int(),
      /** 'schedule', or the admin who ran it. */
      ranBy: z.string(),
    })
    .nullable(),
});
export type AnonymityStatusReply = z.infer<typeof anonymityStatusReplySchema>;
