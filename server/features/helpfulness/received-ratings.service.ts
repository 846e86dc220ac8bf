import type { Db } from '../../db/client';
import { forbidden, notFound } from '../../lib/app-error';
import { cutPage, readCursor } from '../../lib/page-cursor';
import { isOwnRating } from '../../../common/own-rating';
import { raterDisplayName } from '../../../common/rater-display-name';
import {
  RATING_TEXT_FIELDS,
  type RatingsPageQuery,
  type RatingTextField,
  type ReceivedRating,
} from '../../../common/schemas/ratings';
import { heldFieldsOf } from '../moderation/moderation.service';
import { repliesFor, replyOf } from '../replies/replies.service';
import { startOfWeek, type RatingsPage, type Viewer } from '../ratings/ratings.service';
import { findReceivedRatings } from './received-ratings.repo';

/**
 * docs/product.md#ratings-about-me, for the player's linked user and admins. Anonymous ratings never reveal
 * their rater to the player; text held by moderation is withheld from non-admins until resolved.
 */
export async function getReceivedRatings(
  db: Db,
  playerId: number,
  viewer: Viewer,
  query: RatingsPageQuery,
): Promise<RatingsPage<ReceivedRating>> {
  const { actor, isAdmin } = viewer;
  const after = readCursor(query.cursor, { key: 'number', id: 'int' });
  const received = await findReceivedRatings(db, playerId, actor.user.id, {
    sort: query.sort,
    limit: query.limit,
    after,
  });
  if (!received) throw notFound('Player not found', 'player_not_found');
  if (!isAdmin && received.ownerUserId !== actor.user.id) {
    throw forbidden('Only the player or an admin can see the ratings received', 'ratings_received_private');
  }

  const page = cutPage(
    received.ratings.map((row) => ({ id: row.rating.id, row })),
    query.limit,
    (entry) => entry.row.cursorKey,
  );
  const rows = page.items.map((entry) => entry.row);
  const heldRatingIds = isAdmin ? [] : rows.filter((row) => row.rating.isHeld).map((row) => row.rating.id);
  const held = await heldFieldsOf(db, heldRatingIds);
  // The page's replies in one statement; the player sees their own held reply (docs/product.md#replies).
  const replies = await repliesFor(
    db,
    rows.map((row) => row.rating.id),
    { userId: actor.user.id, isAdmin },
  );

  const items = rows.map(({ rating, raterFirstName, raterLastName, userHelpfulnessScore, weight }) => {
    const heldFields = held.get(rating.id);
    const texts = {} as Record<RatingTextField, string | null>;
    for (const field of RATING_TEXT_FIELDS) texts[field] = heldFields?.has(field) ? null : rating[field];
    const ownRating = isOwnRating(rating, actor.user);
    // The player sees a named rater by display name only; the e-mail goes to admins and to its own rater.
    const showEmail = isAdmin || ownRating;
    return {
      id: rating.id,
      playerId: rating.playerId,
      isAnonymous: rating.isAnonymous,
      raterName: rating.isAnonymous ? null : raterDisplayName(raterFirstName, raterLastName, rating.raterEmail),
      ...(showEmail ? { raterEmail: rating.raterEmail } : {}),
      isOwnRating: ownRating,
      serveReturn: rating.serveReturn,
      groundstrokesThirdShot: rating.groundstrokesThirdShot,
      netPlayVolleysDinks: rating.netPlayVolleysDinks,
      movementCourtAwareness: rating.movementCourtAwareness,
      mentalPhysicalGame: rating.mentalPhysicalGame,
      overallRating: rating.overallRating,
      ...texts,
      hasHeldText: isAdmin ? rating.isHeld : heldFields !== undefined,
      helpfulnessAvg:
        rating.helpfulnessCount === 0 ? null : Math.round((rating.helpfulnessSum / rating.helpfulnessCount) * 10) / 10,
      helpfulnessCount: rating.helpfulnessCount,
      userHelpfulnessScore: userHelpfulnessScore ?? null,
      weight,
      // An anonymous rating is dated to the week it was released in (docs/product.md#anonymity): its exact time,
      // with the other ratings' times, could point at its rater. Admins and its rater see the exact time.
      createdAt: (rating.isAnonymous && !isAdmin && !ownRating
        ? startOfWeek(rating.listedAt ?? rating.createdAt)
        : rating.createdAt
      ).toISOString(),
      reply: replyOf(replies, rating.id),
    };
  });
  return { items, nextCursor: page.nextCursor };
}
