import type { EstimateHistoryPoint } from '@common/schemas/player-page';
import { describe, expect, it } from 'vitest';
import { distributionRows, historyChart, historySummary, quarterLabel, scaleTop } from './player-charts';

const at = (quarter: string, mean: number, low: number, high: number): EstimateHistoryPoint => ({
  quarter,
  mean,
  low,
  high,
  n: 3,
});

describe('quarterLabel', () => {
  it('names a quarter the way people say it', () => {
    expect(quarterLabel('2026-Q3')).toBe('Q3 2026');
    expect(quarterLabel('2025-Q1')).toBe('Q1 2025');
  });
});

describe('scaleTop', () => {
  it('puts 5 stars at the top and 1 at the bottom, clamping what falls outside', () => {
    expect(scaleTop(5)).toBe(0);
    expect(scaleTop(3)).toBe(50);
    expect(scaleTop(1)).toBe(100);
    expect(scaleTop(5.4)).toBe(0);
    expect(scaleTop(0.5)).toBe(100);
  });
});

describe('historyChart', () => {
  it('draws nothing from fewer than two quarters', () => {
    expect(historyChart([])).toBeNull();
    expect(historyChart([at('2026-Q1', 3, 2, 4)])).toBeNull();
  });

  it('spreads the quarters across the width, with the line on the estimate and the band on its range', () => {
    const chart = historyChart([at('2026-Q1', 3, 2, 4), at('2026-Q2', 4, 3.5, 4.5), at('2026-Q3', 5, 4.6, 5)])!;
    expect(chart.points.map((p) => [p.x, p.y, p.high, p.low])).toEqual([
      [0, 50, 25, 75],
      [50, 25, 12.5, 37.5],
      [100, 0, 0, 10],
    ]);
    expect(chart.line).toBe('M0 50 L50 25 L100 0');
    expect(chart.band).toBe('M0 25 L50 12.5 L100 0 L100 10 L50 37.5 L0 75 Z');
  });

  it('keeps a quarter without ratings as a gap in time', () => {
    const chart = historyChart([at('2025-Q4', 3, 2, 4), at('2026-Q1', 3, 2, 4), at('2026-Q4', 3, 2, 4)])!;
    expect(chart.points.map((p) => p.x)).toEqual([0, 25, 100]);
  });

  it('names the first and last quarter and a few evenly spaced between', () => {
    const quarters = [
      '2024-Q1',
      '2024-Q2',
      '2024-Q3',
      '2024-Q4',
      '2025-Q1',
      '2025-Q2',
      '2025-Q3',
      '2025-Q4',
      '2026-Q1',
    ];
    const chart = historyChart(
      quarters.map((q) => at(q, 3, 2, 4)),
      5,
    )!;
    expect(chart.labels.map((l) => l.label)).toEqual(['Q1 2024', 'Q3 2024', 'Q1 2025', 'Q3 2025', 'Q1 2026']);
    expect(historyChart(quarters.map((q) => at(q, 3, 2, 4)))!.labels.map((l) => l.label)).toEqual([
      'Q1 2024',
      'Q1 2025',
      'Q1 2026',
    ]);
    expect(historyChart(quarters.slice(0, 2).map((q) => at(q, 3, 2, 4)))!.labels.map((l) => l.label)).toEqual([
      'Q1 2024',
      'Q2 2024',
    ]);
  });
});

describe('historySummary', () => {
  it('says where the estimate started and where it is now', () => {
    expect(historySummary([at('2026-Q1', 3.24, 2, 4), at('2026-Q3', 3.86, 3, 4)])).toBe(
      'From 3.2 in Q1 2026 to 3.9 in Q3 2026.',
    );
    expect(historySummary([at('2026-Q1', 3.24, 2, 4)])).toBe('3.2 in Q1 2026, the first quarter with ratings.');
  });
});

describe('distributionRows', () => {
  it('lists 5 stars down to 1 with each share of the total', () => {
    expect(distributionRows({ 1: 0, 2: 1, 3: 1, 4: 4, 5: 2 })).toEqual([
      { stars: 5, count: 2, percent: 25 },
      { stars: 4, count: 4, percent: 50 },
      { stars: 3, count: 1, percent: 13 },
      { stars: 2, count: 1, percent: 13 },
      { stars: 1, count: 0, percent: 0 },
    ]);
  });

  it('shows empty bars for a player nobody rated', () => {
    expect(distributionRows({ 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 }).every((row) => row.percent === 0)).toBe(true);
  });
});
