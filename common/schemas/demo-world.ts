import { z } from 'zod';

/** The demo world's player the landing page's sample card shows: read at start from its rows. */
export const demoSamplePlayerSchema = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  location: z.string(),
  skillLevel: z.string(),
  isVerified: z.boolean(),
  ratingCount: z.number().int(),
  /** The average stars of each of RATING_CATEGORIES, in their order. */
  categoryAverages: z.array(z.number()),
  /** A strengths comment of one of its ratings that moderation does not hold; null when none has one. */
  comment: z.string().nullable(),
});

/**
 * In GET /api/config while a development start's demo world is in the database (docs/decisions/018): the pages say
 * its players are made up, and the landing page's sample card shows one of them.
 */
export const demoWorldConfigSchema = z.object({
  /** Its players still in the database. */
  players: z.number().int(),
  /** Players with an id up to this one are made up; later ones are real. */
  lastPlayerId: z.number().int(),
  sample: demoSamplePlayerSchema.optional(),
});

export type DemoWorldConfig = z.infer<typeof demoWorldConfigSchema>;
export type DemoSamplePlayer = z.infer<typeof demoSamplePlayerSchema>;
