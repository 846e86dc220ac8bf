/*
 * The rules a moderator names when taking a rating down (docs/product.md#take-down), each shown to people as a
 * sentence: to the rater in My Ratings, and to admins in the lists of removed ratings.
 */
export const REMOVAL_RULES = [
  'offensive',
  'personal-information',
  'not-based-on-play',
  'conflict-of-interest',
  'spam-or-fake-account',
  'duplicate',
  'other',
] as const;

export type RemovalRule = (typeof REMOVAL_RULES)[number];

export const REMOVAL_RULE_SENTENCES: Record<RemovalRule, string> = {
  offensive: 'It contains offensive or abusive language.',
  'personal-information': 'It shares personal information about someone.',
  'not-based-on-play': 'It is not based on playing with or against the player.',
  'conflict-of-interest': 'The rater has a conflict of interest with the player.',
  'spam-or-fake-account': 'It is spam or comes from a fake account.',
  duplicate: 'It duplicates another rating of the same player by the same rater.',
  other: 'It breaks the community rules in another way.',
};

/** Short labels for menus and lists. */
export const REMOVAL_RULE_LABELS: Record<RemovalRule, string> = {
  offensive: 'Offensive',
  'personal-information': 'Personal information',
  'not-based-on-play': 'Not based on play',
  'conflict-of-interest': 'Conflict of interest',
  'spam-or-fake-account': 'Spam or fake account',
  duplicate: 'Duplicate',
  other: 'Other',
};

/** Longest note a moderator may add to a take-down or restore. */
export const REMOVAL_NOTE_MAX = 1000;
