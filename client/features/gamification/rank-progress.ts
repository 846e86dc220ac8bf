import { RANKS, nextRank, rankForPoints, type RankName } from '@common/gamification';

export type RankProgress = {
  rank: RankName;
  next: RankName | null;
  pointsNeeded: number;
  /** 0-100: how far the points are from this rank's threshold to the next one (100 at the top rank). */
  percent: number;
};

/** Where `points` stand between the current rank and the next, by the thresholds the server uses. */
export function rankProgress(points: number): RankProgress {
  const rank = rankForPoints(points);
  const upcoming = nextRank(points);
  if (!upcoming) return { rank, next: null, pointsNeeded: 0, percent: 100 };
  const floor = RANKS.find((step) => step.name === rank)!.minPoints;
  const ceiling = points + upcoming.pointsNeeded;
  return {
    rank,
    next: upcoming.rank,
    pointsNeeded: upcoming.pointsNeeded,
    percent: Math.round(((points - floor) / (ceiling - floor)) * 100),
  };
}
