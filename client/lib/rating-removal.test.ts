import { QueryClient, type QueryKey } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { queryKeys } from './query-keys';
import { invalidateAfterRemoval } from './rating-removal';

/** Every key a screen may hold while an admin removes rating 7 of player 13 (player 14 is another one). */
const HELD: QueryKey[] = [
  queryKeys.communityRatings.receivedPages(13, 'newest'),
  queryKeys.communityRatings.playerPage(13),
  queryKeys.communityRatings.playerPageComments(13),
  queryKeys.players.detail(13),
  queryKeys.players.search('pat'),
  queryKeys.admin.playerRatings(13),
  queryKeys.admin.removedRatings,
  [...queryKeys.admin.players, ''],
  queryKeys.ratings.minePages('newest'),
  queryKeys.ratings.detail(7),
  // Not moved by it:
  queryKeys.communityRatings.playerPage(14),
  queryKeys.players.detail(14),
  queryKeys.admin.playerRatings(14),
  queryKeys.ratings.detail(8),
  queryKeys.admin.flaggedComments,
  queryKeys.admin.trustFlags('pending'),
  queryKeys.admin.users,
  queryKeys.leaderboard.period('all'),
  queryKeys.auth.user,
];

async function invalidatedBy(target: Parameters<typeof invalidateAfterRemoval>[1]) {
  const client = new QueryClient();
  for (const key of HELD) client.setQueryData(key, {});
  await invalidateAfterRemoval(client, target);
  return HELD.filter((key) => client.getQueryState(key)?.isInvalidated).map((key) => JSON.stringify(key));
}

describe('invalidateAfterRemoval (docs/product.md#refreshing-after-changes)', () => {
  it('refreshes exactly what a take-down or restore of a known player’s rating moves', async () => {
    expect(await invalidatedBy({ ratingId: 7, playerId: 13 })).toEqual(
      HELD.slice(0, 10).map((key) => JSON.stringify(key)),
    );
  });

  it('refreshes every player’s lists when the screen does not know the player (a collusion ring)', async () => {
    const invalidated = await invalidatedBy({ ratingId: 7 });
    for (const key of [
      queryKeys.communityRatings.playerPage(14),
      queryKeys.players.detail(14),
      queryKeys.admin.playerRatings(14),
    ]) {
      expect(invalidated).toContain(JSON.stringify(key));
    }
    for (const key of [queryKeys.ratings.detail(8), queryKeys.admin.flaggedComments, queryKeys.auth.user]) {
      expect(invalidated).not.toContain(JSON.stringify(key));
    }
  });
});
