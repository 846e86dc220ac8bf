/** docs/product.md#rating-categories: the five rating categories, in display order, keyed by their field names. */
export const RATING_CATEGORIES = [
  { key: 'serveReturn', label: 'Serve & Return' },
  { key: 'groundstrokesThirdShot', label: 'Groundstrokes & Third Shot' },
  { key: 'netPlayVolleysDinks', label: 'Net Play, Volleys & Dinks' },
  { key: 'movementCourtAwareness', label: 'Movement & Court Awareness' },
  { key: 'mentalPhysicalGame', label: 'Mental & Physical Game' },
] as const;

/** The overall score's name wherever an estimate of it is shown: the player page, its preview card and facts. */
export const OVERALL_LABEL = 'Would play again';

export type RatingCategoryKey = (typeof RATING_CATEGORIES)[number]['key'];

/** docs/product.md#skill-levels. */
export const SKILL_LEVELS = ['1.0', '2.0', '2.5', '3.0', '3.5', '4.0', '4.5', '5.0'] as const;
export const YEARS_PLAYING = ['<1', '1-2', '3-5', '6-10', '10+'] as const;

/** docs/product.md#skill-levels: the bands. */
export const SKILL_BANDS = [
  { band: 'Beginner', range: '1.0-2.5' },
  { band: 'Intermediate', range: '3.0-3.5' },
  { band: 'Advanced', range: '4.0-4.5' },
  { band: 'Expert', range: '4.5-5.0' },
  { band: 'Pro', range: '5.0+' },
] as const;

/** docs/product.md#claim-rules: pending, approved, denied, plus 'withdrawn': a pending claim its claimant took back, kept for the admin's record (decision 008). */
export const MATCH_REQUEST_STATUSES = ['pending', 'approved', 'denied', 'withdrawn'] as const;
export type MatchRequestStatus = (typeof MATCH_REQUEST_STATUSES)[number];

/** docs/product.md#leaderboard-rules: all; year = current calendar year; month = last 30 days; week = last 7 days. */
export const LEADERBOARD_PERIODS = ['all', 'year', 'month', 'week'] as const;
export type LeaderboardPeriod = (typeof LEADERBOARD_PERIODS)[number];

/**
 * Why a text is held: the screening's reasons, and 'decision' for a text a moderator's hide-comment decision hid
 * (docs/product.md#reports-and-decisions), which is no automatic hold (the transparency report tells them apart).
 */
export const FLAG_REASONS = ['racial', 'slur', 'religious', 'sexual', 'contextual', 'other', 'decision'] as const;
export type FlagReason = (typeof FLAG_REASONS)[number];

export const STAR_MIN = 1;
export const STAR_MAX = 5;
export const PASSWORD_MIN_LENGTH = 8;
export const VERIFICATION_CODE_MIN_LENGTH = 6;
export const SEARCH_MIN_LENGTH = 2;

/** docs/product.md#bulk-import-rules: the defaults. */
export const BULK_IMPORT_DEFAULTS = {
  skillLevel: '3.0',
  yearsPlaying: '1-2',
  country: 'USA',
  location: 'Unknown Location',
  bio: 'Player imported via bulk import',
} as const;
