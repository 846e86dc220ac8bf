import type { RaterCountBucket } from '../../db/schema/leaderboard-boards';
import type { StandingChange } from './leaderboard-standings.repo';

/**
 * A board's rater counts after some raters moved: each leaves the bucket of their old count and joins that of their
 * new one (0: none). Most first, empty buckets dropped, as a recount would give them.
 */
export function withCountChanges(buckets: RaterCountBucket[], changes: StandingChange[]): RaterCountBucket[] {
  const raters = new Map(buckets);
  const move = (count: number, by: number) => {
    if (count > 0) raters.set(count, (raters.get(count) ?? 0) + by);
  };
  for (const change of changes) {
    move(change.oldCount, -1);
    move(change.newCount, 1);
  }
  return [...raters].filter(([, count]) => count > 0).sort(([a], [b]) => b - a);
}
