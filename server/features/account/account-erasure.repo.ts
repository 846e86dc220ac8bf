import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  achievements,
  adminTokens,
  anonymityReleases,
  appeals,
  dataRequests,
  emailSignups,
  flaggedComments,
  notifications,
  playerMatchRequests,
  players,
  ratingRemovals,
  ratingReplies,
  ratingReports,
  raterTrust,
  sessions,
  trustFlags,
  users,
} from '../../db/schema/index';

/*
 * The rows an erasure deletes besides ratings and votes (docs/product.md#your-data), each on the erasure's
 * transaction. The figures derived from ratings and votes (rater_stats, rater_daily_stats, achievements) are taken
 * back by the effects module first and their rows go with the account's row (on delete cascade).
 */

const counted = async (rows: Promise<unknown[]>) => (await rows).length;

/**
 * The erasure's statements may run past the requests' 10 s timeout: deleting the busiest rater's ratings (29,360 at
 * 1M ratings, each cascading to four tables) took 6.6 s on a loaded 2-core machine. Each still waits at most the
 * usual lock timeout for a row another request holds.
 */
export async function allowLongStatements(db: Executor): Promise<void> {
  await db.execute(sql`set local statement_timeout = '120s'`);
}

/** The player linked to the account, locked: ratings of it written meanwhile wait for the erasure. */
export async function lockPlayerOfUser(db: Executor, userId: string) {
  const [row] = await db.select({ id: players.id }).from(players).where(eq(players.userId, userId)).for('update');
  return row;
}

/** The player stays, with its page and the ratings about it, but belongs to nobody (docs/product.md#your-data). */
export async function unlinkPlayer(db: Executor, playerId: number): Promise<void> {
  await db.update(players).set({ userId: null }).where(eq(players.id, playerId));
}

/** Deletes the player; its ratings were erased first, so what cascades is its estimate, history and marks. */
export async function deletePlayer(db: Executor, playerId: number): Promise<void> {
  await db.delete(players).where(eq(players.id, playerId));
}

export async function countBadges(db: Executor, userId: string): Promise<number> {
  return counted(db.select({ id: achievements.id }).from(achievements).where(eq(achievements.userId, userId)));
}

/**
 * The account's replies, reports, appeals and notices, counted for the confirmation: the rows themselves go with the
 * account's row (on delete cascade), so they are counted before it goes. Each by its index on the account.
 */
export async function countCommunityRowsOfUser(db: Executor, userId: string) {
  return {
    replies: await db.$count(ratingReplies, eq(ratingReplies.authorUserId, userId)),
    reports: await db.$count(ratingReports, eq(ratingReports.reporterUserId, userId)),
    appeals: await db.$count(appeals, eq(appeals.appellantUserId, userId)),
    notifications: await db.$count(notifications, eq(notifications.userId, userId)),
  };
}

export async function deleteSessionsOfUser(db: Executor, userId: string): Promise<number> {
  return counted(db.delete(sessions).where(eq(sessions.userId, userId)).returning({ sid: sessions.sid }));
}

export async function deleteClaimsOfUser(db: Executor, userId: string): Promise<number> {
  return counted(
    db
      .delete(playerMatchRequests)
      .where(eq(playerMatchRequests.userId, userId))
      .returning({ id: playerMatchRequests.id }),
  );
}

export async function deleteSignupsOfEmail(db: Executor, email: string): Promise<number> {
  return counted(
    db
      .delete(emailSignups)
      .where(sql`lower(${emailSignups.email}) = lower(${email})`)
      .returning({ id: emailSignups.id }),
  );
}

/**
 * What else names the e-mail: an admin token issued to it, the trust model's figures of the rater (keyed by the
 * e-mail) and its place in collusion flags' lists of raters.
 */
export async function deleteOtherRowsOfEmail(db: Executor, email: string): Promise<void> {
  const key = email.toLowerCase();
  await db.delete(adminTokens).where(sql`lower(${adminTokens.email}) = ${key}`);
  await db.delete(raterTrust).where(eq(raterTrust.raterKey, key));
  await db
    .update(trustFlags)
    .set({ raterKeys: sql`array_replace(${trustFlags.raterKeys}, ${key}, ${ERASED_LABEL})` })
    .where(sql`${key} = any(${trustFlags.raterKeys})`);
}

/** What the audit records say instead of an erased admin's e-mail. */
export const ERASED_LABEL = 'erased account';

/**
 * An erased admin's e-mail in the audit records of what they did (take-downs, resolved flags, reviewed claims,
 * releases, imports, data requests) becomes ERASED_LABEL; the records stay. An admin is named there by their
 * e-mail, or as `admin:<e-mail>` when they used the admin key.
 */
export async function scrubAdminLabels(db: Executor, email: string): Promise<void> {
  const labels = sql`(lower(${email}), 'admin:' || lower(${email}))`;
  const scrub = (column: Parameters<typeof sql.identifier>[0]) => sql`lower(${sql.identifier(column)}) in ${labels}`;
  await db.update(ratingRemovals).set({ actedByLabel: ERASED_LABEL }).where(scrub('acted_by_label'));
  await db.update(flaggedComments).set({ resolvedByLabel: ERASED_LABEL }).where(scrub('resolved_by_label'));
  await db.update(playerMatchRequests).set({ reviewedByLabel: ERASED_LABEL }).where(scrub('reviewed_by_label'));
  await db.update(anonymityReleases).set({ ranBy: ERASED_LABEL }).where(scrub('ran_by'));
  await db.update(trustFlags).set({ reviewedBy: ERASED_LABEL }).where(scrub('reviewed_by'));
  await db.update(players).set({ importedBy: ERASED_LABEL }).where(scrub('imported_by'));
  await db.update(dataRequests).set({ adminLabel: ERASED_LABEL }).where(scrub('admin_label'));
}

/** The account's row: what still refers to it goes with it or forgets it (each foreign key's on delete). */
export async function deleteUser(db: Executor, userId: string): Promise<void> {
  await db.delete(users).where(eq(users.id, userId));
}
