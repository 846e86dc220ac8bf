import { and, count, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { playerMatchRequests, players, users } from '../../db/schema/index';
import type { MatchRequestStatus } from '../../../common/constants';

export type NewMatchRequest = {
  userId: string;
  playerId: number;
  requestMessage: string | null;
  claimantFirstName: string;
  claimantLastName: string;
  claimantEmail: string;
  claimantCity: string;
  claimantState: string;
  claimantZip: string;
};

/** A second pending request by the same user fails on player_match_requests_one_pending_per_user_key. */
export async function insertMatchRequest(db: Executor, request: NewMatchRequest) {
  const [row] = await db.insert(playerMatchRequests).values(request).returning();
  return row;
}

const requester = alias(users, 'requester');

const adminEntryColumns = {
  id: playerMatchRequests.id,
  userId: playerMatchRequests.userId,
  playerId: playerMatchRequests.playerId,
  status: playerMatchRequests.status,
  requestMessage: playerMatchRequests.requestMessage,
  claimantFirstName: playerMatchRequests.claimantFirstName,
  claimantLastName: playerMatchRequests.claimantLastName,
  claimantEmail: playerMatchRequests.claimantEmail,
  claimantCity: playerMatchRequests.claimantCity,
  claimantState: playerMatchRequests.claimantState,
  claimantZip: playerMatchRequests.claimantZip,
  createdAt: playerMatchRequests.createdAt,
  reviewedBy: playerMatchRequests.reviewedBy,
  reviewedByLabel: playerMatchRequests.reviewedByLabel,
  reviewedAt: playerMatchRequests.reviewedAt,
  reviewNotes: playerMatchRequests.reviewNotes,
  withdrawnAt: playerMatchRequests.withdrawnAt,
  userFirstName: requester.firstName,
  userLastName: requester.lastName,
  userEmail: requester.email,
  playerFirstName: players.firstName,
  playerLastName: players.lastName,
  playerEmail: players.email,
};

function adminEntries(db: Executor) {
  return db
    .select(adminEntryColumns)
    .from(playerMatchRequests)
    .innerJoin(requester, eq(requester.id, playerMatchRequests.userId))
    .innerJoin(players, eq(players.id, playerMatchRequests.playerId));
}

export type AdminMatchRequestRow = Awaited<ReturnType<typeof findAdminMatchRequest>>;

/** Newest first, by player_match_requests_status_created_idx when a status is given. */
export async function listMatchRequests(db: Executor, options: { status?: MatchRequestStatus; limit: number }) {
  const where = options.status ? eq(playerMatchRequests.status, options.status) : undefined;
  const [rows, [{ total }]] = await Promise.all([
    adminEntries(db)
      .where(where)
      .orderBy(desc(playerMatchRequests.createdAt), desc(playerMatchRequests.id))
      .limit(options.limit),
    db.select({ total: count() }).from(playerMatchRequests).where(where),
  ]);
  return { rows, total };
}

export async function findAdminMatchRequest(db: Executor, id: number) {
  const [row] = await adminEntries(db).where(eq(playerMatchRequests.id, id)).limit(1);
  return row;
}

/** Locks the request until the transaction ends: two reviews of one request run one after the other. */
export async function findMatchRequestForUpdate(tx: Executor, id: number) {
  const [row] = await tx
    .select()
    .from(playerMatchRequests)
    .where(eq(playerMatchRequests.id, id))
    .limit(1)
    .for('update');
  return row;
}

export type Review = {
  status: 'approved' | 'denied';
  reviewedBy: string | null;
  reviewedByLabel: string;
  reviewNotes: string | null;
};

/** Moves a request out of pending; returns undefined when it no longer was pending. */
export async function markReviewed(tx: Executor, id: number, review: Review) {
  const [row] = await tx
    .update(playerMatchRequests)
    .set({ ...review, reviewedAt: sql`now()` })
    .where(and(eq(playerMatchRequests.id, id), eq(playerMatchRequests.status, 'pending')))
    .returning({ id: playerMatchRequests.id });
  return row;
}

/**
 * Locks the user's row until the transaction ends, so that sending a claim and registering a player for one
 * user run one after the other and the second sees the first (decision 008). NO KEY UPDATE, not UPDATE: the
 * foreign-key checks of inserts that name this user (KEY SHARE) need not wait for it.
 */
export async function lockUserForProfileChange(tx: Executor, userId: string) {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
}

const ownClaimColumns = {
  id: playerMatchRequests.id,
  playerId: playerMatchRequests.playerId,
  playerFirstName: players.firstName,
  playerLastName: players.lastName,
  playerLocation: players.location,
  status: playerMatchRequests.status,
  requestMessage: playerMatchRequests.requestMessage,
  createdAt: playerMatchRequests.createdAt,
};

/** The user's pending claim (at most one, by player_match_requests_one_pending_per_user_key), with its player. */
export async function findPendingClaimOfUser(db: Executor, userId: string) {
  const [row] = await db
    .select(ownClaimColumns)
    .from(playerMatchRequests)
    .innerJoin(players, eq(players.id, playerMatchRequests.playerId))
    .where(and(eq(playerMatchRequests.userId, userId), eq(playerMatchRequests.status, 'pending')))
    .limit(1);
  return row;
}

export type OwnClaimRow = NonNullable<Awaited<ReturnType<typeof findPendingClaimOfUser>>>;

/** Whose request `id` is and where it stands, or undefined. */
export async function findMatchRequestState(db: Executor, id: number) {
  const [row] = await db
    .select({ userId: playerMatchRequests.userId, status: playerMatchRequests.status })
    .from(playerMatchRequests)
    .where(eq(playerMatchRequests.id, id))
    .limit(1);
  return row;
}

/**
 * Moves the user's own pending request to withdrawn; undefined when there is no such request (another user's,
 * or no longer pending: a review that got there first wins).
 */
export async function markWithdrawn(db: Executor, id: number, userId: string) {
  const [row] = await db
    .update(playerMatchRequests)
    .set({ status: 'withdrawn', withdrawnAt: sql`now()` })
    .where(
      and(
        eq(playerMatchRequests.id, id),
        eq(playerMatchRequests.userId, userId),
        eq(playerMatchRequests.status, 'pending'),
      ),
    )
    .returning({ id: playerMatchRequests.id });
  return row;
}

export async function findOwnClaim(db: Executor, id: number) {
  const [row] = await db
    .select(ownClaimColumns)
    .from(playerMatchRequests)
    .innerJoin(players, eq(players.id, playerMatchRequests.playerId))
    .where(eq(playerMatchRequests.id, id))
    .limit(1);
  return row;
}
