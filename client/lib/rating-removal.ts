import { apiGet, apiRequest } from '@client/lib/api-client';
import { queryKeys } from '@client/lib/query-keys';
import { REMOVAL_RULE_SENTENCES, type RemovalRule } from '@common/removal-rules';
import type { RatingRemovalReply, RemovedRating } from '@common/schemas/rating-removal';
import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';

/*
 * docs/product.md#take-down: an admin takes a rating down under a rule, or restores it. Shared by every admin
 * screen that shows a rating (Flagged Content, Trust & Safety, a player's ratings in the Player List).
 */

/** How a removed rating is marked to its rater in My Ratings, and previewed to the admin who removes it. */
export const removedNotice = (rule: RemovalRule) => `Removed by a moderator: ${REMOVAL_RULE_SENTENCES[rule]}`;

/** The rating a take-down or restore acts on; its player when the screen knows it, to refresh that player only. */
export type RemovalTarget = { ratingId: number; playerId?: number };

/** An optional note (docs/product.md#take-down): trimmed, and an empty one is left out. */
function withNote<Body extends object>(body: Body, note: string): Body & { note?: string } {
  const trimmed = note.trim();
  return trimmed ? { ...body, note: trimmed } : body;
}

/** POST /api/admin/ratings/{id}/remove {rule, note?}. */
export const removeRating = (ratingId: number, rule: RemovalRule, note: string) =>
  apiRequest<RatingRemovalReply>('POST', `/api/admin/ratings/${ratingId}/remove`, withNote({ rule }, note), {
    admin: true,
  });

/** POST /api/admin/ratings/{id}/restore {note?}. */
export const restoreRating = (ratingId: number, note: string) =>
  apiRequest<RatingRemovalReply>('POST', `/api/admin/ratings/${ratingId}/restore`, withNote({}, note), {
    admin: true,
  });

/**
 * docs/product.md#refreshing-after-changes: a take-down or restore moves the rated player's lists, page and figures,
 * the admins' lists of removed ratings and players (their rating counts), the searches (their estimates), and the
 * rating itself with its rater's My Ratings. Without the player, every player's.
 */
export function invalidateAfterRemoval(queryClient: QueryClient, { ratingId, playerId }: RemovalTarget) {
  const playerKeys =
    playerId === undefined
      ? [queryKeys.communityRatings.all, queryKeys.players.all, queryKeys.admin.playerRatingsAll]
      : [
          queryKeys.communityRatings.receivedByPlayer(playerId),
          queryKeys.communityRatings.playerPage(playerId),
          queryKeys.communityRatings.playerPageComments(playerId),
          queryKeys.players.detail(playerId),
          queryKeys.players.searchAll,
          queryKeys.admin.playerRatings(playerId),
        ];
  return Promise.all(
    [
      ...playerKeys,
      queryKeys.admin.removedRatings,
      queryKeys.admin.players,
      queryKeys.ratings.mine,
      queryKeys.ratings.detail(ratingId),
    ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  );
}

/**
 * Refreshes whatever the outcome: a 409 means another admin took it down (or restored it) first, so the screen
 * was out of date.
 */
export function useRemoveRating() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ target, rule, note }: { target: RemovalTarget; rule: RemovalRule; note: string }) =>
      removeRating(target.ratingId, rule, note),
    onSettled: (_reply, _error, { target }) => invalidateAfterRemoval(queryClient, target),
  });
}

export function useRestoreRating() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ target, note }: { target: RemovalTarget; note: string }) => restoreRating(target.ratingId, note),
    onSettled: (_reply, _error, { target }) => invalidateAfterRemoval(queryClient, target),
  });
}

/** GET /api/admin/ratings/removed: the ratings taken down now, latest take-down first (docs/product.md#take-down). */
export const removedRatingsQuery = queryOptions({
  queryKey: queryKeys.admin.removedRatings,
  queryFn: ({ signal }) => apiGet<RemovedRating[]>('/api/admin/ratings/removed', { admin: true, signal }),
});

/** The ratings taken down now by id, so a screen that shows a rating offers Restore on it rather than Remove. */
export function useRemovedRatings(): ReadonlyMap<number, RemovedRating> {
  const removed = useQuery(removedRatingsQuery);
  return useMemo(() => new Map(removed.data?.map((rating) => [rating.ratingId, rating])), [removed.data]);
}
