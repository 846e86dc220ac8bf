import { z } from 'zod';
import { SEARCH_MIN_LENGTH, SKILL_LEVELS, YEARS_PLAYING } from '../constants';
import { DEFAULT_SEARCH_RADIUS_MILES, SEARCH_RADII_MILES, type SearchRadiusMiles } from '../search-radii';
import { linkedPlayerReplySchema, linkedPlayerSchema } from './auth';
import { playerProfileSchema, playerSummarySchema } from './player-profile';
import { emailSchema, errorReplySchema, idSchema, optionalText } from './shared';
import { overallEstimateSchema, skillSchema } from './trust';

export const SEARCH_MAX_LENGTH = 100;
/** docs/product.md#search-rules: a search answers at most this many players. */
export const SEARCH_RESULT_LIMIT = 50;
/** GET /api/players/:id shows this many of the latest comments. */
export const RECENT_COMMENTS_LIMIT = 5;
export const PLAYER_NAME_MAX = 100;
export const PLAYER_LOCATION_MAX = 200;
export const PLAYER_BIO_MAX = 2_000;

/** Who sees a linked player's page: everyone, or signed-in members only. */
export const PLAYER_VISIBILITIES = ['public', 'members'] as const;
export const visibilitySchema = z.enum(PLAYER_VISIBILITIES, {
  error: `Visibility must be one of ${PLAYER_VISIBILITIES.join(', ')}`,
});

export const SEARCH_TOO_SHORT_MESSAGE = `Search needs at least ${SEARCH_MIN_LENGTH} characters`;

export const NEAR_MAX_LENGTH = 100;
export const NEAR_NOT_FOUND_MESSAGE = 'We could not find that place. Try a ZIP code or "City, ST".';
export const RADIUS_MESSAGE = `radiusMiles must be one of ${SEARCH_RADII_MILES.join(', ')}`;
export const RADIUS_NEEDS_NEAR_MESSAGE = 'radiusMiles needs near (a ZIP code or "City, ST")';

const searchText = z.string().trim().max(SEARCH_MAX_LENGTH, `Search must be at most ${SEARCH_MAX_LENGTH} characters`);

/**
 * GET /api/players/search: by name or location (`q`, at least 2 characters, docs/product.md#search-rules), near a place (`near`, a
 * ZIP or "City, ST", within `radiusMiles`), or both. With `near`, `q` may be left out (or empty).
 */
export const playerSearchQuerySchema = z
  .strictObject({
    q: searchText.optional(),
    near: z.string().trim().max(NEAR_MAX_LENGTH, `near must be at most ${NEAR_MAX_LENGTH} characters`).optional(),
    radiusMiles: z
      .enum(
        SEARCH_RADII_MILES.map((radius) => String(radius)),
        { error: RADIUS_MESSAGE },
      )
      .transform((value) => Number(value) as SearchRadiusMiles)
      .optional(),
  })
  .superRefine((query, context) => {
    const near = query.near || undefined;
    if (query.q ? query.q.length < SEARCH_MIN_LENGTH : !near) {
      context.addIssue({ code: 'custom', path: ['q'], message: SEARCH_TOO_SHORT_MESSAGE });
    }
    if (query.radiusMiles !== undefined && !near) {
      context.addIssue({ code: 'custom', path: ['radiusMiles'], message: RADIUS_NEEDS_NEAR_MESSAGE });
    }
  })
  .transform(({ q, near, radiusMiles }) =>
    near
      ? { q: q || null, near: { place: near, radiusMiles: radiusMiles ?? DEFAULT_SEARCH_RADIUS_MILES } }
      : { q: q ?? '', near: null },
  );

/**
 * One search result (docs/product.md#search-rules). userId marks the player as Linked (docs/product.md#player-registration); alreadyRated and existingRatingId
 * are for a signed-in caller only. Never the player's e-mail: the answer is public.
 */
export const playerSearchResultSchema = playerSummarySchema.extend({
  userId: z.string().nullable(),
  ratingCount: z.number().int(),
  alreadyRated: z.boolean(),
  existingRatingId: z.number().int().nullable(),
  /** "Would play again" as estimated, with its reliability (the player's skill estimate). */
  overallEstimate: overallEstimateSchema,
  /** The player's page (playerPath), so no client rebuilds the address. */
  path: z.string(),
  /** Miles from the `near` place, to one decimal; only in a search with `near` (absent otherwise). */
  distanceMiles: z.number().optional(),
});

export const playerSearchReplySchema = z.array(playerSearchResultSchema);

/** One decimal, or null when the player has no ratings. */
const average = z.number().nullable();

export const averageRatingsSchema = z.object({
  overall: average,
  serveReturn: average,
  groundstrokesThirdShot: average,
  netPlayVolleysDinks: average,
  movementCourtAwareness: average,
  mentalPhysicalGame: average,
  count: z.number().int(),
});

/** Count of ratings per overall star (docs/product.md#player-page). */
export const ratingBreakdownSchema = z.object({
  1: z.number().int(),
  2: z.number().int(),
  3: z.number().int(),
  4: z.number().int(),
  5: z.number().int(),
});

/** A comment as the public sees it: never who wrote it, never text held by moderation (docs/product.md#player-page). */
export const recentCommentSchema = z.object({
  rating: z.number(),
  comment: z.string(),
  createdAt: z.iso.datetime(),
});

/** GET /api/players/:id (docs/product.md#player-calls). Public: no e-mail, no verification fields. */
export const playerDetailSchema = playerProfileSchema.extend({
  ratingCount: z.number().int(),
  averageRatings: averageRatingsSchema,
  ratingBreakdown: ratingBreakdownSchema,
  recentComments: z.array(recentCommentSchema),
  /** The skill estimate: per category and overall, with a 90% interval and its reliability. */
  skill: skillSchema,
  /** Who sees the page; for the player's own user and admins only. */
  visibility: visibilitySchema.optional(),
});

export const playerIdParamSchema = z.strictObject({ id: idSchema });

const requiredText = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

/**
 * POST /api/players: the registration form (docs/product.md#player-rules). With linkedPlayerId the caller completes an existing
 * unlinked player instead of creating a duplicate (docs/product.md#player-rules).
 */
/** The registration rules (docs/product.md#player-rules), one schema per field: registration and the profile edit both use them. */
const profileFields = {
  firstName: requiredText('First name', PLAYER_NAME_MAX),
  lastName: requiredText('Last name', PLAYER_NAME_MAX),
  skillLevel: z.enum(SKILL_LEVELS, { error: `Skill level must be one of ${SKILL_LEVELS.join(', ')}` }),
  yearsPlaying: z
    .enum(YEARS_PLAYING, { error: `Years playing must be one of ${YEARS_PLAYING.join(', ')}` })
    .nullish()
    .transform((value) => value ?? null),
  location: requiredText('Location', PLAYER_LOCATION_MAX),
  bio: optionalText(PLAYER_BIO_MAX),
};

export const registerPlayerBodySchema = z.strictObject({
  ...profileFields,
  email: emailSchema,
  linkedPlayerId: idSchema.nullish(),
});

/**
 * PUT /api/players/:id: the fields given change, each under its registration rule; the names for admins only.
 * Strict, so an e-mail (which never changes here) is refused with 400 rather than silently dropped.
 */
export const updatePlayerBodySchema = z.strictObject({
  firstName: profileFields.firstName.optional(),
  lastName: profileFields.lastName.optional(),
  skillLevel: profileFields.skillLevel.optional(),
  yearsPlaying: profileFields.yearsPlaying.optional(),
  location: profileFields.location.optional(),
  bio: profileFields.bio.optional(),
  visibility: visibilitySchema.optional(),
});

/** The player as edited: the linked-player shape, with the page's visibility. */
export const updatePlayerReplySchema = z.object({
  player: linkedPlayerSchema.extend({ visibility: visibilitySchema }),
});

/** The caller's own player, as registered: the linked-player shape of GET /api/auth/user/player (docs/product.md#sign-in-calls). */
export const registerPlayerReplySchema = linkedPlayerReplySchema;

export type PlayerSearchQuery = z.infer<typeof playerSearchQuerySchema>;
export type PlayerSearchResult = z.infer<typeof playerSearchResultSchema>;
export type AverageRatings = z.infer<typeof averageRatingsSchema>;
export type PlayerDetail = z.infer<typeof playerDetailSchema>;
export type RegisterPlayerInput = z.input<typeof registerPlayerBodySchema>;
export type RegisterPlayerBody = z.infer<typeof registerPlayerBodySchema>;
export type RegisterPlayerReply = z.infer<typeof registerPlayerReplySchema>;
export type PlayerVisibility = z.infer<typeof visibilitySchema>;
export type UpdatePlayerInput = z.input<typeof updatePlayerBodySchema>;
export type UpdatePlayerBody = z.infer<typeof updatePlayerBodySchema>;
export type UpdatePlayerReply = z.infer<typeof updatePlayerReplySchema>;

/**
 * 429 when the account has added as many new players as it may (docs/product.md#new-players): the message says when
 * it may add another, `retryAt` is that time (ISO 8601). POST /api/players and POST /api/ratings (a new player).
 */
export const newPlayerLimitReplySchema = errorReplySchema.extend({ retryAt: z.string().optional() });
