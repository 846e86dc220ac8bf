import type { Db, Executor } from '../../db/client';
import { startOfWeek } from '../../../common/anonymity';
import type { PlayerRow } from '../../db/schema/index';
import type { LinkedPlayer } from '../../../common/schemas/auth';
import {
  NEAR_NOT_FOUND_MESSAGE,
  SEARCH_RESULT_LIMIT,
  type AverageRatings,
  type PlayerDetail,
  type PlayerSearchQuery,
  type PlayerSearchResult,
  type RegisterPlayerBody,
  type RegisterPlayerReply,
  type UpdatePlayerBody,
  type UpdatePlayerReply,
} from '../../../common/schemas/players';
import { playerPath } from '../../../common/player-path';
import { normalizeForSearch } from '../../../common/text';
import { AppError, badRequest, conflict, notFound } from '../../lib/app-error';
import { uniqueViolation } from '../../lib/db-errors';
import type { Actor } from '../../plugins/authorize';
import { refuseWhileClaimPending } from '../claims/pending-claim.service';
import { locatePlace, requireKnownPlace } from '../locations/locations.service';
import { overallsForDisplay, skillForDisplay } from '../trust/trust.service';
import {
  completeUnlinkedPlayer,
  findPlayerByEmail,
  findPlayerByIdForUpdate,
  findPlayerIdOfUser,
  findPlayerOfUser,
  findSearchRowsByIds,
  insertPlayer as insertPlayerRow,
  MAX_QUERY_WORDS,
  searchPlayers,
  type NewPlayer,
  updatePlayerProfile,
} from './players.repo';
import { findPlayerDetail, type PlayerDetailRow } from './player-detail.repo';
import { searchPlayersNear } from './players-near.repo';
import { locationFor, refuseUnlessSeen, seesInFull, type PlayerViewer } from './player-visibility.service';
import { refuseBeyondNewPlayerLimit } from './new-player-limit.service';

/**
 * The player queries other features run inside their own transactions (a claim links a player, the rate wizard
 * adds one, verification finds one by e-mail, bulk import inserts many): they reach the players table through this
 * service only.
 */
export {
  findPlayerByEmail,
  findPlayerById,
  findPlayerByIdForUpdate,
  findPlayerIdOfUser,
  linkPlayerToUser,
} from './players.repo';
export { insertPlayersUnlessEmailTaken, type ImportedPlayer } from './bulk-insert.repo';

/**
 * Inserts a player. One added by an account (`createdByUserId`: the rate wizard's new player, a registration) counts
 * against that account's limit (docs/product.md#new-players), checked under its row lock in the same transaction
 * (a savepoint when `db` already is one), so the 429 leaves nothing behind and parallel requests cannot overdraw.
 */
export async function insertPlayer(db: Executor, player: NewPlayer) {
  const creator = player.createdByUserId;
  if (!creator) return insertPlayerRow(db, player);
  return db.transaction(async (tx) => {
    await refuseBeyondNewPlayerLimit(tx, creator);
    return insertPlayerRow(tx, player);
  });
}

export const PLAYER_NOT_FOUND = 'Player not found';
export const ALREADY_HAS_PLAYER = 'You already have a player profile';
/** docs/product.md#messages: the client shows 'Account Already Exists' for this text. */
export const EMAIL_TAKEN = 'Email already registered';
export const CLAIM_INSTEAD = 'Claim this profile instead';
export const PROFILE_UNAVAILABLE = 'Profile unavailable';
export const OWN_EMAIL_ONLY =
  'Your player profile carries your account e-mail address. To claim a profile under another address, use Claim Profile.';

/** The query as matched: normalised, at most MAX_QUERY_WORDS words; null when no word has 2 characters. */
function matchableQuery(q: string): string | null {
  const query = normalizeForSearch(q).split(' ').slice(0, MAX_QUERY_WORDS).join(' ');
  return query.split(' ').some((word) => word.length >= 2) ? query : null;
}

type FoundRow = Omit<PlayerSearchResult, 'alreadyRated' | 'overallEstimate' | 'path'> & Pick<PlayerRow, 'visibility'>;

async function searchRows(db: Db, search: PlayerSearchQuery, raterEmail: string | null): Promise<FoundRow[]> {
  const query = search.q === null ? null : matchableQuery(search.q);
  if (search.q !== null && query === null) return [];
  if (!search.near) return searchPlayers(db, { query: query!, raterEmail, limit: SEARCH_RESULT_LIMIT });
  const point = locatePlace(search.near.place);
  if (!point) throw badRequest(NEAR_NOT_FOUND_MESSAGE, 'place_not_found');
  return searchPlayersNear(db, {
    near: point,
    radiusMiles: search.near.radiusMiles,
    query,
    raterEmail,
    limit: SEARCH_RESULT_LIMIT,
  });
}

/**
 * docs/product.md#search-rules: name or location, case- and accent-insensitive, best matches first. Words shorter
 * than 2 characters only narrow a query that has a longer word. Near a place (a ZIP or "City, ST"): the
 * players within the radius, nearest first, then best matching. A members-only player is left out for those who may
 * not see the page (docs/product.md#visibility), after the statements' limit, so such a search may answer fewer
 * players than there are: filtering in SQL would cost the search near a place its index-only reads.
 */
export async function searchPlayersFor(
  db: Db,
  search: PlayerSearchQuery,
  viewer: PlayerViewer,
): Promise<PlayerSearchResult[]> {
  return searchResultsOf(db, await searchRows(db, search, viewer.email), viewer);
}

/**
 * The bench's pk-page reference (decision 024): the given players read by primary key and answered through the
 * search's own shaping, so a list call is compared with the least work that answers a page of results.
 */
export async function searchResultsByIds(db: Db, ids: number[], viewer: PlayerViewer): Promise<PlayerSearchResult[]> {
  const found = await findSearchRowsByIds(db, ids);
  // Every id answered, or none: a reference that quietly answered fewer players would look cheaper than it is.
  if (found.length < ids.length) throw notFound(PLAYER_NOT_FOUND, 'player_not_found');
  return searchResultsOf(db, found, viewer);
}

/** Found rows as the search answers them: those the viewer may see, with their estimates, locations and paths. */
async function searchResultsOf(db: Db, found: FoundRow[], viewer: PlayerViewer): Promise<PlayerSearchResult[]> {
  const rows = found.filter((row) => seesInFull(row, viewer));
  const estimates = await overallsForDisplay(
    db,
    rows.map((row) => row.id),
  );
  return rows.map(({ visibility: _visibility, ...row }, index) => ({
    ...row,
    location: locationFor(row, viewer),
    alreadyRated: row.existingRatingId !== null,
    overallEstimate: estimates[index],
    path: playerPath(row),
  }));
}

const oneDecimal = (sum: number, count: number) => (count === 0 ? null : Math.round((sum / count) * 10) / 10);

function averagesOf(row: PlayerDetailRow): AverageRatings {
  const count = row.ratingCount;
  return {
    overall: oneDecimal(row.overallSum, count),
    serveReturn: oneDecimal(row.serveReturnSum, count),
    groundstrokesThirdShot: oneDecimal(row.groundstrokesThirdShotSum, count),
    netPlayVolleysDinks: oneDecimal(row.netPlayVolleysDinksSum, count),
    movementCourtAwareness: oneDecimal(row.movementCourtAwarenessSum, count),
    mentalPhysicalGame: oneDecimal(row.mentalPhysicalGameSum, count),
    count,
  };
}

/** Who calls: their user id when signed in (null for an admin token), and whether they hold any admin identity. */
export type PlayerCaller = { userId: string | null; isAdmin: boolean };

/**
 * docs/product.md#player-calls: public, so no e-mail and no rater identity. The page's visibility is the
 * player's own setting, shown to their user and admins only. A members-only player is answered as its page is
 * (docs/product.md#visibility): the "sign in" refusal for anyone who may not see it. The location is city and state
 * for anyone but the player and admins.
 */
export async function getPlayerDetail(db: Db, id: number, viewer: PlayerViewer): Promise<PlayerDetail> {
  const row = await findPlayerDetail(db, id);
  if (!row) throw notFound(PLAYER_NOT_FOUND, 'player_not_found');
  refuseUnlessSeen(row, viewer);
  const ownerOrAdmin = viewer.isAdmin || (row.userId !== null && row.userId === viewer.userId);
  return {
    ...(ownerOrAdmin ? { visibility: row.visibility } : {}),
    id: row.id,
    userId: row.userId,
    firstName: row.firstName,
    lastName: row.lastName,
    skillLevel: row.skillLevel,
    yearsPlaying: row.yearsPlaying,
    location: locationFor(row, viewer),
    bio: row.bio,
    isVerified: row.isVerified,
    createdAt: row.createdAt.toISOString(),
    ratingCount: row.ratingCount,
    averageRatings: averagesOf(row),
    ratingBreakdown: { 1: row.stars1, 2: row.stars2, 3: row.stars3, 4: row.stars4, 5: row.stars5 },
    recentComments: row.recentComments.map((comment) => ({
      rating: comment.rating,
      comment: comment.comment,
      // Dated to the week, as the page and /comments show it: an exact time could point at an anonymous rater.
      createdAt: startOfWeek(new Date(comment.createdAtMs)).toISOString(),
    })),
    skill: await skillForDisplay(
      db,
      row.storedSkill && { skill: row.storedSkill.skill, computedAt: new Date(row.storedSkill.computedAtMs) },
    ),
  };
}

/** docs/product.md#sign-in-calls the linked player as its own user sees it (registration, profile edit, GET /api/auth/user/player). */
function toLinkedPlayer(player: PlayerRow): LinkedPlayer {
  return {
    id: player.id,
    userId: player.userId,
    firstName: player.firstName,
    lastName: player.lastName,
    email: player.email,
    skillLevel: player.skillLevel,
    yearsPlaying: player.yearsPlaying,
    location: player.location,
    bio: player.bio,
    isVerified: player.isVerified,
    createdAt: player.createdAt.toISOString(),
  };
}

/** GET /api/auth/user/player: the signed-in user's linked player, 404 when they have none. */
export async function linkedPlayerOf(db: Db, userId: string): Promise<{ player: LinkedPlayer }> {
  const player = await findPlayerOfUser(db, userId);
  if (!player) throw notFound('No player profile is linked to your account', 'no_linked_player');
  return { player: toLinkedPlayer(player) };
}

export const NAME_ADMIN_ONLY = "Only an admin can change a player's name";
export const NOT_YOUR_PROFILE = 'You can only edit your own player profile';

/**
 * docs/product.md#places: a new location must be a place the ZIP data knows. The stored one sent back unchanged (a form
 * sends every field) is no change: it keeps its ZIP, and a text older than the rule stays until it is edited.
 */
function placeChange(current: PlayerRow, body: UpdatePlayerBody): UpdatePlayerBody {
  if (body.location === undefined) return body;
  if (body.location === current.location) {
    const { location: _unchanged, ...rest } = body;
    return rest;
  }
  requireKnownPlace(body.location, 'location');
  return body;
}

/**
 * PUT /api/players/:id: the linked user edits their profile, an admin any player (docs/product.md#profile-edit).
 * The e-mail never changes here; the name only by an admin.
 */
export async function updatePlayer(
  db: Db,
  editor: PlayerCaller,
  id: number,
  body: UpdatePlayerBody,
): Promise<UpdatePlayerReply> {
  return db.transaction(async (tx) => {
    const current = await findPlayerByIdForUpdate(tx, id);
    if (!current) throw notFound(PLAYER_NOT_FOUND, 'player_not_found');
    const isOwner = current.userId !== null && current.userId === editor.userId;
    if (!isOwner && !editor.isAdmin) throw new AppError(403, NOT_YOUR_PROFILE, 'not_your_profile');
    if (!editor.isAdmin && (body.firstName !== undefined || body.lastName !== undefined)) {
      throw new AppError(403, NAME_ADMIN_ONLY, 'name_admin_only');
    }
    const updated = await updatePlayerProfile(tx, current, placeChange(current, body));
    return { player: { ...toLinkedPlayer(updated), visibility: updated.visibility } };
  });
}

const sameEmail = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/**
 * Completing an existing player is only for its owner, proven by the verified account e-mail equal to
 * the player's; anyone else claims it and an admin decides (docs/product.md#player-rules).
 */
async function completeExistingPlayer(db: Db, actor: Actor, playerId: number, body: RegisterPlayerBody) {
  return db.transaction(async (tx) => {
    const target = await findPlayerByIdForUpdate(tx, playerId);
    if (!target) throw notFound(PLAYER_NOT_FOUND, 'player_not_found');
    if (target.userId) throw conflict(PROFILE_UNAVAILABLE, 'profile_unavailable');
    if (!actor.user.emailVerified || !sameEmail(target.email, actor.user.email)) {
      throw new AppError(403, CLAIM_INSTEAD, 'claim_instead');
    }
    const { firstName, lastName, skillLevel, yearsPlaying, location, bio } = body;
    const completed = await completeUnlinkedPlayer(tx, target.id, actor.user.id, {
      firstName,
      lastName,
      skillLevel,
      yearsPlaying,
      location,
      bio,
    });
    if (!completed) throw conflict(PROFILE_UNAVAILABLE, 'profile_unavailable');
    return completed;
  });
}

async function createOwnPlayer(db: Db, actor: Actor, body: RegisterPlayerBody) {
  if (await findPlayerByEmail(db, body.email)) throw conflict(EMAIL_TAKEN, 'email_taken');
  const { firstName, lastName, email, skillLevel, yearsPlaying, location, bio } = body;
  return insertPlayer(db, {
    firstName,
    lastName,
    email,
    skillLevel,
    yearsPlaying,
    location,
    bio,
    userId: actor.user.id,
    createdByUserId: actor.user.id,
  });
}

/**
 * POST /api/players: one linked player per user (docs/product.md#player-rules); races end in 409 by the unique indexes. Not
 * while a claim of the user's is pending (decision 008), checked under the user's row lock a claim takes too.
 */
export async function registerPlayer(db: Db, actor: Actor, body: RegisterPlayerBody): Promise<RegisterPlayerReply> {
  // A profile speaks for an e-mail address: only the one the account proved (decision 006).
  if (!sameEmail(body.email, actor.user.email)) throw badRequest(OWN_EMAIL_ONLY, 'own_email_only');
  requireKnownPlace(body.location, 'location');
  try {
    const player = await db.transaction(async (tx) => {
      await refuseWhileClaimPending(tx, actor.user.id);
      if ((await findPlayerIdOfUser(tx, actor.user.id)) !== null)
        throw conflict(ALREADY_HAS_PLAYER, 'already_has_player');
      return body.linkedPlayerId
        ? completeExistingPlayer(tx, actor, body.linkedPlayerId, body)
        : createOwnPlayer(tx, actor, body);
    });
    return { player: toLinkedPlayer(player) };
  } catch (error) {
    const violation = uniqueViolation(error);
    if (!violation) throw error;
    if (violation.constraint === 'players_user_id_key') throw conflict(ALREADY_HAS_PLAYER, 'already_has_player');
    throw conflict(EMAIL_TAKEN, 'email_taken');
  }
}
