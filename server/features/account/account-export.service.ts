import type { Db } from '../../db/client';
import type { PlayerRow, RatingRow, UserRow } from '../../db/schema/index';
import { IDLE_TIMEOUT_MS } from '../../plugins/session';
import { startOfWeek } from '../../../common/anonymity';
import { averageToOneDecimal } from '../../../common/gamification';
import { raterDisplayName } from '../../../common/rater-display-name';
import {
  type ExportedAccount,
  type ExportedPlayer,
  type ExportedPoints,
  type ExportedReceivedRating,
  type ExportedWrittenRating,
} from '../../../common/schemas/account';
import { RATING_TEXT_FIELDS } from '../../../common/schemas/ratings';
import { getMyStats } from '../gamification/gamification.service';
import { heldFieldsOf } from '../moderation/moderation.service';
import { ratingContent } from '../ratings/rating-content.service';
import {
  EXPORT_PAGE_SIZE,
  findAppealsOfUser,
  findClaimsOfUser,
  findEmailOptOutsOfUser,
  findNotificationsPage,
  findPlayerOfUser,
  findReceivedRatingsPage,
  findRepliesOfUser,
  findReportsOfUser,
  findSessionsOfUser,
  findSignupsOfEmail,
  findVotesOfUser,
  findWrittenRatingsPage,
  type ReceivedRow,
} from './account-export.repo';

/*
 * A person's data as one JSON file (docs/product.md#your-data). Everything about them, and nobody else: no other
 * person's e-mail, a named rater of a rating about them by display name only (as Ratings About Me shows them), an
 * anonymous one not at all, dated to its release week. Each field is picked here, never a row as it is, so a new
 * column (a token, a hash) never reaches the file unnoticed. The ratings lists, the long ones, are read a page at a
 * time as the file is sent.
 */

/** The file's name: pickleball-ratings-data-YYYY-MM-DD.json (the UTC day of the export). */
export const exportFileName = (at: Date) => `pickleball-ratings-data-${at.toISOString().slice(0, 10)}.json`;

const iso = (date: Date) => date.toISOString();
const isoOrNull = (date: Date | null) => (date ? date.toISOString() : null);
const average = (sum: number, count: number) => (count === 0 ? null : averageToOneDecimal(sum, count));

function toAccount(user: UserRow): ExportedAccount {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    profileImageUrl: user.profileImageUrl,
    authProvider: user.authProvider as ExportedAccount['authProvider'],
    hasPassword: user.passwordHash !== null,
    emailConfirmed: user.emailVerified || user.authProvider === 'developer',
    isAdmin: user.isAdmin,
    createdAt: iso(user.createdAt),
    updatedAt: iso(user.updatedAt),
  };
}

function toPlayer(player: PlayerRow): ExportedPlayer {
  return {
    id: player.id,
    firstName: player.firstName,
    lastName: player.lastName,
    email: player.email,
    skillLevel: player.skillLevel,
    yearsPlaying: player.yearsPlaying,
    location: player.location,
    bio: player.bio,
    visibility: player.visibility,
    isVerified: player.isVerified,
    createdAt: iso(player.createdAt),
  };
}

function toWritten({ rating, playerName }: { rating: RatingRow; playerName: string }): ExportedWrittenRating {
  const edit = rating.pendingEdit;
  return {
    id: rating.id,
    playerId: rating.playerId,
    playerName,
    isAnonymous: rating.isAnonymous,
    ...ratingContent(rating),
    createdAt: iso(rating.createdAt),
    updatedAt: iso(rating.updatedAt),
    state: rating.removedAt ? 'removed' : rating.listedAt ? 'counted' : 'awaiting_release',
    pendingEdit: edit
      ? {
          serveReturn: edit.serveReturn,
          groundstrokesThirdShot: edit.groundstrokesThirdShot,
          netPlayVolleysDinks: edit.netPlayVolleysDinks,
          movementCourtAwareness: edit.movementCourtAwareness,
          mentalPhysicalGame: edit.mentalPhysicalGame,
          overallRating: edit.overallRating,
          strengthsImprovements: edit.strengthsImprovements,
          serveReturnComments: edit.serveReturnComments,
          groundstrokesThirdShotComments: edit.groundstrokesThirdShotComments,
          netPlayVolleysDinksComments: edit.netPlayVolleysDinksComments,
          movementCourtAwarenessComments: edit.movementCourtAwarenessComments,
          mentalPhysicalGameComments: edit.mentalPhysicalGameComments,
          editedAt: new Date(edit.editedAt).toISOString(),
        }
      : null,
    removal:
      rating.removedAt && rating.removalRule ? { rule: rating.removalRule, removedAt: iso(rating.removedAt) } : null,
    helpfulnessCount: rating.helpfulnessCount,
    helpfulnessAvg: average(rating.helpfulnessSum, rating.helpfulnessCount),
  };
}

/**
 * A rating about the person's player as Ratings About Me shows it to them: text held by moderation left out, a
 * named rater by display name, an anonymous one without any rater field and dated to the Monday of the week it was
 * released in (its listing, never its creation: docs/product.md#anonymity).
 */
function toReceived(row: ReceivedRow, held: Set<string> | undefined): ExportedReceivedRating {
  const { rating } = row;
  const listedAt = rating.listedAt ?? rating.createdAt;
  const content = ratingContent(rating);
  for (const field of RATING_TEXT_FIELDS) if (held?.has(field)) content[field] = null;
  return {
    id: rating.id,
    isAnonymous: rating.isAnonymous,
    ...(rating.isAnonymous
      ? {}
      : { raterName: raterDisplayName(row.raterFirstName, row.raterLastName, rating.raterEmail) }),
    ...content,
    hasHeldText: held !== undefined,
    date: iso(rating.isAnonymous ? startOfWeek(listedAt) : rating.createdAt),
    helpfulnessCount: rating.helpfulnessCount,
    helpfulnessAvg: average(rating.helpfulnessSum, rating.helpfulnessCount),
  };
}

function toPoints(stats: Awaited<ReturnType<typeof getMyStats>>): ExportedPoints {
  return {
    totalPoints: stats.totalPoints,
    currentRank: stats.currentRank,
    ratingsSubmitted: stats.ratingsSubmitted,
    detailedCommentsCount: stats.detailedCommentsCount,
    reviewsCount: stats.reviewsCount,
    averageHelpfulness: stats.averageHelpfulness,
    lastActivityDate: stats.lastActivityDate,
    badges: stats.achievements.map((badge) => ({
      type: badge.achievementType,
      name: badge.achievementName,
      description: badge.achievementDescription,
      earnedAt: badge.earnedAt,
    })),
  };
}

const ratingIdOf = (row: { rating: RatingRow }) => row.rating.id;

/**
 * Every page of a list, each after the previous page's last row (`lastId`). The next page is asked for as soon as a page arrives, so the database reads it while this
 * one is written out (for the busiest rater, the reads and the writing take about as long as each other).
 */
async function* pages<Row>(
  readPage: (afterId: number | undefined) => Promise<Row[]>,
  lastId: (row: Row) => number,
): AsyncGenerator<Row[]> {
  let next = readPage(undefined);
  for (;;) {
    const page = await next;
    const more = page.length === EXPORT_PAGE_SIZE;
    if (more) {
      next = readPage(lastId(page[page.length - 1]));
      // A download abandoned meanwhile leaves this read unawaited: its failure is nobody's to report.
      next.catch(() => undefined);
    }
    if (page.length > 0) yield page;
    if (!more) return;
  }
}

/** A JSON array, written a page at a time (one piece of text per page, not per item: a file's many items cost writes). */
async function* jsonArray<Row>(
  rowPages: AsyncIterable<Row[]>,
  toJson: (rows: Row[]) => Promise<unknown[]> | unknown[],
) {
  let first = true;
  yield '[';
  for await (const rows of rowPages) {
    const items = (await toJson(rows)).map((item) => JSON.stringify(item));
    yield `${first ? '' : ','}\n${items.join(',\n')}`;
    first = false;
  }
  yield '\n]';
}

/** The sections read at once (each a few rows), in the file's order. */
async function smallSections(db: Db, user: UserRow, player: PlayerRow | undefined, exportedAt: Date) {
  const [stats, claims, sessions, signups, votes, replies, reports, appeals, optOuts] = await Promise.all([
    getMyStats(db, user.id),
    findClaimsOfUser(db, user.id),
    findSessionsOfUser(db, user.id),
    findSignupsOfEmail(db, user.email),
    findVotesOfUser(db, user.id),
    findRepliesOfUser(db, user.id),
    findReportsOfUser(db, user.id),
    findAppealsOfUser(db, user.id),
    findEmailOptOutsOfUser(db, user.id),
  ]);
  return {
    exportedAt: iso(exportedAt),
    account: toAccount(user),
    player: player ? toPlayer(player) : null,
    points: toPoints(stats),
    claims: claims.map(({ claim, playerName }) => ({
      id: claim.id,
      playerId: claim.playerId,
      playerName,
      status: claim.status,
      requestMessage: claim.requestMessage,
      claimantFirstName: claim.claimantFirstName,
      claimantLastName: claim.claimantLastName,
      claimantEmail: claim.claimantEmail,
      claimantCity: claim.claimantCity,
      claimantState: claim.claimantState,
      claimantZip: claim.claimantZip,
      reviewNotes: claim.reviewNotes,
      reviewedAt: claim.reviewedAt ? iso(claim.reviewedAt) : null,
      withdrawnAt: claim.withdrawnAt ? iso(claim.withdrawnAt) : null,
      createdAt: iso(claim.createdAt),
    })),
    sessions: sessions.map(({ sess, expire }) => ({
      createdAt: iso(new Date(sess.createdAt)),
      lastUsedAt: iso(new Date(expire.getTime() - IDLE_TIMEOUT_MS)),
      expiresAt: iso(expire),
    })),
    launchListSignups: signups.map((signup) => ({ email: signup.email, createdAt: iso(signup.createdAt) })),
    helpfulnessVotes: votes.map((vote) => ({
      ratingId: vote.ratingId,
      helpfulnessScore: vote.helpfulnessScore,
      comment: vote.comment,
      createdAt: iso(vote.createdAt),
      updatedAt: iso(vote.updatedAt),
    })),
    replies: replies.map((reply) => ({
      ratingId: reply.ratingId,
      playerId: reply.playerId,
      playerName: reply.playerName,
      // Dated as the ratings received date it (docs/product.md#anonymity).
      ratingDate: iso(
        reply.ratingIsAnonymous ? startOfWeek(reply.ratingListedAt ?? reply.ratingCreatedAt) : reply.ratingCreatedAt,
      ),
      text: reply.text,
      status: reply.status,
      createdAt: iso(reply.createdAt),
      updatedAt: iso(reply.updatedAt),
    })),
    reports: reports.map((report) => ({
      id: report.id,
      ratingId: report.ratingId,
      reason: report.reason,
      details: report.details,
      createdAt: iso(report.createdAt),
      decided: report.outcome !== null,
      outcome: report.outcome,
      decidedAt: isoOrNull(report.decidedAt),
    })),
    appeals: appeals.map((appeal) => ({
      id: appeal.id,
      decisionId: appeal.decisionId,
      role: appeal.role,
      text: appeal.text,
      createdAt: iso(appeal.createdAt),
      outcome: appeal.outcome,
      statement: appeal.statement,
      decidedAt: isoOrNull(appeal.decidedAt),
    })),
    emailOptOuts: optOuts.map((optOut) => ({ kind: optOut.kind, createdAt: iso(optOut.createdAt) })),
  };
}

/** The export file's text, in pieces: the small sections first, then the two ratings lists and the notices a page at a time. */
export async function* exportChunks(db: Db, user: UserRow, exportedAt: Date): AsyncGenerator<string> {
  const player = await findPlayerOfUser(db, user.id);
  const head = await smallSections(db, user, player, exportedAt);
  // The small sections' keys in the schema's order, written as one object left open for the paged lists.
  yield JSON.stringify(head).slice(0, -1);
  yield ',"ratingsReceived":';
  const received = player
    ? pages((afterId) => findReceivedRatingsPage(db, player.id, afterId), ratingIdOf)
    : pages(async (): Promise<ReceivedRow[]> => [], ratingIdOf);
  yield* jsonArray(received, async (rows) => {
    const held = await heldFieldsOf(
      db,
      rows.filter((row) => row.rating.isHeld).map((row) => row.rating.id),
    );
    return rows.map((row) => toReceived(row, held.get(row.rating.id)));
  });
  yield ',"ratingsWritten":';
  yield* jsonArray(
    pages((afterId) => findWrittenRatingsPage(db, user.email, afterId), ratingIdOf),
    (rows) => rows.map(toWritten),
  );
  yield ',"notifications":';
  yield* jsonArray(
    pages(
      (afterId) => findNotificationsPage(db, user.id, afterId),
      (row) => row.id,
    ),
    (rows) =>
      rows.map((notice) => ({
        id: notice.id,
        kind: notice.kind,
        title: notice.title,
        body: notice.body,
        link: notice.link,
        createdAt: iso(notice.createdAt),
        readAt: isoOrNull(notice.readAt),
      })),
  );
  yield '}\n';
}
