import { z } from 'zod';

/** A stored figure that disagrees with the one recounted from the rows. */
export const integrityMismatchSchema = z.object({
  table: z.string(),
  check: z.string(),
  key: z.string(),
  stored: z.record(z.string(), z.unknown()),
  recounted: z.record(z.string(), z.unknown()),
});

/**
 * GET /api/admin/integrity: the latest recount (hourly, or an admin's POST /api/admin/integrity/check). `mismatches`
 * lists up to 20 per check; `mismatchCount` counts them all. Null checkedAt: no recount has run yet.
 */
export const integrityReplySchema = z.object({
  checkedAt: z.iso.datetime().nullable(),
  durationMs: z.number().int().nullable(),
  mismatchCount: z.number().int(),
  mismatches: z.array(integrityMismatchSchema),
});

export type IntegrityReply = z.infer<typeof integrityReplySchema>;
