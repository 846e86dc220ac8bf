import type { EstimateHistoryPoint } from '@common/schemas/player-page';
import type { z } from 'zod';
import type { ratingBreakdownSchema } from '@common/schemas/players';

type Distribution = z.infer<typeof ratingBreakdownSchema>;

/** "2026-Q3" → "Q3 2026". */
export function quarterLabel(quarter: string): string {
  const match = /^(\d{4})-Q([1-4])$/.exec(quarter);
  return match ? `Q${match[2]} ${match[1]}` : quarter;
}

/** Quarters counted from year 0, so two quarters' distance is a subtraction. */
function quarterIndex(quarter: string): number {
  const match = /^(\d{4})-Q([1-4])$/.exec(quarter);
  return match ? Number(match[1]) * 4 + Number(match[2]) - 1 : 0;
}

/** Height on the 1-5 scale in percent from the top (5 at 0%, 1 at 100%), clamped. */
export const scaleTop = (value: number): number => Math.min(100, Math.max(0, ((5 - value) / 4) * 100));

const round = (value: number) => Math.round(value * 100) / 100;

export type HistoryChartPoint = {
  x: number;
  y: number;
  low: number;
  high: number;
  label: string;
  point: EstimateHistoryPoint;
};

export type HistoryChart = {
  points: HistoryChartPoint[];
  /** The estimate's line, in a 100 × 100 box (x to the right, y down). */
  line: string;
  /** The 90% range as a closed band in the same box. */
  band: string;
  /** The quarters named under the chart: the first, the last and evenly spaced ones between, at most `maxLabels`. */
  labels: { x: number; label: string }[];
};

/**
 * How the overall estimate moved, quarter by quarter, as positions in percent (the page draws the line and band
 * in SVG, the dots and labels in HTML, so they keep their shape at any width). Quarters sit at their distance in
 * time: a gap without ratings shows as a gap. Fewer than two points make no line: null.
 */
export function historyChart(history: readonly EstimateHistoryPoint[], maxLabels = 3): HistoryChart | null {
  if (history.length < 2) return null;
  const first = quarterIndex(history[0].quarter);
  const span = Math.max(1, quarterIndex(history[history.length - 1].quarter) - first);
  const points = history.map((point) => ({
    x: round(((quarterIndex(point.quarter) - first) / span) * 100),
    y: round(scaleTop(point.mean)),
    low: round(scaleTop(point.low)),
    high: round(scaleTop(point.high)),
    label: quarterLabel(point.quarter),
    point,
  }));
  const line = points.map((p, i) => `${i === 0 ? 'M' : 'L'}${p.x} ${p.y}`).join(' ');
  const upper = points.map((p, i) => `${i === 0 ? 'M' : 'L'}${p.x} ${p.high}`).join(' ');
  const lower = [...points]
    .reverse()
    .map((p) => `L${p.x} ${p.low}`)
    .join(' ');
  return { points, line, band: `${upper} ${lower} Z`, labels: spacedLabels(points, maxLabels) };
}

function spacedLabels(points: HistoryChartPoint[], maxLabels: number): { x: number; label: string }[] {
  const count = Math.max(2, Math.min(maxLabels, points.length));
  const picked = new Set<number>();
  for (let i = 0; i < count; i += 1) picked.add(Math.round((i * (points.length - 1)) / (count - 1)));
  return [...picked].sort((a, b) => a - b).map((index) => ({ x: points[index].x, label: points[index].label }));
}

/** The chart in words, for screen readers and as its summary: "From 3.2 in Q1 2026 to 3.9 in Q3 2026". */
export function historySummary(history: readonly EstimateHistoryPoint[]): string {
  if (history.length === 0) return 'No ratings yet.';
  const first = history[0];
  const last = history[history.length - 1];
  const value = (point: EstimateHistoryPoint) => (Math.round(point.mean * 10) / 10).toFixed(1);
  if (history.length === 1) return `${value(first)} in ${quarterLabel(first.quarter)}, the first quarter with ratings.`;
  return `From ${value(first)} in ${quarterLabel(first.quarter)} to ${value(last)} in ${quarterLabel(last.quarter)}.`;
}

export type DistributionRow = { stars: 1 | 2 | 3 | 4 | 5; count: number; percent: number };

/** The overall stars, 5 down to 1, each with its count and its share of all ratings (whole percent). */
export function distributionRows(distribution: Distribution): DistributionRow[] {
  const total = ([1, 2, 3, 4, 5] as const).reduce((sum, stars) => sum + distribution[stars], 0);
  return ([5, 4, 3, 2, 1] as const).map((stars) => ({
    stars,
    count: distribution[stars],
    percent: total === 0 ? 0 : Math.round((distribution[stars] / total) * 100),
  }));
}
