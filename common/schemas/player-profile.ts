import { z } from 'zod';

/** A player as a list or a card names them: who, where, which level, verified or not. No e-mail. */
export const playerSummarySchema = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  location: z.string(),
  skillLevel: z.string(),
  isVerified: z.boolean(),
});

/**
 * A player's profile as the player page shows it (docs/product.md#player-page). No e-mail: the replies
 * that may show one (the caller's own player, the admin list) add it.
 */
export const playerProfileSchema = z.object({
  id: z.number().int(),
  userId: z.string().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  skillLevel: z.string(),
  yearsPlaying: z.string().nullable(),
  location: z.string(),
  bio: z.string().nullable(),
  isVerified: z.boolean(),
  createdAt: z.iso.datetime(),
});
