/** Incremental: marked players, leniency held fixed. */
import type { Db } from '../../db/client';
import type { StoredSkill } from '../../db/schema/index';
import { storeHistories } from './estimate-history.service';
import { estimatePlayer, priorEstimate } from './model/player-estimate';
import { insidePredicted, predictiveInterval } from './model/predictive-interval';
import type { Hyper, Leniency, PlayerEstimate, TrustRating } from './model/types';
import { skillWrite } from './stored-skill';
import {
  clearStaleMarks,
  findExcludedRatingIds,
  findStalePlayers,
  findStoredSkills,
  loadPlayers,
  loadRatingsOfPlayers,
  storePredictions,
  storeSkills,
  type PredictionWrite,
  type SkillWrite,
} from './trust.repo';
import { counted, currentModel, groupByPlayer, leniencyOf, toTrustPlayer } from './trust.service';

const STALE_BATCH = 200;

/**
 * Recomputes the estimates of players whose ratings changed since their last estimate, with each
 * rater's leniency as the last full run left it. Before storing, each new rating is checked against the
 * range the previous estimate predicted for it (the calibration the admin status shows).
 */
export async function refreshStaleEstimates(db: Db): Promise<number> {
  const marks = await findStalePlayers(db, STALE_BATCH);
  if (marks.length === 0) return 0;
  const ids = marks.map((mark) => mark.id);
  const model = await currentModel(db);
  const excluded = await findExcludedRatingIds(db);
  const ratings = counted(await loadRatingsOfPlayers(db, ids), excluded);
  const trustPlayers = new Map((await loadPlayers(db, ids)).map((row) => [row.id, toTrustPlayer(row)]));
  const leniency = await leniencyOf(db, ratings);
  const before = await findStoredSkills(db, ids);

  const now = Date.now();
  const byPlayer = groupByPlayer(ratings);
  const skills: SkillWrite[] = [];
  const predictions: PredictionWrite[] = [];
  for (const id of ids) {
    const player = trustPlayers.get(id);
    if (!player) continue;
    const mine = byPlayer.get(id) ?? [];
    const estimate = mine.length
      ? estimatePlayer(model.hyper, (key) => leniency.get(key), player, mine, now)
      : priorEstimate(model.hyper, player);
    skills.push(skillWrite(id, estimate, mine, model.communityMean, now));
    const previous = before.get(id);
    if (previous) predictions.push(...checkPredictions(model.hyper, previous, mine, leniency));
  }
  const computedAt = new Date();
  await storeSkills(db, skills, computedAt);
  await storePredictions(db, predictions);
  // The player page's history line of the same players, from the same inputs (its current quarter is this estimate).
  await storeHistories(
    db,
    ids,
    { hyper: model.hyper, leniency, players: trustPlayers, ratingsByPlayer: byPlayer },
    now,
  );
  await clearStaleMarks(db, marks);
  return skills.length;
}

/**
 * For each rating the previous estimate did not count, whether the mean of its six stars fell inside the
 * 90% range that estimate predicted for a new rating by this rater (model/predictive-interval.ts).
 */
function checkPredictions(
  hyper: Hyper,
  previous: { skill: StoredSkill; weights: Record<string, number> },
  ratings: TrustRating[],
  leniency: Map<string, Leniency>,
): PredictionWrite[] {
  const { categories, overall, reliability } = previous.skill;
  const estimate: PlayerEstimate = {
    fields: { ...categories, overall },
    weights: new Map(),
    reliability: { label: reliability.label, score: reliability.score },
  };
  return ratings
    .filter((rating) => !(String(rating.id) in previous.weights) && !rating.excluded)
    .map((rating) => {
      const range = predictiveInterval(hyper, estimate, leniency.get(rating.raterKey));
      return {
        ratingId: rating.id,
        inside: insidePredicted(range, rating.stars) ? 1 : 0,
        fields: 1,
        ratedAt: new Date(rating.at),
      };
    });
}
