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
import type {
  BoostEvidence,
  FullFit,
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

export function detectCollusion(
  players: TrustPlayer[],
  ratings: TrustRating[],
  fit: FullFit,
  dismissedSignatures: ReadonlySet<string>,
  now: number = Date.now(),
  options: CollusionOptions = {},
): TrustFlagCandidate[] {
  const settings = { ...DEFAULTS, ...options };
  const { hyper } = fit;
  const constants = modelConstants(hyper);
  const counted = ratings.filter((r) => !r.excluded && fit.estimates.has(r.playerId));
  const playerById = new Map(players.map((p) => [p.id, p]));
  const ratingsOfPlayer = groupBy(counted, (r) => r.playerId);
  const ratingsOfRater = groupBy(counted, (r) => r.raterKey);
  const playersOfOwner = groupBy(
    players.filter((p) => p.ownerKey !== null),
    (p) => p.ownerKey as string,
  );
  const estimateMean = new Map<number, number>();
  for (const [id, estimate] of fit.estimates) {
    estimateMean.set(id, Object.values(estimate.fields).reduce((sum, f) => sum + f.mean, 0) / N);
  }

  // Per-rater sums of "how far above the consensus", so a leave-some-out leniency is a subtraction.
  const noiseOfMean = constants.interiorVar / N + hyper.haloVar;
  const contribution = (r: TrustRating): RaterSums => {
    const w = recencyWeight(r.at, now, hyper.halfLifeMonths);
    const prec = w / noiseOfMean;
    return { prec, info: prec * (starsMean(r) - (estimateMean.get(r.playerId) ?? starsMean(r))) };
  };
  const raterSums = new Map<string, RaterSums>();
  for (const r of counted) {
    const sums = raterSums.get(r.raterKey) ?? { prec: 0, info: 0 };
    const c = contribution(r);
    sums.prec += c.prec;
    sums.info += c.info;
    raterSums.set(r.raterKey, sums);
  }
  const leniencyWithout = (raterKey: string, left: TrustRating[]): { mean: number; variance: number } => {
    const sums = raterSums.get(raterKey) ?? { prec: 0, info: 0 };
    let prec = sums.prec + 1 / hyper.leniencyVar;
    let info = sums.info;
    for (const r of left) {
      const c = contribution(r);
      prec -= c.prec;
      info -= c.info;
    }
    prec = Math.max(prec, 1 / hyper.leniencyVar);
    return { mean: info / prec, variance: 1 / prec };
  };
  const leniencyOf = (key: string): Leniency | undefined => fit.leniency.get(key);
  /** z of a rating against a prediction from the player's other ratings and the rater's other ratings. */
  const zAgainst = (rating: TrustRating, playerOthers: TrustRating[], raterLeftOut: TrustRating[]): number => {
    const player = playerById.get(rating.playerId);
    const posterior = playerPosterior(hyper, leniencyOf, player?.selfLevel ?? null, playerOthers, now);
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
  const fullZOf = (rating: TrustRating): number => {
    const estimate = fit.estimates.get(rating.playerId);
    const lenient = fit.leniency.get(rating.raterKey);
    const sd = Math.sqrt((estimate?.sixMeanSd ?? 0) ** 2 + (lenient?.sd ?? 0) ** 2 + noiseOfMean);
    const seen = (estimateMean.get(rating.playerId) ?? 0) - hyper.improvementPerYear * ageInYears(rating.at, now);
    return (starsMean(rating) - seen - (lenient?.mean ?? 0)) / sd;
  };

  const isCandidate = (r: TrustRating): boolean =>
    r.stars.reduce((sum, s) => sum + wholeStar(s), 0) >= settings.candidateStars;

  const flags: TrustFlagCandidate[] = [];
  const inRing = new Set<number>();
  for (const group of reciprocalGroups(players, counted, isCandidate)) {
    const ring = scoreRing(group, playersOfOwner, ratingsOfRater, ratingsOfPlayer, isCandidate, zAgainst);
    if (!ring || ring.evidence.density < settings.ringMinDensity || ring.evidence.meanZ < settings.ringMinMeanZ)
      continue;
    for (const id of ring.ratingIds) inRing.add(id);
    if (!dismissedSignatures.has(ring.signature)) flags.push(ring);
  }

  flags.push(
    ...boostFlags({ counted, ratingsOfPlayer, inRing, dismissedSignatures, settings, isCandidate, fullZOf, zAgainst }),
  );
  return flags.sort((a, b) => b.score - a.score);
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
function reciprocalGroups(
  players: TrustPlayer[],
  counted: TrustRating[],
  isCandidate: (r: TrustRating) => boolean,
): string[][] {
  const ownerOf = new Map<number, string>();
  for (const p of players) if (p.ownerKey) ownerOf.set(p.id, p.ownerKey);
  const directed = new Set<string>();
  for (const r of counted) {
    const owner = ownerOf.get(r.playerId);
    if (owner && owner !== r.raterKey && isCandidate(r)) directed.add(`${r.raterKey}\u0000${owner}`);
  }
  const parent = new Map<string, string>();
  const find = (x: string): string => {
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
    const [a, b] = edge.split('\u0000');
    if (a > b || !directed.has(`${b}\u0000${a}`)) continue;
    if (!parent.has(a)) parent.set(a, a);
    if (!parent.has(b)) parent.set(b, b);
    parent.set(find(a), find(b));
  }
  const groups = groupBy([...parent.keys()], find);
  return [...groups.values()].filter((g) => g.length >= 3).map((g) => g.sort());
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
  counted: TrustRating[];
  ratingsOfPlayer: Map<number, TrustRating[]>;
  /** Ratings already in a ring flag: not flagged again as boosts. */
  inRing: ReadonlySet<number>;
  dismissedSignatures: ReadonlySet<string>;
  settings: Required<CollusionOptions>;
  isCandidate: (rating: TrustRating) => boolean;
  fullZOf: (rating: TrustRating) => number;
  zAgainst: (rating: TrustRating, playerOthers: TrustRating[], raterLeftOut: TrustRating[]) => number;
}

/** Near-perfect ratings far above what the player's other ratings and the rater's other ratings predict. */
function boostFlags(input: BoostInput): TrustFlagCandidate[] {
  const { counted, ratingsOfPlayer, inRing, dismissedSignatures, settings, isCandidate, fullZOf, zAgainst } = input;
  const flags: TrustFlagCandidate[] = [];
  // The model's spread of a rating around its prediction grows when collusion inflates the fitted halo; the
  // median spread of every rating's standardised residual puts the boost z back on an honest rating's scale.
  const fullZs = new Float64Array(counted.length);
  counted.forEach((rating, i) => {
    fullZs[i] = Math.abs(fullZOf(rating));
  });
  fullZs.sort();
  const spread = counted.length >= 50 ? Math.max(0.5, fullZs[counted.length >> 1] / 0.6744897501960817) : 1;
  for (const rating of counted) {
    if (!isCandidate(rating) || inRing.has(rating.id)) continue;
    // Cheap screen against the full estimate (which includes the rating, so it understates the z).
    if (fullZOf(rating) / spread < settings.boostMinZ * SCREEN_SHARE) continue;
    const signature = `boost:${rating.id}`;
    if (dismissedSignatures.has(signature)) continue;
    const others = (ratingsOfPlayer.get(rating.playerId) ?? []).filter((r) => r.id !== rating.id);
    if (others.length < settings.boostMinOthers) continue;
    const z = zAgainst(rating, others, [rating]) / spread;
    if (z < settings.boostMinZ) continue;
    const evidence: BoostEvidence = {
      z: round2(z),
      ratingMean: round2(starsMean(rating)),
      playerOthersMean: round2(others.reduce((sum, r) => sum + starsMean(r), 0) / others.length),
      playerOthersCount: others.length,
    };
    flags.push({
      type: 'boost',
      score: round2(z),
      raterKeys: [rating.raterKey],
      playerIds: [rating.playerId],
      ratingIds: [rating.id],
      signature,
      evidence,
    });
  }
  return flags;
}
