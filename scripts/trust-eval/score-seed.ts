/**
 * One seed of the planted-truth evaluation, scored the way the product runs: a full run, the collusion check, an
 * admin review of the flags (true ones confirmed, false ones dismissed), and a second full run without the
 * confirmed ratings.
 */
import { detectCollusion, type CollusionOptions } from '../../server/features/trust/model/detect-collusion';
import { fitAll } from '../../server/features/trust/model/fit-all';
import { helpfulnessScores } from '../../server/features/trust/model/helpfulness-scores';
import { estimatePlayer } from '../../server/features/trust/model/player-estimate';
import { insidePredicted, predictiveInterval } from '../../server/features/trust/model/predictive-interval';
import { simulateRatings, type Simulation } from '../../server/features/trust/model/simulate-ratings';
import {
  TRUST_FIELDS,
  type FieldEstimate,
  type FullFit,
  type TrustFlagCandidate,
  type TrustRating,
} from '../../server/features/trust/model/types';
import { scoreBursts } from './burst';
import { BUCKETS, countsOf, FAR, N, newTally, WIDTH_AT, type Tally, type Totals } from './tally';

export function scoreSeed(seed: number, totals: Totals, collusionOptions: CollusionOptions): void {
  const sim = simulateRatings({ seed });
  const { players, ratings, now } = sim;
  const started = performance.now();
  const first = fitAll(players, ratings, now, undefined, { seed });
  totals.fitMs.push(performance.now() - started);
  const flags = detectCollusion(players, ratings, first, new Set(), now, collusionOptions);
  scoreCollusion(sim, flags, totals);

  const reviewed = adminReview(sim, flags);
  const fit = fitAll(players, reviewed, now, first.hyper, { seed });
  scoreEstimates(sim, first, ratings, totals, false);
  scoreEstimates(sim, fit, reviewed, totals, true);

  // The next full run: the detector again, with reviewed flags neither confirmed-counted nor raised again.
  const reviewedSignatures = new Set(flags.map((f) => f.signature));
  for (const flag of detectCollusion(players, reviewed, fit, reviewedSignatures, now, collusionOptions)) {
    if (flag.type !== 'boost') continue;
    const id = flag.ratingIds[0];
    if (sim.boostRatingIds.has(id)) totals.steadyBoostsFlagged++;
    else if (!sim.ringRatingIds.has(id)) totals.steadyHonestFlagged++;
  }

  const byPlayer = new Map<number, TrustRating[]>();
  for (const r of reviewed) byPlayer.set(r.playerId, [...(byPlayer.get(r.playerId) ?? []), r]);
  scoreIncrementalAgreement(sim, fit, byPlayer, totals);
  scoreCalibration(sim, fit, reviewed, byPlayer, totals);
  scoreHelpfulness(sim, fit, reviewed, totals);
  scoreBursts(sim, fit, reviewed, totals.burst);
}

function scoreCollusion(sim: Simulation, flags: TrustFlagCandidate[], totals: Totals): void {
  const { players, ratings } = sim;
  const accounts = new Set<string>([
    ...ratings.map((r) => r.raterKey),
    ...players.flatMap((p) => (p.ownerKey ? [p.ownerKey] : [])),
  ]);
  const ringFlagged = new Set(flags.filter((f) => f.type === 'ring').flatMap((f) => f.raterKeys));
  for (const account of accounts) {
    const flagged = ringFlagged.has(account) ? 1 : 0;
    if (sim.ringAccounts.has(account)) {
      totals.ringAccounts++;
      totals.ringFlagged += flagged;
    } else if (sim.honestGroupAccounts.has(account)) {
      totals.honestAccounts++;
      totals.honestFlagged += flagged;
    } else {
      totals.otherAccounts++;
      totals.otherFlagged += flagged;
    }
  }
  const boostFlagged = new Set(flags.filter((f) => f.type === 'boost').flatMap((f) => f.ratingIds));
  totals.ringFlags += flags.filter((f) => f.type === 'ring').length;
  totals.boostFlags += boostFlagged.size;
  for (const r of ratings) {
    const perfect = r.stars.reduce((sum, s) => sum + Math.round(s), 0) >= 28;
    if (sim.boostRatingIds.has(r.id)) {
      totals.boosts++;
      totals.boostsFlagged += boostFlagged.has(r.id) ? 1 : 0;
    } else if (perfect && !sim.ringRatingIds.has(r.id)) {
      totals.honestPerfect++;
      totals.honestPerfectFlagged += boostFlagged.has(r.id) ? 1 : 0;
    }
  }
}

/** The admin review: flags that caught planted collusion are confirmed (their ratings excluded), the rest dismissed. */
function adminReview(sim: Simulation, flags: TrustFlagCandidate[]): TrustRating[] {
  const planted = (id: number): boolean => sim.ringRatingIds.has(id) || sim.boostRatingIds.has(id);
  const confirmed = new Set<number>();
  for (const flag of flags) {
    const share = flag.ratingIds.filter(planted).length / flag.ratingIds.length;
    if (share >= 0.5) for (const id of flag.ratingIds) confirmed.add(id);
  }
  return sim.ratings.map((r) => (confirmed.has(r.id) ? { ...r, excluded: true } : r));
}

function scoreEstimates(sim: Simulation, fit: FullFit, ratings: TrustRating[], totals: Totals, after: boolean): void {
  const byPlayer = countsOf(ratings);
  const community = communityMeans(sim);
  for (const player of sim.players) {
    const mine = byPlayer.get(player.id) ?? [];
    const n = mine.length;
    if (n === 0) continue;
    const truth = sim.truth.get(player.id) as Float64Array;
    const estimate = fit.estimates.get(player.id);
    if (!estimate) continue;
    const tallies: Tally[] = [];
    for (const bucket of BUCKETS) {
      if (n < bucket.lo || n > bucket.hi) continue;
      const tally = totals.buckets.get(bucket.name) ?? newTally();
      totals.buckets.set(bucket.name, tally);
      tallies.push(tally);
    }
    TRUST_FIELDS.forEach((field, f) => {
      const raw = mine.reduce((sum, r) => sum + Math.round(r.stars[f]), 0) / n;
      const far = n >= FAR.lo && n <= FAR.hi && Math.abs(truth[f] - community[f]) > FAR.distance;
      for (const tally of far ? [...tallies, totals.far] : tallies)
        addCell(tally, raw, estimate.fields[field], truth[f], after);
    });
    if (!after) continue;
    for (const at of WIDTH_AT) {
      if (n < at.lo || n > at.hi) continue;
      const list = totals.widthAt.get(at.name) ?? [];
      for (const field of TRUST_FIELDS) list.push(estimate.fields[field].high - estimate.fields[field].low);
      totals.widthAt.set(at.name, list);
    }
    if (n === 5) totals.reliabilityAt5.push(estimate.reliability.score);
  }
}

/** The community's mean true skill per field: what "far from the community" is measured from. */
function communityMeans(sim: Simulation): Float64Array {
  const means = new Float64Array(N);
  for (const truth of sim.truth.values()) for (let f = 0; f < N; f++) means[f] += truth[f] / sim.truth.size;
  return means;
}

function addCell(tally: Tally, raw: number, estimate: FieldEstimate, truth: number, after: boolean): void {
  const inside = truth >= estimate.low && truth <= estimate.high ? 1 : 0;
  if (after) {
    tally.raw += Math.abs(raw - truth);
    tally.model += Math.abs(estimate.mean - truth);
    tally.covered += inside;
    tally.cells++;
    tally.widths.push(estimate.high - estimate.low);
  } else {
    tally.rawBefore += Math.abs(raw - truth);
    tally.modelBefore += Math.abs(estimate.mean - truth);
    tally.coveredBefore += inside;
    tally.cellsBefore++;
  }
}

/** The worker's incremental estimate must match the full run's. */
function scoreIncrementalAgreement(
  sim: Simulation,
  fit: FullFit,
  byPlayer: Map<number, TrustRating[]>,
  totals: Totals,
): void {
  const { players, now } = sim;
  for (const player of players.slice(0, 300)) {
    const incremental = estimatePlayer(
      fit.hyper,
      (key) => fit.leniency.get(key),
      player,
      byPlayer.get(player.id) ?? [],
      now,
    );
    const full = fit.estimates.get(player.id);
    if (!full) continue;
    for (const field of TRUST_FIELDS) {
      totals.agreeMax = Math.max(totals.agreeMax, Math.abs(incremental.fields[field].mean - full.fields[field].mean));
    }
  }
}

/** Calibration without truth: each player's latest rating against the range predicted from the others. */
function scoreCalibration(
  sim: Simulation,
  fit: FullFit,
  reviewed: TrustRating[],
  byPlayer: Map<number, TrustRating[]>,
  totals: Totals,
): void {
  const latestFirst = [...reviewed].filter((r) => !r.excluded).sort((a, b) => b.at - a.at);
  const seen = new Set<number>();
  for (const r of latestFirst) {
    if (seen.has(r.playerId)) continue;
    seen.add(r.playerId);
    const others = (byPlayer.get(r.playerId) ?? []).filter((o) => o.id !== r.id);
    if (others.length === 0) continue;
    const player = sim.players[r.playerId - 1];
    const before = estimatePlayer(fit.hyper, (key) => fit.leniency.get(key), player, others, r.at);
    totals.predicted++;
    totals.predictedInside += insidePredicted(
      predictiveInterval(fit.hyper, before, fit.leniency.get(r.raterKey)),
      r.stars,
    )
      ? 1
      : 0;
  }
}

/** Helpfulness: votes by rated players, flattery-biased; hit = one of the top 20 is in the true top 10%. */
function scoreHelpfulness(sim: Simulation, fit: FullFit, reviewed: TrustRating[], totals: Totals): void {
  const ratingById = new Map(reviewed.map((r) => [r.id, r]));
  const input = sim.votes.map((v) => {
    const rating = ratingById.get(v.ratingId) as TrustRating;
    const estimate = fit.estimates.get(rating.playerId);
    const estimateMean = estimate ? Object.values(estimate.fields).reduce((s, f) => s + f.mean, 0) / N : 3;
    return {
      raterKey: v.raterKey,
      vote: v.vote,
      ratingMean: rating.stars.reduce((s, x) => s + Math.round(x), 0) / N,
      playerEstimateMean: estimateMean,
    };
  });
  const scores = helpfulnessScores(input);
  const voted = [...new Set(sim.votes.map((v) => v.raterKey))];
  const byQuality = voted.sort((a, b) => (sim.raterQuality.get(b) ?? 0) - (sim.raterQuality.get(a) ?? 0));
  const topTenth = new Set(byQuality.slice(0, Math.ceil(byQuality.length / 10)));
  const picks = [...scores.entries()].sort((a, b) => b[1] - a[1]).slice(0, 20);
  totals.helpfulPicks += picks.length;
  totals.helpfulHits += picks.filter(([key]) => topTenth.has(key)).length;
}
