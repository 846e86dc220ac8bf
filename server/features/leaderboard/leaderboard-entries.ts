/** The board's rows as one caller sees them (docs/product.md#email-masking), and that caller's standing. */
import type { RaterCountBucket } from '../../db/schema/leaderboard-boards';
import { averageToOneDecimal, rankForPoints } from '../../../common/gamification';
import { maskEmail } from '../../../common/mask-email';
import {
  LEADERBOARD_SIZE,
  type LeaderboardCurrentUser,
  type LeaderboardReply,
} from '../../../common/schemas/leaderboard';
import type { LeaderboardRow, RaterPlace } from './leaderboard.repo';

export const roundScore = (score: number | null | undefined) => (score == null ? null : Math.round(score * 100) / 100);

type LeaderboardEntry = LeaderboardReply['leaderboard'][number];

export function entryOf(row: LeaderboardRow, index: number, isCurrentUser: boolean): LeaderboardEntry {
  return {
    rank: index + 1,
    // docs/product.md#email-masking: other raters' e-mails masked; the caller sees their own whole.
    userEmail: isCurrentUser ? row.email : maskEmail(row.email),
    // Boards stored before display names existed fall back to the masked e-mail.
    displayName: row.displayName ?? maskEmail(row.email),
    ratingsCount: row.ratingsCount,
    averageHelpfulness: averageToOneDecimal(row.helpfulnessSum, row.helpfulnessCount),
    reviewsCount: row.helpfulnessCount,
    helpfulnessScore: roundScore(row.helpfulnessScore),
    totalPoints: row.totalPoints,
    currentRank: rankForPoints(row.totalPoints),
    isCurrentUser,
  };
}

/** Every entry as another caller sees it, made once per board (rows arrays are kept per version). */
const othersEntries = new WeakMap<LeaderboardRow[], LeaderboardEntry[]>();
export function entriesOf(rows: LeaderboardRow[]): LeaderboardEntry[] {
  let entries = othersEntries.get(rows);
  if (!entries) {
    entries = rows.map((row, index) => entryOf(row, index, false));
    othersEntries.set(rows, entries);
  }
  return entries;
}

type Standing = Pick<LeaderboardCurrentUser, 'rank' | 'tiedWith' | 'rankedRaters'>;

/** Raters ranked in the period as of the stored counts, never fewer than the places already known. */
export const rankedRatersOf = (raterCounts: RaterCountBucket[], atLeast: number): number | null =>
  raterCounts.length === 0
    ? null
    : Math.max(
        atLeast,
        raterCounts.reduce((sum, [, raters]) => sum + raters, 0),
      );

/**
 * A caller outside the listed rows, placed from the board's rater counts: after every rater with more ratings and
 * after the listed raters with as many (they won the tiebreak). Raters level with the caller and not listed are
 * `tiedWith`: helpfulness orders them, which is not summed per request. The counts are the board's (up to a
 * refresh old) and the caller's own count is live, so the caller is assumed to be in their own bucket.
 */
export function standingOutsideList(
  raterCounts: RaterCountBucket[],
  rows: LeaderboardRow[],
  ratingsCount: number,
): Standing {
  if (raterCounts.length === 0) return { rank: null, tiedWith: 0, rankedRaters: null };
  let above = 0;
  let level = 0;
  for (const [count, raters] of raterCounts) {
    if (count > ratingsCount) above += raters;
    else if (count === ratingsCount) level += raters;
  }
  const listedLevel = rows.filter((row) => row.ratingsCount === ratingsCount).length;
  const rank = Math.max(above + listedLevel + 1, rows.length + 1);
  const tiedWith = Math.max(level - 1 - listedLevel, 0);
  return { rank, tiedWith, rankedRaters: rankedRatersOf(raterCounts, rank + tiedWith) };
}

/**
 * A stored board is up to a refresh old; the caller's own count is live. A caller whose live count now earns a
 * place the stored board does not give them yet (their first rating, say) is shown there, after the raters with
 * as many ratings, rather than "outside the top 50" until the next refresh.
 */
export function withCallerPlaced(board: LeaderboardRow[], place: RaterPlace): LeaderboardRow[] {
  if (board.some((row) => row.userId === place.userId)) return board;
  const at = board.findIndex((row) => row.ratingsCount < place.ratingsCount);
  if (at < 0 && board.length >= LEADERBOARD_SIZE) return board;
  const rows = board.slice();
  rows.splice(at < 0 ? rows.length : at, 0, place);
  return rows.slice(0, LEADERBOARD_SIZE);
}

export const pickCounts = ({ ratingsCount, helpfulnessSum, helpfulnessCount }: RaterPlace) => ({
  ratingsCount,
  helpfulnessSum,
  helpfulnessCount,
});
