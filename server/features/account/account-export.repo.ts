import { and, asc, desc, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { mapColumns, param, preparedStatement, selectColumns } from '../../db/prepared';
import {
  appeals,
  emailOptOuts,
  emailSignups,
  moderationDecisions,
  notifications,
  playerMatchRequests,
  players,
  ratingHelpfulness,
  ratingReplies,
  ratingReports,
  ratings,
  sessions,
  type PlayerRow,
  type RatingRow,
} from '../../db/schema/index';

/*
 * The reads of a person's data export (docs/product.md#your-data). The two lists that can be long, the ratings a
 * person wrote (29,360 for the busiest rater at 1M ratings) and the ratings about their player, are read a page at a
 * time by index ranges, newest first, each page after the previous page's last row (its id: the time is read from
 * the row, at the database's precision).
 */

export async function findPlayerOfUser(db: Db, userId: string): Promise<PlayerRow | undefined> {
  const [row] = await db.select().from(players).where(eq(players.userId, userId));
  return row;
}

/** The account's claims, newest first, with the claimed player's name (a small table: read whole). */
export async function findClaimsOfUser(db: Db, userId: string) {
  return db
    .select({
      claim: playerMatchRequests,
      playerName: sql<string>`${players.firstName} || ' ' || ${players.lastName}`,
    })
    .from(playerMatchRequests)
    .innerJoin(players, eq(players.id, playerMatchRequests.playerId))
    .where(eq(playerMatchRequests.userId, userId))
    .orderBy(desc(playerMatchRequests.createdAt), desc(playerMatchRequests.id));
}

/** The account's live and expired-but-unpurged sessions (sessions_user_id_idx); never their ids. */
export async function findSessionsOfUser(db: Db, userId: string) {
  return db
    .select({ sess: sessions.sess, expire: sessions.expire })
    .from(sessions)
    .where(eq(sessions.userId, userId))
    .orderBy(asc(sessions.expire));
}

/** Launch-list sign-ups under the e-mail (email_signups_email_lower_key). */
export async function findSignupsOfEmail(db: Db, email: string) {
  return db
    .select({ email: emailSignups.email, createdAt: emailSignups.createdAt })
    .from(emailSignups)
    .where(sql`lower(${emailSignups.email}) = lower(${email})`);
}

/** The helpfulness votes the account cast (rating_helpfulness_user_idx). */
export async function findVotesOfUser(db: Db, userId: string) {
  return db
    .select({
      ratingId: ratingHelpfulness.ratingId,
      helpfulnessScore: ratingHelpfulness.helpfulnessScore,
      comment: ratingHelpfulness.comment,
      createdAt: ratingHelpfulness.createdAt,
      updatedAt: ratingHelpfulness.updatedAt,
    })
    .from(ratingHelpfulness)
    .where(eq(ratingHelpfulness.userId, userId))
    .orderBy(asc(ratingHelpfulness.createdAt), asc(ratingHelpfulness.id));
}

/**
 * The replies the account wrote as a rated player (rating_replies_author_idx; one per rating about their player),
 * with the rating's player and the times that date it: never its rater.
 */
export async function findRepliesOfUser(db: Db, userId: string) {
  return db
    .select({
      ratingId: ratingReplies.ratingId,
      text: ratingReplies.text,
      status: ratingReplies.status,
      createdAt: ratingReplies.createdAt,
      updatedAt: ratingReplies.updatedAt,
      ratingIsAnonymous: ratings.isAnonymous,
      ratingCreatedAt: ratings.createdAt,
      ratingListedAt: ratings.listedAt,
      playerId: ratings.playerId,
      playerName: sql<string>`${players.firstName} || ' ' || ${players.lastName}`,
    })
    .from(ratingReplies)
    .innerJoin(ratings, eq(ratings.id, ratingReplies.ratingId))
    .innerJoin(players, eq(players.id, ratings.playerId))
    .where(eq(ratingReplies.authorUserId, userId))
    .orderBy(asc(ratingReplies.createdAt), asc(ratingReplies.ratingId));
}

/** The reports the account filed (rating_reports_reporter_created_idx), with the deciding outcome, never its admin. */
export async function findReportsOfUser(db: Db, userId: string) {
  return db
    .select({
      id: ratingReports.id,
      ratingId: ratingReports.ratingId,
      reason: ratingReports.reason,
      details: ratingReports.details,
      createdAt: ratingReports.createdAt,
      outcome: moderationDecisions.outcome,
      decidedAt: moderationDecisions.decidedAt,
    })
    .from(ratingReports)
    .leftJoin(moderationDecisions, eq(moderationDecisions.id, ratingReports.decisionId))
    .where(eq(ratingReports.reporterUserId, userId))
    .orderBy(asc(ratingReports.createdAt), asc(ratingReports.id));
}

/** The appeals the account made (appeals_appellant_idx); who decided them is left out. */
export async function findAppealsOfUser(db: Db, userId: string) {
  return db
    .select({
      id: appeals.id,
      decisionId: appeals.decisionId,
      role: appeals.appellantRole,
      text: appeals.text,
      createdAt: appeals.createdAt,
      outcome: appeals.outcome,
      statement: appeals.statement,
      decidedAt: appeals.decidedAt,
    })
    .from(appeals)
    .where(eq(appeals.appellantUserId, userId))
    .orderBy(asc(appeals.createdAt), asc(appeals.id));
}

/** The kinds of e-mail the account switched off (the table's primary key). */
export async function findEmailOptOutsOfUser(db: Db, userId: string) {
  return db
    .select({ kind: emailOptOuts.kind, createdAt: emailOptOuts.createdAt })
    .from(emailOptOuts)
    .where(eq(emailOptOuts.userId, userId))
    .orderBy(asc(emailOptOuts.kind));
}

/** Rows a page statement reads at most. */
export const EXPORT_PAGE_SIZE = 1000;

/** The page's rows after the previous page's last one: its time read from its row, so none is skipped or repeated. */
const afterRow = (time: string) =>
  sql`and (r.${sql.raw(time)}, r.id) < ((select ${sql.raw(time)} from ratings where id = ${param('afterId', 'int')}), ${param('afterId', 'int')})`;

/**
 * A page of the ratings written under the e-mail, newest first: a range of ratings_rater_email_created_idx read
 * backwards (as My Ratings reads it), with the rated player's name by its primary key. Two statements, the first
 * page and a later one, so each plan starts the index range where the page starts.
 */
const writtenPage = (after: boolean) => () =>
  sql`select ${selectColumns(ratings, 'r')}, p.first_name || ' ' || p.last_name as "playerName"
    from ratings r join players p on p.id = r.player_id
    where lower(r.rater_email) = lower(${param('email', 'text')}) ${after ? afterRow('created_at') : sql``}
    order by lower(r.rater_email) desc, r.created_at desc, r.id desc
    limit ${param('limit', 'int')}`;

const writtenFirstPage = preparedStatement<{ email: string; limit: number }>(
  'account_export_written_first',
  writtenPage(false),
);
const writtenLaterPage = preparedStatement<{ email: string; afterId: number; limit: number }>(
  'account_export_written_after',
  writtenPage(true),
);

/** A page of the ratings written under the e-mail; `afterId` the previous page's last rating, undefined for the first. */
export async function findWrittenRatingsPage(db: Db, email: string, afterId: number | undefined) {
  const limit = EXPORT_PAGE_SIZE;
  const rows =
    afterId === undefined
      ? await writtenFirstPage.run(db, { email, limit })
      : await writtenLaterPage.run(db, { email, afterId, limit });
  return rows.map((row) => ({ rating: mapColumns(ratings, row), playerName: row.playerName as string }));
}

/**
 * A page of the released ratings about the player, newest first (ratings_player_listed_idx), with a named rater's
 * name for their display name. Only released ones: an anonymous rating awaiting its release is its rater's alone.
 */
const receivedPage = (after: boolean) => () =>
  sql`select ${selectColumns(ratings, 'r')}, u.first_name as "raterFirstName", u.last_name as "raterLastName"
    from ratings r left join users u on u.id = r.rater_user_id
    where r.player_id = ${param('playerId', 'int')} and r.listed_at is not null ${after ? afterRow('listed_at') : sql``}
    order by r.listed_at desc, r.id desc
    limit ${param('limit', 'int')}`;

const receivedFirstPage = preparedStatement<{ playerId: number; limit: number }>(
  'account_export_received_first',
  receivedPage(false),
);
const receivedLaterPage = preparedStatement<{ playerId: number; afterId: number; limit: number }>(
  'account_export_received_after',
  receivedPage(true),
);

export type ReceivedRow = { rating: RatingRow; raterFirstName: string | null; raterLastName: string | null };

/** A page of the ratings about the player; `afterId` the previous page's last rating, undefined for the first. */
export async function findReceivedRatingsPage(
  db: Db,
  playerId: number,
  afterId: number | undefined,
): Promise<ReceivedRow[]> {
  const limit = EXPORT_PAGE_SIZE;
  const rows =
    afterId === undefined
      ? await receivedFirstPage.run(db, { playerId, limit })
      : await receivedLaterPage.run(db, { playerId, afterId, limit });
  return rows.map((row) => ({
    rating: mapColumns(ratings, row),
    raterFirstName: row.raterFirstName as string | null,
    raterLastName: row.raterLastName as string | null,
  }));
}

/**
 * A page of the account's notices, newest first: a range of notifications_user_idx after the previous page's last
 * id (ids only grow, so the id alone orders them). Never the e-mail outbox's state or the dedupe key.
 */
export async function findNotificationsPage(db: Db, userId: string, afterId: number | undefined) {
  return db
    .select({
      id: notifications.id,
      kind: notifications.kind,
      title: notifications.title,
      body: notifications.body,
      link: notifications.link,
      createdAt: notifications.createdAt,
      readAt: notifications.readAt,
    })
    .from(notifications)
    .where(
      afterId === undefined
        ? eq(notifications.userId, userId)
        : and(eq(notifications.userId, userId), lt(notifications.id, afterId)),
    )
    .orderBy(desc(notifications.id))
    .limit(EXPORT_PAGE_SIZE);
}
