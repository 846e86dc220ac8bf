import type { Db } from '../../db/client';
import {
  MATCH_REQUESTS_LIMIT,
  type AdminMatchRequest,
  type ClaimBody,
  type ClaimReply,
  type MatchRequestsReply,
  type ReviewBody,
  type ReviewReply,
} from '../../../common/schemas/claims';
import type { MatchRequestStatus } from '../../../common/constants';
import { conflict, notFound } from '../../lib/app-error';
import { uniqueViolation } from '../../lib/db-errors';
import type { Actor, AdminIdentity } from '../../plugins/authorize';
import { findPlayerById, findPlayerByIdForUpdate, findPlayerIdOfUser, linkPlayerToUser } from '../players/players.repo';
import { ALREADY_HAS_PLAYER, PLAYER_NOT_FOUND, PROFILE_UNAVAILABLE } from '../players/players.service';
import {
  findAdminMatchRequest,
  findMatchRequestForUpdate,
  insertMatchRequest,
  listMatchRequests,
  markReviewed,
  type AdminMatchRequestRow,
} from './claims.repo';

/** §5 Claim dialog refusals. */
export const ALREADY_LINKED = 'Already linked';
export const PENDING_EXISTS = 'You already have a pending request for this player';
export const REQUEST_NOT_FOUND = 'Match request not found';
export const ALREADY_REVIEWED = 'Request already reviewed';
export const PLAYER_LINKED_MEANWHILE = 'This player is already linked to a user';
export const REQUESTER_HAS_PLAYER = 'The requester already has a player profile';

/** POST /api/players/:playerId/match-request: a claim an admin reviews later (§2, §4). */
export async function createClaim(db: Db, actor: Actor, playerId: number, body: ClaimBody): Promise<ClaimReply> {
  const player = await findPlayerById(db, playerId);
  if (!player) throw notFound(PLAYER_NOT_FOUND);
  if (player.userId === actor.user.id) throw conflict(ALREADY_LINKED);
  if (player.userId) throw conflict(PROFILE_UNAVAILABLE);
  // Approval would fail: a user has at most one player (players_user_id_key).
  if ((await findPlayerIdOfUser(db, actor.user.id)) !== null) throw conflict(ALREADY_HAS_PLAYER);
  try {
    const row = await insertMatchRequest(db, {
      userId: actor.user.id,
      playerId,
      requestMessage: body.requestMessage,
      claimantFirstName: body.firstName,
      claimantLastName: body.lastName,
      claimantEmail: body.email,
      claimantCity: body.city,
      claimantState: body.state,
      claimantZip: body.zip,
    });
    return {
      request: {
        ...row,
        status: row.status as MatchRequestStatus,
        createdAt: row.createdAt.toISOString(),
      },
    };
  } catch (error) {
    if (uniqueViolation(error)) throw conflict(PENDING_EXISTS);
    throw error;
  }
}

function toAdminEntry(row: NonNullable<AdminMatchRequestRow>): AdminMatchRequest {
  return {
    ...row,
    status: row.status as MatchRequestStatus,
    createdAt: row.createdAt.toISOString(),
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
  };
}

/** §2 Admin: Match Requests, newest first. */
export async function getMatchRequests(db: Db, status: MatchRequestStatus | undefined): Promise<MatchRequestsReply> {
  const { rows, total } = await listMatchRequests(db, { status, limit: MATCH_REQUESTS_LIMIT });
  return { requests: rows.map(toAdminEntry), total };
}

/**
 * §4 Match request: pending moves to approved or denied, once. Approving links the player to the
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
      if (!request) throw notFound(REQUEST_NOT_FOUND);
      if (request.status !== 'pending') throw conflict(ALREADY_REVIEWED);
      if (body.action === 'approve') {
        const player = await findPlayerByIdForUpdate(tx, request.playerId);
        if (!player) throw notFound(PLAYER_NOT_FOUND);
        if (player.userId) throw conflict(PLAYER_LINKED_MEANWHILE);
        if ((await findPlayerIdOfUser(tx, request.userId)) !== null) throw conflict(REQUESTER_HAS_PLAYER);
        if (!(await linkPlayerToUser(tx, player.id, request.userId))) throw conflict(PLAYER_LINKED_MEANWHILE);
      }
      const reviewed = await markReviewed(tx, id, {
        status: body.action === 'approve' ? 'approved' : 'denied',
        reviewedBy: admin.userId,
        reviewedByLabel: admin.label,
        reviewNotes: body.reviewNotes,
      });
      if (!reviewed) throw conflict(ALREADY_REVIEWED);
    });
  } catch (error) {
    // The requester got another player linked concurrently (players_user_id_key).
    if (uniqueViolation(error)) throw conflict(REQUESTER_HAS_PLAYER);
    throw error;
  }
  const row = await findAdminMatchRequest(db, id);
  if (!row) throw notFound(REQUEST_NOT_FOUND);
  return {
    message: body.action === 'approve' ? 'Request approved' : 'Request denied',
    request: toAdminEntry(row),
  };
}
