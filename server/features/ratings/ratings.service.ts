import type { ReplyView } from '../../../common/schemas/replies';
import { repliesFor, replyOf } from '../replies/replies.service';
import { isOwnRating } from '../../../common/own-rating';
import { randomBytes } from 'node:crypto';
import type { Db, Executor, Tx } from '../../db/client';
import type { PendingRatingEdit, RatingRow } from '../../db/schema/index';
import { nextReleaseAt, type AnonymityCadence } from '../../../common/anonymity';
import { conflict, forbidden, notFound } from '../../lib/app-error';
import { cutPage, readCursor } from '../../lib/page-cursor';
import type { Actor } from '../../plugins/authorize';
import { BULK_IMPORT_DEFAULTS } from '../../../common/constants';
import type { RemovalRule } from '../../../common/removal-rules';
import {
  RATING_TEXT_FIELDS,
  type CreateRatingInput,
  type EditRatingInput,
  type RatingReply,
  type RatingsPageQuery,
  type RatingTextField,
} from '../../../common/schemas/ratings';
import { overallFromCategories } from '../../../common/rating-rules';
import { recordFindings, rescreenRating, screenRatingTexts, type RatingTexts } from '../moderation/moderation.service';
import { requireKnownPlace } from '../locations/locations.service';
import { insertPlayer } from '../players/players.service';
import { holdBurstAfterRating, isYoungAccount } from '../trust/burst-holds.service';
import { applyEffect, applyRating, editEffect, type CountedRating } from './rating-effects.service';
import {
  findRating,
  findRatingIdByRater,
  listRatingsByRater,
  lockRating,
  lockRatingsWithPendingEdits,
  lockUnreleasedRatings,
  markRatingsReleased,
  updateRating,
  type RatingWithPlayer,
} from './ratings.repo';
import { insertSubmittedRating } from './submit-rating.repo';

/** Who may see and edit a rating: its rater, or an admin. */
export type Viewer = { actor: Actor; isAdmin: boolean };

const replyViewerOf = (viewer: Viewer) => ({ userId: viewer.actor.user.id, isAdmin: viewer.isAdmin });

const ALREADY_RATED = 'You have already rated this player';
/** Draws of a random rating id before giving up: one collision in 2^31 is rare, two in a row unheard of. */
const ID_ATTEMPTS = 3;

export { overallFromCategories };

function textsOf(source: Record<RatingTextField, string | null>): RatingTexts {
  return Object.fromEntries(RATING_TEXT_FIELDS.map((field) => [field, source[field]]));
}

/** How the rating routes answer: when the next release of anonymous ratings comes (docs/product.md#anonymity). */
export type RatingsSettings = { cadence: AnonymityCadence };

/**
 * A rating as its rater or an admin sees it: with its edit still waiting for the release, and whether (and from
 * when) others see what they see.
 */
function toRatingReply(
  rating: RatingRow,
  playerName: string,
  settings: RatingsSettings,
  reply: ReplyView | null,
): RatingReply {
  const { listedAt: _listed, publishedAt: _published, pendingEdit, removedAt, removalRule, ...stored } = rating;
  const { editedAt, ...edited } = pendingEdit ?? { editedAt: undefined };
  const removal =
    removedAt && removalRule ? { rule: removalRule as RemovalRule, removedAt: removedAt.toISOString() } : null;
  const pendingRelease = !removal && (rating.listedAt === null || pendingEdit !== null);
  return {
    ...stored,
    ...edited,
    playerName,
    createdAt: rating.createdAt.toISOString(),
    updatedAt: editedAt ?? rating.updatedAt.toISOString(),
    pendingRelease,
    countsFrom: pendingRelease ? nextReleaseAt(new Date(), settings.cadence).toISOString() : null,
    removal,
    reply,
  };
}

/**
 * The new player's place (docs/product.md#places): optional, but when given its city and state (or a ZIP in the city
 * field) must be a place the ZIP data knows; none is the bulk import's placeholder.
 */
function newPlayerLocation(input: CreateRatingInput): string {
  const written = [input.newPlayerCity, input.newPlayerState].filter(Boolean).join(', ');
  if (!written) return BULK_IMPORT_DEFAULTS.location;
  requireKnownPlace(written, 'newPlayerCity');
  return written;
}

/** A player added from the rating wizard (docs/product.md#rate-a-player): unclaimed, unverified, with a placeholder e-mail. */
async function insertNewPlayer(tx: Tx, input: CreateRatingInput, location: string, actor: Actor) {
  return insertPlayer(tx, {
    firstName: input.newPlayerFirstName ?? '',
    lastName: input.newPlayerLastName ?? '',
    email: `unclaimed+${randomBytes(9).toString('hex')}@players.pickleball-ratings.local`,
    skillLevel: BULK_IMPORT_DEFAULTS.skillLevel,
    location,
    isVerified: false,
    importedBy: actor.label,
    createdByUserId: actor.user.id,
  });
}

/**
 * POST /api/ratings: the rating, the player's aggregates, moderation flags, the rater's totals and
 * badges change in one statement (submit-rating.repo.ts), so they never disagree; a new player from the
 * wizard is inserted with it in one transaction. The rater is the signed-in actor.
 */
export async function submitRating(
  db: Db,
  actor: Actor,
  input: CreateRatingInput,
  settings: RatingsSettings,
): Promise<RatingReply> {
  const raterEmail = actor.user.email;
  const texts = textsOf(input);
  const findings = screenRatingTexts(texts);
  const createdAt = new Date();
  const submitTo = async (executor: Executor, playerId: number, attempt = 1): Promise<RatingReply> => {
    const { player, rating } = await insertSubmittedRating(executor, {
      playerId,
      raterUserId: actor.user.id,
      raterEmail,
      isAnonymous: input.isAnonymous,
      serveReturn: input.serveReturn,
      groundstrokesThirdShot: input.groundstrokesThirdShot,
      netPlayVolleysDinks: input.netPlayVolleysDinks,
      movementCourtAwareness: input.movementCourtAwareness,
      mentalPhysicalGame: input.mentalPhysicalGame,
      overallRating: input.overallRating,
      strengthsImprovements: texts.strengthsImprovements ?? null,
      serveReturnComments: texts.serveReturnComments ?? null,
      groundstrokesThirdShotComments: texts.groundstrokesThirdShotComments ?? null,
      netPlayVolleysDinksComments: texts.netPlayVolleysDinksComments ?? null,
      movementCourtAwarenessComments: texts.movementCourtAwarenessComments ?? null,
      mentalPhysicalGameComments: texts.mentalPhysicalGameComments ?? null,
      isHeld: findings.length > 0,
      createdAt,
    });
    if (!player) throw notFound('Player not found', 'player_not_found');
    if (player.userId === actor.user.id) throw forbidden('You cannot rate your own profile', 'cannot_rate_self');
    if (!rating) {
      const existingRatingId = await findRatingIdByRater(executor, playerId, raterEmail);
      // Refused without a rating by this rater: the random id was taken (decision 023), so draw another.
      if (existingRatingId === undefined && attempt < ID_ATTEMPTS) return submitTo(executor, playerId, attempt + 1);
      throw conflict(ALREADY_RATED, 'already_rated', { existingRatingId });
    }
    if (findings.length > 0) await recordFindings(executor, rating.id, findings);
    return toRatingReply(rating, `${player.firstName} ${player.lastName}`, settings, null);
  };

  // A concurrent submission by the same rater cannot fail on ratings_player_rater_key: the insert's
  // `on conflict do nothing` leaves it without a rating, answered 409 like any second rating.
  // One statement alone is atomic; a new player, or moderation's findings on the text, need a transaction.
  const location = input.isNewPlayer ? newPlayerLocation(input) : undefined;
  const reply =
    !input.isNewPlayer && findings.length === 0
      ? await submitTo(db, input.playerId!)
      : await db.transaction(async (tx) =>
          submitTo(
            tx,
            location === undefined ? input.playerId! : (await insertNewPlayer(tx, input, location, actor)).id,
          ),
        );
  // Only a young account's rating can be part of a burst held for a second look (docs/product.md#bursts).
  if (!isYoungAccount(actor.user.createdAt, createdAt)) return reply;
  const held = await holdBurstAfterRating(db, reply, createdAt);
  return held ? { ...reply, pendingRelease: true, countsFrom: null } : reply;
}

function assertMayAccess(row: RatingWithPlayer | undefined, viewer: Viewer): asserts row is RatingWithPlayer {
  if (!row) throw notFound('Rating not found', 'rating_not_found');
  if (!viewer.isAdmin && !isOwnRating(row.rating, viewer.actor.user)) {
    throw forbidden('Only the rater or an admin can access this rating', 'rating_not_yours');
  }
}

export async function getRating(
  db: Db,
  ratingId: number,
  viewer: Viewer,
  settings: RatingsSettings,
): Promise<RatingReply> {
  const row = await findRating(db, ratingId);
  assertMayAccess(row, viewer);
  const replies = await repliesFor(db, [ratingId], replyViewerOf(viewer));
  return toRatingReply(row.rating, row.playerName, settings, replyOf(replies, ratingId));
}

/** A rating's new scores and texts, its overall the mean of the five (an edit's, or one waiting for the release). */
export type RatingEdit = Omit<PendingRatingEdit, 'editedAt'>;

/**
 * Applies an edit to a rating others see: the player's aggregates move by the difference, the text is screened
 * again and gamification sees the change, on the caller's transaction. `publishedAt` is when others see the new
 * version: now for a named rating, the release's period start for an anonymous one (docs/product.md#anonymity).
 */
export async function applyRatingEdit(tx: Tx, row: RatingWithPlayer, edit: RatingEdit, publishedAt: Date | 'now') {
  const before = row.rating;
  const now = new Date();
  const texts = textsOf(edit);
  const isHeld = await rescreenRating(tx, before.id, texts);
  const after = await updateRating(tx, before.id, {
    ...edit,
    isHeld,
    pendingEdit: null,
    ...(publishedAt === 'now' ? { updatedAt: now, publishedAt: now } : { publishedAt }),
  });
  // The votes are the same before and after: an edit moves the scores and the written feedback only.
  const counted = (version: RatingEdit): CountedRating => ({
    ...version,
    playerId: before.playerId,
    raterUserId: before.raterUserId,
    listedAt: before.listedAt ?? now,
    releasedVotes: { sum: 0, count: 0 },
  });
  await applyEffect(tx, editEffect(counted(before), counted(edit), publishedAt === 'now' ? now : publishedAt));
  return after;
}

/**
 * PUT /api/ratings/:id: the overall becomes the one-decimal mean of the categories (docs/product.md#rating-rules).
 * A named rating changes for everyone at once (applyRatingEdit). An anonymous one that others already see keeps
 * that version until the next release, which applies the edit with the other anonymous changes
 * (docs/product.md#anonymity); one still waiting for its first release simply changes.
 */
export async function editRating(
  db: Db,
  ratingId: number,
  viewer: Viewer,
  input: EditRatingInput,
  settings: RatingsSettings,
): Promise<RatingReply> {
  return db.transaction(async (tx) => {
    const row = await lockRating(tx, ratingId);
    assertMayAccess(row, viewer);
    const before = row.rating;
    // It counts nowhere while taken down: an edit would move figures it is not in (docs/product.md#take-down).
    if (before.removedAt)
      throw conflict('A moderator removed this rating, so it cannot be edited', 'rating_already_removed');
    // An absent text keeps what was stored (or what an edit waiting for the release set); null or empty clears it.
    const current = { ...before, ...before.pendingEdit };
    const texts = Object.fromEntries(
      RATING_TEXT_FIELDS.map((field) => [field, input[field] === undefined ? current[field] : input[field]]),
    ) as Record<RatingTextField, string | null>;
    const edit: RatingEdit = {
      serveReturn: input.serveReturn,
      groundstrokesThirdShot: input.groundstrokesThirdShot,
      netPlayVolleysDinks: input.netPlayVolleysDinks,
      movementCourtAwareness: input.movementCourtAwareness,
      mentalPhysicalGame: input.mentalPhysicalGame,
      overallRating: overallFromCategories(input),
      strengthsImprovements: texts.strengthsImprovements,
      serveReturnComments: texts.serveReturnComments,
      groundstrokesThirdShotComments: texts.groundstrokesThirdShotComments,
      netPlayVolleysDinksComments: texts.netPlayVolleysDinksComments,
      movementCourtAwarenessComments: texts.movementCourtAwarenessComments,
      mentalPhysicalGameComments: texts.mentalPhysicalGameComments,
    };

    let after: RatingRow;
    if (before.listedAt === null) {
      // Nothing counts it yet (an anonymous one before its release, one a burst holds): its release applies it as it
      // then stands.
      after = await updateRating(tx, ratingId, { ...edit, isHeld: await rescreenRating(tx, ratingId, texts) });
    } else if (!before.isAnonymous) {
      after = await applyRatingEdit(tx, row, edit, 'now');
    } else {
      // updatedAt stays: it is what others' version of the rating was last changed at.
      after = await updateRating(tx, ratingId, {
        pendingEdit: { ...edit, editedAt: new Date().toISOString() },
        updatedAt: before.updatedAt,
      });
    }
    const replies = await repliesFor(tx, [ratingId], replyViewerOf(viewer));
    return toRatingReply(after, row.playerName, settings, replyOf(replies, ratingId));
  });
}

/** A list's page and the next page's cursor (undefined on the last page), sent by the route in x-next-cursor. */
export type RatingsPage<Item> = { items: Item[]; nextCursor: string | undefined };

/** docs/product.md#my-ratings, a page at a time: newest first, or by overall stars. */
export async function getMyRatings(
  db: Db,
  actor: Actor,
  query: RatingsPageQuery,
  settings: RatingsSettings,
): Promise<RatingsPage<RatingReply>> {
  const after =
    query.sort === 'newest'
      ? readCursor(query.cursor, { key: 'time', id: 'int' })
      : readCursor(query.cursor, { key: 'number', id: 'int' });
  const rows = await listRatingsByRater(db, actor.user.email, { sort: query.sort, limit: query.limit, after });
  const page = cutPage(
    rows.map((row) => ({ id: row.rating.id, cursorKey: row.cursorKey, row })),
    query.limit,
    (entry) => entry.cursorKey,
  );
  // The page's replies in one statement (docs/product.md#replies).
  const replies = await repliesFor(
    db,
    page.items.map(({ row }) => row.rating.id),
    { userId: actor.user.id, isAdmin: false },
  );
  return {
    items: page.items.map(({ row }) =>
      toRatingReply(row.rating, row.playerName, settings, replyOf(replies, row.rating.id)),
    ),
    nextCursor: page.nextCursor,
  };
}

/** Monday 00:00 UTC of the date's week (common/anonymity.ts). */
export { startOfWeek } from '../../../common/anonymity';

/**
 * An anonymous rating's first release (docs/product.md#anonymity): what submit does at once for a named rating
 * (submit-rating.repo.ts), on the release's transaction: the player's aggregates and estimate, the rater's totals,
 * day and badges, dated to the release's period start. The caller marks it listed (markRatingsReleased).
 */
export async function applyReleasedRating(tx: Tx, row: RatingWithPlayer, periodStart: Date): Promise<void> {
  // Nobody could vote on it before its release: its votes are none.
  await applyRating(tx, { ...row.rating, listedAt: periodStart, releasedVotes: { sum: 0, count: 0 } }, periodStart);
}

/** A released anonymous rating's edit, at the next release: applied as a named edit is, published then. */
export async function applyReleasedEdit(tx: Tx, row: RatingWithPlayer, periodStart: Date): Promise<void> {
  if (!row.rating.pendingEdit) return;
  const { editedAt: _editedAt, ...edit } = row.rating.pendingEdit;
  await applyRatingEdit(tx, row, edit, periodStart);
}

/** What a release applies, locked for its transaction: anonymous ratings not out yet, and edits of ones out. */
export async function lockRatingsAwaitingRelease(tx: Tx) {
  return { newRatings: await lockUnreleasedRatings(tx), edits: await lockRatingsWithPendingEdits(tx) };
}

export { markRatingsReleased };
