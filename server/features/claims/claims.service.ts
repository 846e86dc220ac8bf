import type { Db } from '../../db/client';
import { CLAIM_PLACE_UNKNOWN_MESSAGE } from '../../../common/schemas/locations';
import {
  MATCH_REQUESTS_LIMIT,
  type AdminMatchRequest,
  type ClaimBody,
  type ClaimReply,
  type MatchRequestsReply,
  type OwnClaim,
  type OwnClaimReply,
  type ReviewBody,
  type ReviewReply,
  type WithdrawReply,
} from '../../../common/schemas/claims';
import type { MatchRequestStatus } from '../../../common/constants';
import { publicLocation } from '../../../common/player-path';
import { conflict, notFound } from '../../lib/app-error';
import { uniqueViolation } from '../../lib/db-errors';
import type { Actor, AdminIdentity } from '../../plugins/authorize';
import { requireKnownPlace } from '../locations/locations.service';
import { notify } from '../notifications/notifications.service';
import {
  ALREADY_HAS_PLAYER,
  PLAYER_NOT_FOUND,
  PROFILE_UNAVAILABLE,
  findPlayerById,
  findPlayerByIdForUpdate,
  findPlayerIdOfUser,
  linkPlayerToUser,
} from '../players/players.service';
import {
  findAdminMatchRequest,
  findMatchRequestForUpdate,
  findMatchRequestState,
  findOwnClaim,
  findPendingClaimOfUser,
  insertMatchRequest,
  listMatchRequests,
  lockUserForProfileChange,
  markReviewed,
  markWithdrawn,
  type AdminMatchRequestRow,
  type OwnClaimRow,
} from './claims.repo';

/** Claim refusals (docs/product.md#claim-rules). */
export const ALREADY_LINKED = 'Already linked';
export const PENDING_EXISTS = 'You already have a pending request for this player';
export const REQUEST_NOT_FOUND = 'Match request not found';
export const ALREADY_REVIEWED = 'Request already reviewed';
export const ALREADY_WITHDRAWN = 'Request already withdrawn';
export const claimBlockedByClaim = (playerName: string) =>
  `You have a pending claim for ${playerName}. Withdraw it before claiming another profile.`;
export const PLAYER_LINKED_MEANWHILE = 'This player is already linked to a user';
export const REQUESTER_HAS_PLAYER = 'The requester already has a player profile';

/**
 * POST /api/players/:playerId/match-request: a claim an admin reviews later (docs/product.md#claim-rules). One pending claim per
 * user, and none once the user has a player; checked under the user's row lock that POST /api/players takes
 * too, so a claim and a registration racing for one user cannot both succeed (decision 008).
 */
export async function createClaim(db: Db, actor: Actor, playerId: number, body: ClaimBody): Promise<ClaimReply> {
  // docs/product.md#places: the claimant's city, state and ZIP name one place the ZIP data knows, stored as it spells it.
  const place = requireKnownPlace(`${body.city}, ${body.state} ${body.zip}`, 'city', CLAIM_PLACE_UNKNOWN_MESSAGE);
  try {
    const row = await db.transaction(async (tx) => {
      await lockUserForProfileChange(tx, actor.user.id);
      const player = await findPlayerById(tx, playerId);
      if (!player) throw notFound(PLAYER_NOT_FOUND, 'player_not_found');
      if (player.userId === actor.user.id) throw conflict(ALREADY_LINKED, 'already_linked');
      if (player.userId) throw conflict(PROFILE_UNAVAILABLE, 'profile_unavailable');
      // Approval would fail: a user has at most one player (players_user_id_key).
      if ((await findPlayerIdOfUser(tx, actor.user.id)) !== null)
        throw conflict(ALREADY_HAS_PLAYER, 'already_has_player');
      const pending = await findPendingClaimOfUser(tx, actor.user.id);
      if (pending?.playerId === playerId) throw conflict(PENDING_EXISTS, 'claim_already_pending');
      if (pending)
        throw conflict(
          claimBlockedByClaim(`${pending.playerFirstName} ${pending.playerLastName}`),
          'profile_pending_claim',
        );
      return insertMatchRequest(tx, {
        userId: actor.user.id,
        playerId,
        requestMessage: body.requestMessage,
        claimantFirstName: body.firstName,
        claimantLastName: body.lastName,
        claimantEmail: body.email,
        claimantCity: place.city,
        claimantState: place.state,
        claimantZip: body.zip,
      });
    });
    return {
      request: {
        ...row,
        status: row.status as MatchRequestStatus,
        createdAt: row.createdAt.toISOString(),
      },
    };
  } catch (error) {
    if (uniqueViolation(error)) throw conflict(PENDING_EXISTS, 'claim_already_pending');
    throw error;
  }
}

/** The claimant is not the player yet: the place as anyone sees it, city and state (docs/product.md#places). */
function toOwnClaim(row: OwnClaimRow): OwnClaim {
  return {
    ...row,
    playerLocation: publicLocation(row.playerLocation),
    status: row.status as MatchRequestStatus,
    createdAt: row.createdAt.toISOString(),
  };
}

/** GET /api/auth/user/match-request: the caller's pending claim, which the Player Registration tab shows. */
export async function getOwnPendingClaim(db: Db, actor: Actor): Promise<OwnClaimReply> {
  const row = await findPendingClaimOfUser(db, actor.user.id);
  return { request: row ? toOwnClaim(row) : null };
}

/**
 * POST /api/match-requests/:id/withdraw: the claimant takes a pending claim back; it stays in the admin's
 * list as withdrawn (decision 008). Another user's request answers 404 like an unknown one, so ids reveal
 * nothing; a request no longer pending answers 409.
 */
export async function withdrawClaim(db: Db, actor: Actor, id: number): Promise<WithdrawReply> {
  const withdrawn = await markWithdrawn(db, id, actor.user.id);
  if (!withdrawn) {
    const state = await findMatchRequestState(db, id);
    if (!state || state.userId !== actor.user.id) throw notFound(REQUEST_NOT_FOUND, 'claim_not_found');
    throw state.status === 'withdrawn'
      ? conflict(ALREADY_WITHDRAWN, 'claim_already_withdrawn')
      : conflict(ALREADY_REVIEWED, 'claim_already_reviewed');
  }
  const row = await findOwnClaim(db, id);
  if (!row) throw notFound(REQUEST_NOT_FOUND, 'claim_not_found');
  return { request: toOwnClaim(row) };
}

function toAdminEntry(row: NonNullable<AdminMatchRequestRow>): AdminMatchRequest {
  return {
    ...row,
    status: row.status as MatchRequestStatus,
    createdAt: row.createdAt.toISOString(),
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
    withdrawnAt: row.withdrawnAt?.toISOString() ?? null,
  };
}

/** Match Requests (docs/product.md#admin-screens), newest first. */
export async function getMatchRequests(db: Db, status: MatchRequestStatus | undefined): Promise<MatchRequestsReply> {
  const { rows, total } = await listMatchRequests(db, { status, limit: MATCH_REQUESTS_LIMIT });
  return { requests: rows.map(toAdminEntry), total };
}

/** docs/product.md#notifications: the claimant hears the decision, once per request. */
function claimDecisionNotice(request: { id: number; userId: string }, approved: boolean) {
  return {
    userId: request.userId,
    kind: 'claim-decision' as const,
    title: approved ? 'Your player claim was approved' : 'Your player claim was not approved',
    body: approved
      ? 'The player profile is now linked to your account: ratings about you are under Ratings About Me.'
      : 'An admin reviewed your claim and did not link the profile to your account.',
    link: approved ? '/?tab=ratings-about-me' : null,
    dedupeKey: `claim:${request.id}`,
  };
}

/**
 * docs/product.md#claim-rules: a claim moves from pending to approved or denied, once. Approving links the player to the
 * requester in the same transaction; the request row and then the player row are locked, so
 * concurrent approvals of competing claims link the player once and the others get 409.
 */
export async function reviewMatchRequest(
  db: Db,
  admin: AdminIdentity,
  id: number,
  body: ReviewBody,
): Promise<ReviewReply> {
  try {
    await db.transaction(async (tx) => {
      const request = await findMatchRequestForUpdate(tx, id);
      if (!request) throw notFound(REQUEST_NOT_FOUND, 'claim_not_found');
      if (request.status !== 'pending') throw conflict(ALREADY_REVIEWED, 'claim_already_reviewed');
      if (body.action === 'approve') {
        const player = await findPlayerByIdForUpdate(tx, request.playerId);
        if (!player) throw notFound(PLAYER_NOT_FOUND, 'player_not_found');
        if (player.userId) throw conflict(PLAYER_LINKED_MEANWHILE, 'player_already_linked');
        if ((await findPlayerIdOfUser(tx, request.userId)) !== null)
          throw conflict(REQUESTER_HAS_PLAYER, 'requester_has_player');
        if (!(await linkPlayerToUser(tx, player.id, request.userId)))
          throw conflict(PLAYER_LINKED_MEANWHILE, 'player_already_linked');
      }
      const reviewed = await markReviewed(tx, id, {
        status: body.action === 'approve' ? 'approved' : 'denied',
        reviewedBy: admin.userId,
        reviewedByLabel: admin.label,
        reviewNotes: body.reviewNotes,
      });
      if (!reviewed) throw conflict(ALREADY_REVIEWED, 'claim_already_reviewed');
      await notify(tx, claimDecisionNotice(request, body.action === 'approve'));
    });
  } catch (error) {
    // The requester got another player linked concurrently (players_user_id_key).
    if (uniqueViolation(error)) throw conflict(REQUESTER_HAS_PLAYER, 'requester_has_player');
    throw error;
  }
  const row = await findAdminMatchRequest(db, id);
  if (!row) throw notFound(REQUEST_NOT_FOUND, 'claim_not_found');
  return {
    message: body.action === 'approve' ? 'Request approved' : 'Request denied',
    request: toAdminEntry(row),
  };
}
