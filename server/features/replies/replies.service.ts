import type { Db, Executor, Tx } from '../../db/client';
import { conflict, forbidden, notFound } from '../../lib/app-error';
import type { Actor } from '../../plugins/authorize';
import type { ReplyView, SavedReply } from '../../../common/schemas/replies';
import { screenRatingTexts } from '../moderation/moderation.service';
import { notify } from '../notifications/notifications.service';
import { markPlayerPageChanged } from '../trust/player-page-marks.service';
import {
  deleteReply,
  findReply,
  listHeldReplyRatingIds,
  listReplies,
  lockRatingForReply,
  lockReply,
  updateReplyStatus,
  upsertReply,
} from './replies.repo';

/*
 * The rated player's one public reply under a rating (docs/product.md#replies). Only the account linked to the rated
 * player replies; the offensive-language check of comments holds a reply until an admin decides; the rater hears of
 * the reply once, and the player never learns who the rater is from any of this.
 */

export type ReplyViewer = { userId: string | null; isAdmin: boolean };

const RATING_NOT_FOUND = 'Rating not found';

type ReplyRow = Awaited<ReturnType<typeof listReplies>>[number];

function toView(row: Pick<ReplyRow, 'text' | 'status' | 'createdAt' | 'updatedAt'>, firstName: string): ReplyView {
  return {
    text: row.text,
    authorFirstName: firstName,
    held: row.status === 'held',
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * The replies of a page of ratings, by rating id, in one statement. A held reply goes only to its author and admins;
 * a hidden one to nobody (admins see it in the reports queue).
 */
export async function repliesFor(
  db: Executor,
  ratingIds: number[],
  viewer: ReplyViewer,
): Promise<Map<number, ReplyView>> {
  const replies = new Map<number, ReplyView>();
  for (const row of await listReplies(db, [...new Set(ratingIds)])) {
    const seen =
      row.status === 'shown' ||
      (row.status === 'held' && (viewer.isAdmin || (viewer.userId !== null && viewer.userId === row.authorUserId)));
    if (seen) replies.set(row.ratingId, toView(row, row.firstName));
  }
  return replies;
}

/** What a rating answer carries: its reply, or null. */
export const replyOf = (replies: Map<number, ReplyView>, ratingId: number): ReplyView | null =>
  replies.get(ratingId) ?? null;

/** The rating, locked, when the caller may reply to it: else 404 (unseen rating) or 403 (not the rated player). */
async function ratingToReplyTo(tx: Tx, ratingId: number, actor: Actor) {
  const rating = await lockRatingForReply(tx, ratingId);
  // A rating nobody else sees (unknown, awaiting its release, taken down) takes no reply.
  if (!rating?.visible) throw notFound(RATING_NOT_FOUND, 'rating_not_found');
  if (rating.playerUserId === null || rating.playerUserId !== actor.user.id) {
    throw forbidden('Only the rated player can reply to this rating', 'reply_not_rated_player');
  }
  return rating;
}

/** The rater hears of a shown reply once per rating (the dedupe key), never of a held one before an admin shows it. */
async function tellRater(tx: Executor, rating: { ratingId: number; raterUserId: string | null }, firstName: string) {
  if (!rating.raterUserId) return;
  await notify(tx, {
    userId: rating.raterUserId,
    kind: 'reply',
    title: `${firstName} replied to your rating`,
    body: `${firstName} wrote a public reply under the rating you gave.`,
    link: '/?tab=my-ratings',
    dedupeKey: `reply:${rating.ratingId}`,
  });
}

/** PUT /api/ratings/:id/reply: writes or replaces the reply, screened as comments are. */
export async function saveReply(db: Db, ratingId: number, actor: Actor, text: string): Promise<SavedReply> {
  return db.transaction(async (tx) => {
    const rating = await ratingToReplyTo(tx, ratingId, actor);
    const existing = await findReply(tx, ratingId);
    if (existing?.status === 'hidden') {
      throw conflict('A moderator hid this reply. You can delete it, but not change it.', 'reply_hidden');
    }
    const [finding] = screenRatingTexts({ reply: text });
    const saved = await upsertReply(tx, {
      ratingId,
      authorUserId: actor.user.id,
      text,
      status: finding ? 'held' : 'shown',
      holdReason: finding?.flagReason ?? null,
    });
    if (saved.status === 'shown') await tellRater(tx, rating, rating.playerFirstName);
    await markPlayerPageChanged(tx, rating.playerId);
    return { ratingId, reply: toView(saved, rating.playerFirstName) };
  });
}

/** DELETE /api/ratings/:id/reply. */
export async function removeReply(db: Db, ratingId: number, actor: Actor): Promise<void> {
  await db.transaction(async (tx) => {
    const rating = await ratingToReplyTo(tx, ratingId, actor);
    if (!(await deleteReply(tx, ratingId))) throw notFound('This rating has no reply', 'reply_not_found');
    await markPlayerPageChanged(tx, rating.playerId);
  });
}

/**
 * A decision on the reply (the reports queue): shown after a hold tells the rater, as a reply shown at once does;
 * hidden takes it off every page. Answers false when the rating has no reply.
 */
export async function setReplyStatus(tx: Tx, ratingId: number, status: 'shown' | 'hidden'): Promise<boolean> {
  const rating = await lockRatingForReply(tx, ratingId);
  const reply = rating && (await lockReply(tx, ratingId));
  if (!rating || !reply) return false;
  if (reply.status === status) return true;
  await updateReplyStatus(tx, ratingId, status);
  if (status === 'shown' && rating.visible) await tellRater(tx, rating, rating.playerFirstName);
  await markPlayerPageChanged(tx, rating.playerId);
  return true;
}

/** Whether a decision hid the rating's reply (only a decision hides one; the author cannot change it since). */
export async function isReplyHidden(db: Executor, ratingId: number): Promise<boolean> {
  return (await findReply(db, ratingId))?.status === 'hidden';
}

/** Ratings with a reply held for review, the longest waiting first (for the reports queue). */
export function heldReplies(db: Executor): Promise<number[]> {
  return listHeldReplyRatingIds(db);
}
