import type { PlayerSearchResult } from '@common/schemas/players';

/** A player as the search finds them, unrated and unverified, for tests; `more` overrides any field. */
export const foundPlayer = (
  id: number,
  firstName: string,
  lastName: string,
  more: Partial<PlayerSearchResult> = {},
): PlayerSearchResult => ({
  id,
  firstName,
  lastName,
  location: 'Austin, TX 78701',
  skillLevel: '3.5',
  isVerified: false,
  userId: null,
  ratingCount: 2,
  alreadyRated: false,
  existingRatingId: null,
  overallEstimate: { mean: 3.6, low: 2.3, high: 4.6, n: 0, reliability: 'none' },
  path: `/players/${id}/${firstName.toLowerCase()}-${lastName.toLowerCase()}`,
  ...more,
});
