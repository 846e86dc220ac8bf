import { z } from 'zod';
import { ratingRemovalSchema } from './rating-removal';
import { STAR_MAX, STAR_MIN } from '../constants';
import { ratingReplyFieldSchema } from './replies';
import { optionalText, pageQuerySchema, starSchema } from './shared';

/** A sane maximum for each rating text (docs/product.md#rating-rules). */
export const RATING_TEXT_MAX = 2000;
export const PLAYER_NAME_PART_MAX = 100;

export const RATING_SCORE_FIELDS = [
  'serveReturn',
  'groundstrokesThirdShot',
  'netPlayVolleysDinks',
  'movementCourtAwareness',
  'mentalPhysicalGame',
] as const;
export type RatingScoreField = (typeof RATING_SCORE_FIELDS)[number];

/** strengthsImprovements plus the five per-category comments (docs/product.md#rating-categories): every text moderation screens. */
export const RATING_TEXT_FIELDS = [
  'strengthsImprovements',
  'serveReturnComments',
  'groundstrokesThirdShotComments',
  'netPlayVolleysDinksComments',
  'movementCourtAwarenessComments',
  'mentalPhysicalGameComments',
] as const;
export type RatingTextField = (typeof RATING_TEXT_FIELDS)[number];

const categoryScores = {
  serveReturn: starSchema,
  groundstrokesThirdShot: starSchema,
  netPlayVolleysDinks: starSchema,
  movementCourtAwareness: starSchema,
  mentalPhysicalGame: starSchema,
};

const ratingTexts = {
  strengthsImprovements: optionalText(RATING_TEXT_MAX),
  serveReturnComments: optionalText(RATING_TEXT_MAX),
  groundstrokesThirdShotComments: optionalText(RATING_TEXT_MAX),
  netPlayVolleysDinksComments: optionalText(RATING_TEXT_MAX),
  movementCourtAwarenessComments: optionalText(RATING_TEXT_MAX),
  mentalPhysicalGameComments: optionalText(RATING_TEXT_MAX),
};

const namePart = optionalText(PLAYER_NAME_PART_MAX);

/**
 * POST /api/ratings (docs/product.md#rating-rules). The rater is whoever is signed in: a raterEmail
 * sent by the client is accepted and ignored (docs/product.md#rating-rules; never trust a client-supplied identity).
 */
export const createRatingBodySchema = z
  .strictObject({
    playerId: z.number().int().positive().max(2_147_483_647).nullish(),
    playerName: z
      .string({ error: 'Player name is required' })
      .trim()
      .min(1, 'Player name is required')
      .max(2 * PLAYER_NAME_PART_MAX + 1, `Player name must be at most ${2 * PLAYER_NAME_PART_MAX + 1} characters`),
    raterEmail: z.string().max(320).nullish(),
    isAnonymous: z.boolean().default(false),
    isNewPlayer: z.boolean().default(false),
    newPlayerFirstName: namePart,
    newPlayerLastName: namePart,
    newPlayerCity: namePart,
    newPlayerState: namePart,
    ...categoryScores,
    overallRating: starSchema,
    ...ratingTexts,
  })
  .superRefine((body, ctx) => {
    if (body.isNewPlayer) {
      // docs/product.md#rate-a-player: a new player requires first and last name.
      if (!body.newPlayerFirstName) {
        ctx.addIssue({ code: 'custom', path: ['newPlayerFirstName'], message: 'Missing player details' });
      }
      if (!body.newPlayerLastName) {
        ctx.addIssue({ code: 'custom', path: ['newPlayerLastName'], message: 'Missing player details' });
      }
      if (body.playerId != null) {
        ctx.addIssue({
          code: 'custom',
          path: ['playerId'],
          message: 'Send either playerId or isNewPlayer with the new player details, not both',
        });
      }
    } else if (body.playerId == null) {
      ctx.addIssue({ code: 'custom', path: ['playerId'], message: 'Please select a player' });
    }
  });

/** Text of an edit: absent keeps the stored text, null or empty clears it (docs/product.md#rating-rules). */
const editText = z
  .string()
  .trim()
  .max(RATING_TEXT_MAX, `Must be at most ${RATING_TEXT_MAX} characters`)
  .nullable()
  .optional()
  .transform((value) => (value === undefined ? undefined : value || null));

/**
 * PUT /api/ratings/:id (docs/product.md#rating-rules). The stored overall is the mean of the five categories to one decimal
 * (docs/product.md#rating-rules), so a sent overallRating is checked for range and otherwise recomputed.
 */
export const editRatingBodySchema = z.strictObject({
  ...categoryScores,
  overallRating: z.number().min(STAR_MIN).max(STAR_MAX).optional(),
  strengthsImprovements: editText,
  serveReturnComments: editText,
  groundstrokesThirdShotComments: editText,
  netPlayVolleysDinksComments: editText,
  movementCourtAwarenessComments: editText,
  mentalPhysicalGameComments: editText,
});

const nullableText = z.string().nullable();

/** The scores and texts of a rating as replies carry them (text held by moderation may be null). */
const ratingContent = {
  serveReturn: z.number().int(),
  groundstrokesThirdShot: z.number().int(),
  netPlayVolleysDinks: z.number().int(),
  movementCourtAwareness: z.number().int(),
  mentalPhysicalGame: z.number().int(),
  overallRating: z.number(),
  strengthsImprovements: nullableText,
  serveReturnComments: nullableText,
  groundstrokesThirdShotComments: nullableText,
  netPlayVolleysDinksComments: nullableText,
  movementCourtAwarenessComments: nullableText,
  mentalPhysicalGameComments: nullableText,
};

/** A rating as its rater (or an admin) sees it. */
export const ratingReplySchema = z.object({
  id: z.number().int(),
  playerId: z.number().int(),
  playerName: z.string(),
  raterEmail: z.string(),
  isAnonymous: z.boolean(),
  ...ratingContent,
  /** True while moderation holds some of this rating's text from other people's views. */
  isHeld: z.boolean(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  /**
   * An anonymous rating, or its latest edit, that others do not see yet: it counts from the next release of
   * anonymous ratings (docs/product.md#anonymity). What the reply shows is what the rater wrote.
   */
  pendingRelease: z.boolean(),
  /** When the next release is due, while pendingRelease (it waits longer when fewer than 3 raters are in it). */
  countsFrom: z.iso.datetime().nullable(),
  /** A moderator's take-down (docs/product.md#take-down): the rule it broke and when; it counts nowhere meanwhile. */
  removal: ratingRemovalSchema.nullable(),
  /** The rated player's public reply (docs/product.md#replies). */
  reply: ratingReplyFieldSchema,
});

export const myRatingsReplySchema = z.array(ratingReplySchema);

/**
 * GET /api/my-ratings and /api/players/:id/received-ratings: a page of `limit` ratings (1-100, default 50) after
 * `cursor`, newest first, or by the rating's overall stars (`highest`, `lowest`); equal stars come newest first.
 * The next page's cursor comes in x-next-cursor, absent on the last page.
 */
export const ratingsPageQuerySchema = pageQuerySchema;
/** The screens show this many ratings at a time, then "Show more" (a long list was 24,000 px on a phone). */
export const RATINGS_SCREEN_PAGE_SIZE = 20;

/**
 * A rating as the rated player (or an admin) sees it (docs/product.md#ratings-about-me). The rater's identity
 * is absent on anonymous ratings, and text held by moderation is null for non-admins.
 */
export const receivedRatingSchema = z.object({
  id: z.number().int(),
  playerId: z.number().int(),
  isAnonymous: z.boolean(),
  raterName: z.string().nullable(),
  /** Admins, and the rating's own rater, only: a player sees other raters by display name (raterName). */
  raterEmail: z.string().optional(),
  /** The caller wrote this rating: helpfulness cannot be rated on it (docs/product.md#ratings-about-me). */
  isOwnRating: z.boolean(),
  ...ratingContent,
  /** Some text awaits moderation review (and is null here for non-admins). */
  hasHeldText: z.boolean(),
  /** One decimal (docs/product.md#limits-and-timings); null before any helpfulness review. */
  helpfulnessAvg: z.number().nullable(),
  helpfulnessCount: z.number().int(),
  userHelpfulnessScore: z.number().int().nullable(),
  /** The rating's share (0-1) in the player's skill estimate; null before the estimate includes it. */
  weight: z.number().nullable(),
  /** For the rated player, an anonymous rating's date is the start of its week (UTC): never the exact time. */
  createdAt: z.iso.datetime(),
  /** The player's own reply, held ones included (docs/product.md#replies). */
  reply: ratingReplyFieldSchema,
});

export const receivedRatingsReplySchema = z.array(receivedRatingSchema);

export type RatingsPageQuery = z.infer<typeof ratingsPageQuerySchema>;
export type CreateRatingBody = z.input<typeof createRatingBodySchema>;
export type CreateRatingInput = z.output<typeof createRatingBodySchema>;
export type EditRatingBody = z.input<typeof editRatingBodySchema>;
export type EditRatingInput = z.output<typeof editRatingBodySchema>;
export type RatingReply = z.infer<typeof ratingReplySchema>;
export type ReceivedRating = z.infer<typeof receivedRatingSchema>;
