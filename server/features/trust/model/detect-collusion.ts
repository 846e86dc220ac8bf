/**
 * Collusion checks after Mukherjee, Liu and Glance ("Spotting fake reviewer groups", 2012), against the
 * model's consensus rather than a raw mean:
 * - a ring is a group of 3+ accounts that gave each other's players near-perfect ratings, whose internal
 *   ratings sit well above what the rest of the site predicts (the players' skill from outsiders' ratings,
 *   the raters' leniency from their ratings of outsiders). Honest close-knit groups rate each other
 *   reciprocally too, but outsiders agree with them, so their z stays low;
 * - a friend boost is one near-perfect rating far above the player's other ratings (leave-one-out), its z
 *   divided by the median spread of all ratings' residuals (so the threshold, 3.2, is on that scale, not the
 *   plain z of the brief: chosen on the planted-truth evaluation for about 87% caught and 1% false).
 * Flags are candidates for an admin: a dismissed signature is not raised again.
 */
import { ageInYears, playerPosterior, recencyWeight, wholeStar } from './player-estimate';
import { round2 } from './round2';
import { modelConstants } from './player-posterior';
import { packRatings, ratingAt, type PackedRatings } from './packed-ratings';
import type {
  BoostEvidence,
  FullFit,
  Hyper,
  Leniency,
  RingEvidence,
  TrustFlagCandidate,
  TrustPlayer,
  TrustRating,
} from './types';

const N = 6;

export interface CollusionOptions {
  /** A near-perfect rating: at least this many of the 30 stars. */
  candidateStars?: number;
  ringMinDensity?: number;
  ringMinMeanZ?: number;
  boostMinZ?: number;
  /** A boost needs this many other ratings on the player: with fewer there is nothing to compare with. */
  boostMinOthers?: number;
}

const DEFAULTS: Required<CollusionOptions> = {
  candidateStars: 28,
  ringMinDensity: 0.8,
  ringMinMeanZ: 1.0,
  boostMinZ: 3.2,
  boostMinOthers: 2,
};

/** Share of the boost threshold a rating must reach against the full estimate before the leave-one-out test. */
const SCREEN_SHARE = 0.4;

const starsMean = (r: TrustRating): number => r.stars.reduce((sum, s) => sum + wholeStar(s), 0) / N;

/** A rater's leniency from the stored sums, leaving some of its ratings out (no refit). */
interface RaterSums {
  prec: number;
  info: number;
}

/** What the checks read of a full fit, by packed player and rater index. */
export interface CollusionFit {
  hyper: Hyper;
  /** Mean of each player's six estimated fields. */
  estimateMean: Float64Array;
  /** Standard deviation of that mean. */
  sixMeanSd: Float64Array;
  raterMean: Float64Array;
  raterSd: Float64Array;
}

export function detectCollusion(
  players: TrustPlayer[],
  ratings: TrustRating[],
  fit: FullFit,
  dismissedSignatures: ReadonlySet<string>,
  now: number = Date.now(),
  options: CollusionOptions = {},
): TrustFlagCandidate[] {
  const packed = packRatings(
    players,
    ratings.filter((r) => fit.estimates.has(r.playerId)),
    now,
    fit.hyper.halfLifeMonths,
  );
  const estimateMean = new Float64Array(packed.playerCount);
  const sixMeanSd = new Float64Array(packed.playerCount);
  packed.playerIds.forEach((id, p) => {
    const estimate = fit.estimates.get(id);
    if (!estimate) return;
    estimateMean[p] = Object.values(estimate.fields).reduce((sum, f) => sum + f.mean, 0) / N;
    sixMeanSd[p] = estimate.sixMeanSd ?? 0;
  });
  const raterMean = new Float64Array(packed.raterCount);
  const raterSd = new Float64Array(packed.raterCount);
  packed.raterKeys.forEach((key, k) => {
    raterMean[k] = fit.leniency.get(key)?.mean ?? 0;
    raterSd[k] = fit.leniency.get(key)?.sd ?? 0;
  });
  const collusionFit = { hyper: fit.hyper, estimateMean, sixMeanSd, raterMean, raterSd };
  return detectCollusionPacked(packed, collusionFit, dismissedSignatures, now, options);
}

/**
 * The checks over packed ratings: sums and the spread in one pass over the arrays, then objects only for the few
 * players and raters a ring or a boost candidate involves, so memory stays with the arrays at any size.
 */
export function detectCollusionPacked(
  packed: PackedRatings,
  fit: CollusionFit,
  dismissedSignatures: ReadonlySet<string>,
  now: number = Date.now(),
  options: CollusionOptions = {},
): TrustFlagCandidate[] {
  const settings = { ...DEFAULTS, ...options };
  const { hyper } = fit;
  const constants = modelConstants(hyper);
  const raterIndex = new Map(packed.raterKeys.map((key, k) => [key, k]));
  const playerIndex = new Map<number, number>();
  packed.playerIds.forEach((id, p) => playerIndex.set(id, p));
  const noiseOfMean = constants.interiorVar / N + hyper.haloVar;
  const packedStarsSum = (r: number): number => {
    let sum = 0;
    for (let f = 0; f < N; f++) sum += packed.stars[r * N + f];
    return sum;
  };
  const packedStarsMean = (r: number): number => packedStarsSum(r) / N;

  // Per-rater sums of "how far above the consensus", so a leave-some-out leniency is a subtraction.
  const sumPrec = new Float64Array(packed.raterCount);
  const sumInfo = new Float64Array(packed.raterCount);
  for (let r = 0; r < packed.ratingCount; r++) {
    const prec = recencyWeight(packed.at[r], now, hyper.halfLifeMonths) / noiseOfMean;
    sumPrec[packed.raterOf[r]] += prec;
    sumInfo[packed.raterOf[r]] += prec * (packedStarsMean(r) - fit.estimateMean[packed.playerOf[r]]);
  }
  const contribution = (r: TrustRating): RaterSums => {
    const w = recencyWeight(r.at, now, hyper.halfLifeMonths);
    const prec = w / noiseOfMean;
    const p = playerIndex.get(r.playerId);
    return { prec, info: prec * (starsMean(r) - (p === undefined ? starsMean(r) : fit.estimateMean[p])) };
  };
  const leniencyWithout = (raterKey: string, left: TrustRating[]): { mean: number; variance: number } => {
    const k = raterIndex.get(raterKey);
    let prec = (k === undefined ? 0 : sumPrec[k]) + 1 / hyper.leniencyVar;
    let info = k === undefined ? 0 : sumInfo[k];
    for (const r of left) {
      const c = contribution(r);
      prec -= c.prec;
      info -= c.info;
    }
    prec = Math.max(prec, 1 / hyper.leniencyVar);
    return { mean: info / prec, variance: 1 / prec };
  };
  const leniencyOf = (key: string): Leniency | undefined => {
    const k = raterIndex.get(key);
    return k === undefined ? undefined : { mean: fit.raterMean[k], sd: fit.raterSd[k], count: 0 };
  };
  /** z of a rating against a prediction from the player's other ratings and the rater's other ratings. */
  const zAgainst = (rating: TrustRating, playerOthers: TrustRating[], raterLeftOut: TrustRating[]): number => {
    const p = playerIndex.get(rating.playerId);
    const selfLevel = p === undefined || Number.isNaN(packed.selfLevel[p]) ? null : packed.selfLevel[p];
    const posterior = playerPosterior(hyper, leniencyOf, selfLevel, playerOthers, now);
    let mean = 0;
    let sixVar = 0;
    for (let f = 0; f < N; f++) mean += posterior.mean[f] / N;
    for (let k = 0; k < N * N; k++) sixVar += posterior.cov[k] / (N * N);
    const lenient = leniencyWithout(rating.raterKey, raterLeftOut);
    const seen = mean - hyper.improvementPerYear * ageInYears(rating.at, now);
    const predicted = Math.min(5, seen + lenient.mean);
    const sd = Math.sqrt(sixVar + lenient.variance + noiseOfMean);
    return (starsMean(rating) - predicted) / sd;
  };

  /** z of a rating against the full fit (the rating included): cheap, for the screen and the spread. */
  const fullZOf = (r: number): number => {
    const p = packed.playerOf[r];
    const k = packed.raterOf[r];
    const sd = Math.sqrt(fit.sixMeanSd[p] ** 2 + fit.raterSd[k] ** 2 + noiseOfMean);
    const seen = fit.estimateMean[p] - hyper.improvementPerYear * ageInYears(packed.at[r], now);
    return (packedStarsMean(r) - seen - fit.raterMean[k]) / sd;
  };
  const isPackedCandidate = (r: number): boolean => packedStarsSum(r) >= settings.candidateStars;
  const isCandidate = (r: TrustRating): boolean =>
    r.stars.reduce((sum, s) => sum + wholeStar(s), 0) >= settings.candidateStars;
  const ratingsOfPlayerAt = (p: number): TrustRating[] => {
    const list: TrustRating[] = [];
    for (let r = packed.playerStart[p]; r < packed.playerStart[p + 1]; r++) list.push(ratingAt(packed, r));
    return list;
  };

  const flags: TrustFlagCandidate[] = [];
  const inRing = new Set<number>();
  const groups = reciprocalGroups(packed, isPackedCandidate);
  if (groups.length > 0) {
    const { playersOfOwner, ratingsOfRater, ratingsOfPlayer } = ringSubset(
      packed,
      groups,
      raterIndex,
      ratingsOfPlayerAt,
    );
    for (const group of groups) {
      const ring = scoreRing(group, playersOfOwner, ratingsOfRater, ratingsOfPlayer, isCandidate, zAgainst);
      if (!ring || ring.evidence.density < settings.ringMinDensity || ring.evidence.meanZ < settings.ringMinMeanZ)
        continue;
      for (const id of ring.ratingIds) inRing.add(id);
      if (!dismissedSignatures.has(ring.signature)) flags.push(ring);
    }
  }

  flags.push(
    ...boostFlags({
      packed,
      inRing,
      dismissedSignatures,
      settings,
      isPackedCandidate,
      fullZOf,
      ratingsOfPlayerAt,
      zAgainst,
    }),
  );
  return flags.sort((a, b) => b.score - a.score);
}

/** The objects a ring's scoring reads: its accounts' players, their ratings given, and those players' ratings. */
function ringSubset(
  packed: PackedRatings,
  groups: string[][],
  raterIndex: Map<string, number>,
  ratingsOfPlayerAt: (p: number) => TrustRating[],
) {
  const members = new Set(groups.flat().map((key) => raterIndex.get(key) as number));
  const playersOfOwner = new Map<string, TrustPlayer[]>();
  const ratingsOfPlayer = new Map<number, TrustRating[]>();
  for (let p = 0; p < packed.playerCount; p++) {
    const owner = packed.ownerOf[p];
    if (owner < 0 || !members.has(owner)) continue;
    const key = packed.raterKeys[owner];
    const selfLevel = Number.isNaN(packed.selfLevel[p]) ? null : packed.selfLevel[p];
    const list = playersOfOwner.get(key) ?? [];
    list.push({ id: packed.playerIds[p], selfLevel, ownerKey: key });
    playersOfOwner.set(key, list);
    ratingsOfPlayer.set(packed.playerIds[p], ratingsOfPlayerAt(p));
  }
  const ratingsOfRater = new Map<string, TrustRating[]>();
  for (let r = 0; r < packed.ratingCount; r++) {
    if (!members.has(packed.raterOf[r])) continue;
    const key = packed.raterKeys[packed.raterOf[r]];
    const list = ratingsOfRater.get(key) ?? [];
    list.push(ratingAt(packed, r));
    ratingsOfRater.set(key, list);
  }
  return { playersOfOwner, ratingsOfRater, ratingsOfPlayer };
}

function groupBy<T, K>(items: T[], keyOf: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const list = groups.get(key);
    if (list) list.push(item);
    else groups.set(key, [item]);
  }
  return groups;
}

/** Connected groups (3+) of accounts joined when each gave the other's player a near-perfect rating. */
function reciprocalGroups(packed: PackedRatings, isCandidate: (r: number) => boolean): string[][] {
  const raters = packed.raterCount;
  const directed = new Set<number>();
  for (let r = 0; r < packed.ratingCount; r++) {
    const owner = packed.ownerOf[packed.playerOf[r]];
    const rater = packed.raterOf[r];
    if (owner >= 0 && owner !== rater && isCandidate(r)) directed.add(rater * raters + owner);
  }
  const parent = new Map<number, number>();
  const find = (x: number): number => {
    let root = x;
    while (parent.get(root) !== root) root = parent.get(root) ?? root;
    for (let node = x; node !== root;) {
      const next = parent.get(node) ?? root;
      parent.set(node, root);
      node = next;
    }
    return root;
  };
  for (const edge of directed) {
    const a = Math.floor(edge / raters);
    const b = edge % raters;
    if (!directed.has(b * raters + a)) continue;
    if (!parent.has(a)) parent.set(a, a);
    if (!parent.has(b)) parent.set(b, b);
    parent.set(find(a), find(b));
  }
  const groups = groupBy([...parent.keys()], find);
  return [...groups.values()].filter((g) => g.length >= 3).map((g) => g.map((k) => packed.raterKeys[k]).sort());
}

function scoreRing(
  accounts: string[],
  playersOfOwner: Map<string, TrustPlayer[]>,
  ratingsOfRater: Map<string, TrustRating[]>,
  ratingsOfPlayer: Map<number, TrustRating[]>,
  isCandidate: (r: TrustRating) => boolean,
  zAgainst: (rating: TrustRating, playerOthers: TrustRating[], raterLeftOut: TrustRating[]) => number,
): (TrustFlagCandidate & { evidence: RingEvidence }) | null {
  const members = new Set(accounts);
  const owned = accounts.flatMap((a) => playersOfOwner.get(a) ?? []);
  const ownerOf = new Map(owned.map((p) => [p.id, p.ownerKey as string]));
  const inside = accounts.flatMap((a) =>
    (ratingsOfRater.get(a) ?? []).filter((r) => ownerOf.has(r.playerId) && ownerOf.get(r.playerId) !== a),
  );
  if (inside.length === 0) return null;
  const pairs = new Set<string>();
  for (const r of inside) if (isCandidate(r)) pairs.add(`${r.raterKey}\u0000${ownerOf.get(r.playerId)}`);
  const density = pairs.size / (accounts.length * (accounts.length - 1));
  const insideByRater = groupBy(inside, (r) => r.raterKey);
  let zSum = 0;
  for (const r of inside) {
    const outsiders = (ratingsOfPlayer.get(r.playerId) ?? []).filter((o) => !members.has(o.raterKey));
    zSum += zAgainst(r, outsiders, insideByRater.get(r.raterKey) ?? []);
  }
  const meanZ = zSum / inside.length;
  const evidence: RingEvidence = {
    density: round2(density),
    meanZ: round2(meanZ),
    players: owned.map((p) => {
      const mine = ratingsOfPlayer.get(p.id) ?? [];
      const insideRatings = mine.filter((r) => members.has(r.raterKey) && r.raterKey !== p.ownerKey);
      const outside = mine.filter((r) => !members.has(r.raterKey));
      const meanOf = (list: TrustRating[]): number => list.reduce((sum, r) => sum + starsMean(r), 0) / list.length;
      return {
        playerId: p.id,
        insideMean: insideRatings.length > 0 ? round2(meanOf(insideRatings)) : 0,
        insideCount: insideRatings.length,
        outsideMean: outside.length > 0 ? round2(meanOf(outside)) : null,
        outsideCount: outside.length,
      };
    }),
  };
  const ratingIds = inside.map((r) => r.id).sort((a, b) => a - b);
  return {
    type: 'ring',
    score: round2(meanZ),
    raterKeys: accounts,
    playerIds: owned.map((p) => p.id).sort((a, b) => a - b),
    ratingIds,
    signature: `ring:${ratingIds.join(',')}`,
    evidence,
  };
}

/** What the boost check reads of detectCollusion's fit. */
interface BoostInput {
  packed: PackedRatings;
  /** Ratings already in a ring flag: not flagged again as boosts. */
  inRing: ReadonlySet<number>;
  dismissedSignatures: ReadonlySet<string>;
  settings: Required<CollusionOptions>;
  isPackedCandidate: (r: number) => boolean;
  fullZOf: (r: number) => number;
  ratingsOfPlayerAt: (p: number) => TrustRating[];
  zAgainst: (rating: TrustRating, playerOthers: TrustRating[], raterLeftOut: TrustRating[]) => number;
}

/** Near-perfect ratings far above what the player's other ratings and the rater's other ratings predict. */
function boostFlags(input: BoostInput): TrustFlagCandidate[] {
  const { packed, inRing, dismissedSignatures, settings, isPackedCandidate, fullZOf, ratingsOfPlayerAt, zAgainst } =
    input;
  const flags: TrustFlagCandidate[] = [];
  const count = packed.ratingCount;
  // The model's spread of a rating around its prediction grows when collusion inflates the fitted halo; the
  // median spread of every rating's standardised residual puts the boost z back on an honest rating's scale.
  const fullZs = new Float64Array(count);
  for (let r = 0; r < count; r++) fullZs[r] = Math.abs(fullZOf(r));
  fullZs.sort();
  const spread = count >= 50 ? Math.max(0.5, fullZs[count >> 1] / 0.6744897501960817) : 1;
  for (let r = 0; r < count; r++) {
    const id = packed.ratingIds[r];
    if (!isPackedCandidate(r) || inRing.has(id)) continue;
    // Cheap screen against the full estimate (which includes the rating, so it understates the z).
    if (fullZOf(r) / spread < settings.boostMinZ * SCREEN_SHARE) continue;
    const signature = `boost:${id}`;
    if (dismissedSignatures.has(signature)) continue;
    const p = packed.playerOf[r];
    if (packed.playerStart[p + 1] - packed.playerStart[p] - 1 < settings.boostMinOthers) continue;
    const rating = ratingAt(packed, r);
    const others = ratingsOfPlayerAt(p).filter((o) => o.id !== id);
    const z = zAgainst(rating, others, [rating]) / spread;
    if (z < settings.boostMinZ) continue;
    const evidence: BoostEvidence = {
      z: round2(z),
      ratingMean: round2(starsMean(rating)),
      playerOthersMean: round2(others.reduce((sum, o) => sum + starsMean(o), 0) / others.length),
      playerOthersCount: others.length,
    };
    flags.push({
      type: 'boost',
      score: round2(z),
      raterKeys: [rating.raterKey],
      playerIds: [rating.playerId],
      ratingIds: [id],
      signature,
      evidence,
    });
  }
  return flags;
}
