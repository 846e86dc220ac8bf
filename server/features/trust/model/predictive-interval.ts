/**
 * The calibration check needs no truth: before a new rating counts, the model predicts the 90% range its
 * six-star mean should fall in; the share of new ratings inside that range should be near 90%.
 * The range is for the mean of the rating's six stars (whole stars, so it is read on the 1-5 scale):
 * the player's estimate, moved by the rater's leniency, widened by the halo and the per-field noise.
 */
import { Z90 } from './normal-distribution';
import { round2 } from './round2';
import { modelConstants } from './player-posterior';
import type { Hyper, Leniency, PlayerEstimate } from './types';

const N = 6;

export interface PredictedRange {
  mean: number;
  low: number;
  high: number;
}

export function predictiveInterval(hyper: Hyper, estimate: PlayerEstimate, leniency?: Leniency): PredictedRange {
  const constants = modelConstants(hyper);
  const fields = Object.values(estimate.fields);
  const skill = fields.reduce((sum, f) => sum + f.mean, 0) / N;
  // Without the stored sd, the six fields' 90% half-widths, averaged, stand for the mean's (they correlate ~0.9).
  const skillSd = estimate.sixMeanSd ?? fields.reduce((sum, f) => sum + (f.high - f.low) / (2 * Z90), 0) / N;
  const lenMean = leniency?.mean ?? 0;
  const lenVar = leniency ? leniency.sd * leniency.sd : hyper.leniencyVar;
  const sd = Math.sqrt(skillSd * skillSd + lenVar + hyper.haloVar + constants.interiorVar / N);
  const mean = skill + lenMean;
  return {
    mean: round2(Math.min(5, Math.max(1, mean))),
    low: round2(Math.min(5, Math.max(1, mean - Z90 * sd))),
    high: round2(Math.min(5, Math.max(1, mean + Z90 * sd))),
  };
}

/** Whether a new rating's six-star mean fell inside its predicted range. */
export function insidePredicted(range: PredictedRange, stars: readonly number[]): boolean {
  const mean = stars.reduce((sum, s) => sum + Math.min(5, Math.max(1, Math.round(s))), 0) / stars.length;
  return mean >= range.low - 1e-9 && mean <= range.high + 1e-9;
}
