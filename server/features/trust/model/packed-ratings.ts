/** Ratings packed into typed arrays, grouped by player, for the full run (100k players / 1M ratings). */
import { ageInYears, recencyWeight, wholeStar } from './player-estimate';
import type { TrustPlayer, TrustRating } from './types';

/** The six fields; a local constant because an imported binding is a property read in hot loops. */
const N = 6;

export interface PackedRatings {
  playerCount: number;
  raterCount: number;
  ratingCount: number;
  playerIds: Int32Array;
  /** NaN when the player has no self-reported level. */
  selfLevel: Float64Array;
  raterKeys: string[];
  /** Ratings sorted by player: player p's ratings are [playerStart[p], playerStart[p + 1]). */
  playerStart: Int32Array;
  ratingIds: Float64Array;
  playerOf: Int32Array;
  raterOf: Int32Array;
  stars: Float64Array;
  recency: Float64Array;
  ageYears: Float64Array;
  /** Index into the caller's ratings array, to get back to the objects. */
  source: Int32Array;
}

/** Confirmed (excluded) ratings and ratings of unknown players are left out here, so they count in nothing. */
export function packRatings(
  players: TrustPlayer[],
  ratings: TrustRating[],
  now: number,
  halfLifeMonths: number,
): PackedRatings {
  const playerCount = players.length;
  const indexOfPlayer = new Map<number, number>();
  const playerIds = new Int32Array(playerCount);
  const selfLevel = new Float64Array(playerCount);
  players.forEach((p, i) => {
    indexOfPlayer.set(p.id, i);
    playerIds[i] = p.id;
    selfLevel[i] = p.selfLevel === null || !Number.isFinite(p.selfLevel) ? NaN : p.selfLevel;
  });
  const counts = new Int32Array(playerCount + 1);
  const playerOfSource = new Int32Array(ratings.length).fill(-1);
  for (let i = 0; i < ratings.length; i++) {
    const r = ratings[i];
    if (r.excluded) continue;
    const p = indexOfPlayer.get(r.playerId);
    if (p === undefined) continue;
    playerOfSource[i] = p;
    counts[p + 1]++;
  }
  const playerStart = new Int32Array(playerCount + 1);
  for (let p = 0; p < playerCount; p++) playerStart[p + 1] = playerStart[p] + counts[p + 1];
  const ratingCount = playerStart[playerCount];
  const cursor = Int32Array.from(playerStart.subarray(0, playerCount));
  const ratingIds = new Float64Array(ratingCount);
  const playerOf = new Int32Array(ratingCount);
  const raterOf = new Int32Array(ratingCount);
  const stars = new Float64Array(ratingCount * N);
  const recency = new Float64Array(ratingCount);
  const ageYears = new Float64Array(ratingCount);
  const source = new Int32Array(ratingCount);
  const indexOfRater = new Map<string, number>();
  const raterKeys: string[] = [];
  for (let i = 0; i < ratings.length; i++) {
    const p = playerOfSource[i];
    if (p < 0) continue;
    const r = ratings[i];
    const slot = cursor[p]++;
    let k = indexOfRater.get(r.raterKey);
    if (k === undefined) {
      k = raterKeys.length;
      indexOfRater.set(r.raterKey, k);
      raterKeys.push(r.raterKey);
    }
    ratingIds[slot] = r.id;
    playerOf[slot] = p;
    raterOf[slot] = k;
    for (let f = 0; f < N; f++) stars[slot * N + f] = wholeStar(r.stars[f]);
    recency[slot] = recencyWeight(r.at, now, halfLifeMonths);
    ageYears[slot] = ageInYears(r.at, now);
    source[slot] = i;
  }
  return {
    playerCount,
    raterCount: raterKeys.length,
    ratingCount,
    playerIds,
    selfLevel,
    raterKeys,
    playerStart,
    ratingIds,
    playerOf,
    raterOf,
    stars,
    recency,
    ageYears,
    source,
  };
}
