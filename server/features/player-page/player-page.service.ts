import { playerPath, publicPlace } from '../../../common/player-path';
import { raterDisplayName } from '../../../common/rater-display-name';
import type { PlayerPage, PlayerPageComment } from '../../../common/schemas/player-page';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/app-error';
import { cutPage, decodeCursor } from '../../lib/page-cursor';
import { isMembersOnly, refuseUnlessSeen, type PlayerViewer } from '../players/player-visibility.service';
import { PLAYER_NOT_FOUND } from '../players/players.service';
import { startOfWeek } from '../ratings/ratings.service';
import type { ReplyView } from '../../../common/schemas/replies';
import { repliesFor, replyOf } from '../replies/replies.service';
import { previewImagePath } from '../seo/seo.service';
import { oldestShownQuarter } from '../trust/estimate-history.service';
import { skillForDisplay } from '../trust/trust.service';
import {
  findPlayerPageDetail,
  findPlayerPageSummary,
  findRatingIdOfRater,
  listPublicComments,
  type PlayerPageSummaryRow,
  type PublicCommentRow,
} from './player-page.repo';

/**
 * A linked player who chose `members` shows their page to confirmed members, themselves and admins only
 * (docs/product.md#visibility); anyone else gets the "sign in" answer (401, or 403 before the e-mail is confirmed).
 */
function refuseUnlessAllowed<Row extends Pick<PlayerPageSummaryRow, 'userId' | 'visibility'>>(
  player: Row | undefined,
  viewer: PlayerViewer,
): Row {
  if (!player) throw notFound(PLAYER_NOT_FOUND, 'player_not_found');
  refuseUnlessSeen(player, viewer);
  return player;
}

/**
 * GET /api/players/:id/page: what anyone may read about the player, and what the caller may do there. The history
 * line is the one the trust worker stored with the estimate: a page never fits the model.
 */
export async function getPlayerPage(db: Db, id: number, viewer: PlayerViewer): Promise<PlayerPage> {
  const row = refuseUnlessAllowed(await findPlayerPageDetail(db, id, oldestShownQuarter(Date.now())), viewer);
  const stored = row.storedSkill && row.skillComputedAtMs !== null;
  const skill = await skillForDisplay(
    db,
    stored ? { skill: row.storedSkill!, computedAt: new Date(row.skillComputedAtMs!) } : null,
  );
  const isLinked = row.userId !== null;
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    place: publicPlace(row.location),
    path: playerPath(row),
    imagePath: previewImagePath(row.id, stored ? new Date(row.skillComputedAtMs!) : null),
    isVerified: row.isVerified,
    skillLevel: row.skillLevel,
    yearsPlaying: row.yearsPlaying,
    bio: isLinked ? row.bio : null,
    isLinked,
    isClaimable: !isLinked && !row.hasPendingClaim,
    isPublic: !isMembersOnly(row),
    isIndexable: !isMembersOnly(row) && !row.unvetted,
    skill,
    overallDistribution: { 1: row.stars1, 2: row.stars2, 3: row.stars3, 4: row.stars4, 5: row.stars5 },
    history: stored ? row.history : [],
    viewer: {
      signedIn: viewer.userId !== null,
      isOwner: viewer.userId !== null && row.userId === viewer.userId,
      existingRatingId: viewer.email !== null ? await findRatingIdOfRater(db, row.id, viewer.email) : null,
    },
  };
}

/** A rater account without a name: named neither by e-mail nor by a masked one on a public page. */
export const UNNAMED_RATER = 'A member';

function toPublicComment(row: PublicCommentRow, reply: ReplyView | null): PlayerPageComment {
  const named = Boolean(row.raterFirstName?.trim() || row.raterLastName?.trim());
  return {
    id: row.id,
    rating: row.rating,
    comment: row.comment,
    raterName: row.isAnonymous
      ? null
      : named
        ? raterDisplayName(row.raterFirstName, row.raterLastName, '')
        : UNNAMED_RATER,
    // The exact time, beside the other ratings' times, could point at an anonymous rater: its week only.
    createdAt: (row.isAnonymous ? startOfWeek(row.createdAt) : row.createdAt).toISOString(),
    reply,
  };
}

export type CommentsPage = { items: PlayerPageComment[]; nextCursor: string | undefined };

/** GET /api/players/:id/comments: a page of the public comments, newest first, with the next page's cursor. */
export async function getPlayerPageComments(
  db: Db,
  id: number,
  viewer: PlayerViewer,
  query: { limit: number; cursor?: string },
): Promise<CommentsPage> {
  const after = decodeCursor(query.cursor);
  refuseUnlessAllowed(await findPlayerPageSummary(db, id), viewer);
  return commentsPage(db, id, { limit: query.limit, afterId: after?.id });
}

async function commentsPage(db: Db, id: number, page: { limit: number; afterId?: number }): Promise<CommentsPage> {
  const rows = await listPublicComments(db, id, page);
  const { items, nextCursor } = cutPage(rows, page.limit, (row) => row.id);
  // Public: shown replies only, whoever asks (the page is kept and served to every signed-out visitor).
  const replies = await repliesFor(
    db,
    items.map((row) => row.id),
    { userId: null, isAdmin: false },
  );
  return { items: items.map((row) => toPublicComment(row, replyOf(replies, row.id))), nextCursor };
}

/**
 * The first page of comments of a page `getPlayerPage` has just answered the same viewer: drawing it reads the
 * player's visibility once, not twice (a statement is a sizeable part of a first draw, docs/product.md#first-draws).
 */
export function firstCommentsOf(db: Db, page: PlayerPage, limit: number): Promise<CommentsPage> {
  return commentsPage(db, page.id, { limit });
}
