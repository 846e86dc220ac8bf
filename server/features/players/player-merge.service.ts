import { playerPath } from '../../../common/player-path';
import type { RemovalRule } from '../../../common/removal-rules';
import type { MergeCounts, MergePlayerReply, MergePreview, MergeSide } from '../../../common/schemas/player-merge';
import type { Db, Executor, Tx } from '../../db/client';
import type { RatingRow } from '../../db/schema/index';
import { AppError, badRequest, conflict, notFound } from '../../lib/app-error';
import type { AdminIdentity } from '../../plugins/authorize';
import { applyRating, takeBackRating } from '../ratings/rating-effects.service';
import { removeRatingInTransaction } from '../ratings/rating-removal.service';
import {
  countClaims,
  countFlags,
  deletePlayer,
  findMergeSides,
  findMergeTarget,
  findRatingsToPair,
  findReleasedVotes,
  moveClaims,
  moveLink,
  moveRatings,
  recordMerge,
  type MergeSideRow,
  type PairingRow,
} from './player-merge.repo';
import { PLAYER_NOT_FOUND } from './players.service';

/*
 * Merging a duplicate player into the one kept (docs/product.md#merging-players): everything of the merged player
 * moves to the kept one (ratings with their votes and flags, claims, the account link), the merged row is deleted, and
 * a record sends its old address to the kept player's page. Figures move through the ratings' effects module, so the
 * kept player's aggregates become the sum and each rater's figures stay as they were, but for the ratings the merge
 * takes down.
 */

/** The ratings a merge takes down, and whether a rating already taken down stands in its way. */
export type MergePlan = { duplicates: number[]; conflicts: number[]; blocked: boolean };

type Owner = { userId: string; email: string };

const byRater = (ratings: PairingRow[]) => {
  const groups = new Map<string, PairingRow[]>();
  for (const rating of ratings) groups.set(rating.raterKey, [...(groups.get(rating.raterKey) ?? []), rating]);
  return [...groups.values()];
};

/**
 * Which ratings the merge takes down (docs/product.md#merging-players):
 * - a rater who rated both players keeps the newer rating; the older is removed as `duplicate` (a tie keeps the kept
 *   player's), and stays stored beside it, outside the one-rating-per-rater key;
 * - a standing rating by the account the kept player is linked to after the merge would be a rating of one's own
 *   player: removed as `conflict-of-interest`.
 * A rater with a rating of each player where one is taken down already (under another rule) would end with two under
 * the key: the merge is refused until an admin restores it.
 */
export function planMerge(ratings: PairingRow[], keptId: number, owner: Owner | null): MergePlan {
  const duplicates = new Set<number>();
  for (const group of byRater(ratings)) {
    const standing = group.filter((rating) => rating.removalRule === null);
    const kept = standing.find((rating) => rating.playerId === keptId);
    const merged = standing.find((rating) => rating.playerId !== keptId);
    if (!kept || !merged) continue;
    duplicates.add(merged.createdAt.getTime() > kept.createdAt.getTime() ? kept.id : merged.id);
  }
  const ownedBy = (rating: PairingRow, who: Owner) =>
    rating.raterUserId === who.userId || rating.raterKey === who.email.toLowerCase();
  const conflicts = owner
    ? ratings.filter((r) => r.removalRule === null && !duplicates.has(r.id) && ownedBy(r, owner)).map((r) => r.id)
    : [];
  const keyed = (rating: PairingRow) => rating.removalRule !== 'duplicate' && !duplicates.has(rating.id);
  const blocked = byRater(ratings).some((group) => group.filter(keyed).length > 1);
  return { duplicates: [...duplicates], conflicts, blocked };
}

const toSide = (row: MergeSideRow): MergeSide => ({
  id: row.id,
  firstName: row.firstName,
  lastName: row.lastName,
  location: row.location,
  ratingCount: row.ratingCount,
  isLinked: row.userId !== null,
});

/**
 * The two players, refused as the merge would be: unknown (404), the same (400), linked to different accounts (409).
 * Answers the account the kept player is linked to after the merge.
 */
async function readSides(db: Executor, mergedId: number, keptId: number, lock: boolean) {
  if (mergedId === keptId) throw badRequest('A player cannot be merged into itself', 'merge_into_self');
  const rows = await findMergeSides(db, [mergedId, keptId], lock);
  const merged = rows.find((row) => row.id === mergedId);
  const kept = rows.find((row) => row.id === keptId);
  if (!merged) throw notFound(PLAYER_NOT_FOUND, 'player_not_found');
  if (!kept) throw notFound('The player to keep was not found', 'player_not_found');
  if (merged.userId && kept.userId) {
    throw conflict('Both players are linked to different accounts: unlink one before merging', 'merge_linked_conflict');
  }
  const linked = kept.userId ? kept : merged;
  const owner = linked.userId && linked.ownerEmail ? { userId: linked.userId, email: linked.ownerEmail } : null;
  const ratings = await findRatingsToPair(db, mergedId, keptId, owner);
  const plan = planMerge(ratings, keptId, owner);
  if (plan.blocked) {
    throw conflict(
      'A rater rated both players and one of those ratings is taken down: restore it before merging, so the merge keeps the newer rating',
      'merge_rating_conflict',
    );
  }
  return {
    merged,
    kept,
    plan,
    linkMoves: merged.userId !== null,
    ratingsMoving: ratings.filter((r) => r.playerId === mergedId).length,
  };
}

/** GET /api/admin/players/:id/merge-preview: what POST .../merge would move and take down, changing nothing. */
export async function previewMerge(db: Db, mergedId: number, keptId: number): Promise<MergePreview> {
  const { merged, kept, plan, linkMoves, ratingsMoving } = await readSides(db, mergedId, keptId, false);
  const claims = await countClaims(db, mergedId);
  const flags = await countFlags(db, mergedId);
  return {
    merged: toSide(merged),
    kept: toSide(kept),
    counts: {
      ratings: ratingsMoving,
      duplicates: plan.duplicates.length,
      conflicts: plan.conflicts.length,
      claims,
      flags,
      linkMoves,
    },
  };
}

/**
 * Moves the merged player's ratings to the kept one, and their effects: each counted rating is applied to the kept
 * player and then taken back from the merged one, so its rater's totals, day and badges come back to where they were
 * (applied first, no badge is withdrawn and awarded again on the way).
 */
async function moveRatingsWithEffects(tx: Tx, mergedId: number, keptId: number): Promise<RatingRow[]> {
  const moved = await moveRatings(tx, mergedId, keptId);
  const counted = moved.filter((rating) => rating.listedAt !== null);
  const votes = await findReleasedVotes(
    tx,
    counted.map((rating) => rating.id),
  );
  for (const rating of counted) {
    const effect = {
      ...rating,
      listedAt: rating.listedAt!,
      releasedVotes: votes.get(rating.id) ?? { sum: 0, count: 0 },
    };
    await applyRating(tx, { ...effect, playerId: keptId });
    await takeBackRating(tx, { ...effect, playerId: mergedId });
  }
  return moved;
}

/** POST /api/admin/players/:id/merge: one transaction; the merged player is gone at its end. */
export async function mergePlayer(
  db: Db,
  mergedId: number,
  keptId: number,
  admin: AdminIdentity,
): Promise<MergePlayerReply> {
  return db.transaction(async (tx) => {
    const { merged, kept, plan, linkMoves } = await readSides(tx, mergedId, keptId, true);
    const flags = await countFlags(tx, mergedId);
    const note = `Merged player #${mergedId} (${merged.firstName} ${merged.lastName}) into #${keptId}`;
    const takeDown = async (ids: number[], rule: RemovalRule) => {
      for (const id of ids) await removeRatingInTransaction(tx, id, { rule, note, admin });
    };
    // Taken down before anything moves: a duplicate then stands outside the rater key when it meets the one kept.
    await takeDown(plan.duplicates, 'duplicate');
    await takeDown(plan.conflicts, 'conflict-of-interest');
    const moved = await moveRatingsWithEffects(tx, mergedId, keptId);
    const claims = await moveClaims(tx, mergedId, keptId);
    if (linkMoves) await moveLink(tx, { id: merged.id, userId: merged.userId!, visibility: merged.visibility }, keptId);
    const counts: MergeCounts = {
      ratings: moved.length,
      duplicates: plan.duplicates.length,
      conflicts: plan.conflicts.length,
      claims,
      flags,
      linkMoves,
    };
    await recordMerge(tx, {
      mergedId,
      intoId: keptId,
      mergedBy: admin.label,
      mergedByUserId: admin.userId,
      ratingsMoved: counts.ratings,
      duplicatesRemoved: counts.duplicates,
      conflictsRemoved: counts.conflicts,
      claimsMoved: counts.claims,
      flagsMoved: counts.flags,
      linkMoved: counts.linkMoves,
    });
    await deletePlayer(tx, mergedId);
    return { mergedId, intoId: keptId, keptPath: playerPath(kept), counts };
  });
}

/**
 * Where a merged player's address leads: the player they were merged into (chains are followed when merging), or
 * null for an id that was never merged. Read only once a player is not found, so live players cost nothing more.
 */
export async function keptPlayerOf(db: Db, mergedId: number): Promise<number | null> {
  return findMergeTarget(db, mergedId);
}

/**
 * A read of one player, or the kept player's id when the player was merged away: what a call answers with 301 to
 * the kept player's address. Any other refusal (an unknown player's 404 included) stands.
 */
export async function readUnlessMerged<T>(
  db: Db,
  playerId: number,
  read: () => Promise<T>,
): Promise<{ found: T } | { mergedInto: number }> {
  try {
    return { found: await read() };
  } catch (error) {
    const missing = error instanceof AppError && error.code === 'player_not_found';
    const keptId = missing ? await findMergeTarget(db, playerId) : null;
    if (keptId === null) throw error;
    return { mergedInto: keptId };
  }
}
