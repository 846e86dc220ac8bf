import type { Db } from '../../db/client';
import { notFound } from '../../lib/app-error';
import { cutPage, readCursor } from '../../lib/page-cursor';
import type { RemovalRule } from '../../../common/removal-rules';
import type {
  AdminPlayerRating,
  AdminPlayerRatingsQuery,
  AdminPlayerRatingsReply,
} from '../../../common/schemas/admin-player-ratings';
import type { ReplyView } from '../../../common/schemas/replies';
import { repliesFor, replyOf } from '../replies/replies.service';
import { ratingContent } from '../ratings/rating-content.service';
import type { Paged } from './admin.service';
import { countPlayerRatings, listPlayerRatings, playerExists } from './player-ratings.repo';

type Row = Awaited<ReturnType<typeof listPlayerRatings>>[number];

/**
 * A player's ratings for admins (docs/product.md#take-down), so they can take one down or restore it: every
 * rating, removed and not yet released ones included, with its rater's e-mail even when anonymous (admins see
 * everything, docs/product.md#anonymity), exact times, and the take-down's rule, note and admin.
 */
export async function getAdminPlayerRatings(
  db: Db,
  playerId: number,
  query: AdminPlayerRatingsQuery,
): Promise<Paged<AdminPlayerRatingsReply>> {
  const after = readCursor(query.cursor, { key: 'time', id: 'int' });
  if (!(await playerExists(db, playerId))) throw notFound('Player not found', 'player_not_found');
  const rows = await listPlayerRatings(db, playerId, { limit: query.limit, after });
  const counts = await countPlayerRatings(db, playerId);
  const page = cutPage(
    rows.map((row) => ({ id: row.rating.id, row })),
    query.limit,
    (entry) => entry.row.cursorKey,
  );
  const replies = await repliesFor(
    db,
    page.items.map((entry) => entry.row.rating.id),
    { userId: null, isAdmin: true },
  );
  return {
    reply: {
      ratings: page.items.map((entry) => toAdminRating(entry.row, replyOf(replies, entry.row.rating.id))),
      ...counts,
    },
    nextCursor: page.nextCursor,
  };
}

function toAdminRating(
  { rating, raterFirstName, raterLastName, removalNote, removedBy }: Row,
  reply: ReplyView | null,
): AdminPlayerRating {
  const raterName = [raterFirstName, raterLastName].filter(Boolean).join(' ') || null;
  return {
    id: rating.id,
    playerId: rating.playerId,
    raterEmail: rating.raterEmail,
    raterName,
    isAnonymous: rating.isAnonymous,
    ...ratingContent(rating),
    isHeld: rating.isHeld,
    createdAt: rating.createdAt.toISOString(),
    updatedAt: rating.updatedAt.toISOString(),
    awaitingRelease: rating.listedAt === null && rating.removedAt === null,
    removal:
      rating.removedAt && rating.removalRule
        ? {
            rule: rating.removalRule as RemovalRule,
            removedAt: rating.removedAt.toISOString(),
            note: removalNote,
            removedBy: removedBy ?? 'unknown',
          }
        : null,
    reply,
  };
}
