import type { PlayerSearchResult } from '@common/schemas/players';
import type { PlayerPage } from '@common/schemas/player-page';
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from './api-client';
import { queryKeys } from './query-keys';

/** Comments a player's page shows at once, and loads with each "Show more" (also what its pre-render reads). */
export const COMMENTS_PAGE_SIZE = 10;

/**
 * GET /api/players/{id}/page: what anyone may read about a player (404 unknown; 401 for a members-only page and a
 * visitor not signed in). Shared by the player page and the rate wizard, which opens at step 2 with this player
 * (`/?tab=rate&player=<id>`). Under community-ratings, so a submitted or updated rating refreshes it (docs/product.md#refreshing-after-changes).
 */
export function playerPageQuery(playerId: number) {
  return queryOptions({
    queryKey: queryKeys.communityRatings.playerPage(playerId),
    queryFn: ({ signal }) => apiGet<PlayerPage>(`/api/players/${playerId}/page`, { signal }),
  });
}

/** The player of a page as the rate wizard takes a chosen search result. */
export function searchResultOfPage(page: PlayerPage): PlayerSearchResult {
  return {
    id: page.id,
    firstName: page.firstName,
    lastName: page.lastName,
    location: page.place,
    skillLevel: page.skillLevel,
    isVerified: page.isVerified,
    // The page never names the linked account; nothing in the wizard reads it.
    userId: null,
    ratingCount: page.skill.reliability.ratings,
    alreadyRated: page.viewer.existingRatingId !== null,
    existingRatingId: page.viewer.existingRatingId,
    overallEstimate: { ...page.skill.overall, reliability: page.skill.reliability.label },
    path: page.path,
  };
}

/** A player id from the address (`/players/:id/…`, `?player=`): a positive whole number, else null. */
export function parsePlayerId(value: string | null | undefined): number | null {
  if (!value || !/^[1-9]\d{0,9}$/.test(value)) return null;
  const id = Number(value);
  return id <= 2_147_483_647 ? id : null;
}
