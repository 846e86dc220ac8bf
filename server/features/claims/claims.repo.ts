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

/** A second pending request by the same user for the same player fails on player_match_requests_one_pending_key. */
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
