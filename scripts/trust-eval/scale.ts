/** The full run timed at 100k players / 1M ratings (npm run trust:eval -- --scale). */
import { loadavg } from 'node:os';
import { detectCollusion } from '../../server/features/trust/model/detect-collusion';
import { fitAll } from '../../server/features/trust/model/fit-all';
import { estimatePlayer } from '../../server/features/trust/model/player-estimate';
import { simulateRatings } from '../../server/features/trust/model/simulate-ratings';
import { countsOf } from './tally';

export function runScale(): string {
  const cpu = (): number => {
    const usage = process.cpuUsage();
    return (usage.user + usage.system) / 1000;
  };
  const started = performance.now();
  const sim = simulateRatings({
    seed: 99,
    players: 100_000,
    accounts: 70_000,
    rings: 1_250,
    honestGroups: 1_500,
    boosts: 7_500,
    ratingsPerPlayer: 10.2,
  });
  const simMs = performance.now() - started;
  const c0 = cpu();
  const t0 = performance.now();
  const fit = fitAll(sim.players, sim.ratings, sim.now);
  const fitMs = performance.now() - t0;
  const fitCpu = cpu() - c0;
  const c1 = cpu();
  const t1 = performance.now();
  const warm = fitAll(sim.players, sim.ratings, sim.now, fit.hyper);
  const warmMs = performance.now() - t1;
  const warmCpu = cpu() - c1;
  const c2 = cpu();
  const t2 = performance.now();
  const flags = detectCollusion(sim.players, sim.ratings, warm, new Set(), sim.now);
  const detectMs = performance.now() - t2;
  const detectCpu = cpu() - c2;
  const byPlayer = countsOf(sim.ratings);
  const sample = sim.players.slice(0, 2000);
  const t3 = performance.now();
  for (const p of sample)
    estimatePlayer(warm.hyper, (key) => warm.leniency.get(key), p, byPlayer.get(p.id) ?? [], sim.now);
  const perPlayerUs = ((performance.now() - t3) * 1000) / sample.length;
  const text = [
    '# Trust model at scale',
    '',
    `${sim.players.length} players, ${sim.ratings.length} ratings (simulated in ${Math.round(simMs)} ms).`,
    '',
    `Machine load average at the end: ${loadavg()
      .map((x) => x.toFixed(1))
      .join(', ')} (2 cores shared): the CPU time is the steadier figure.`,
    '',
    '| step | wall | CPU |',
    '|---|---|---|',
    `| fitAll, cold | ${(fitMs / 1000).toFixed(1)} s | ${(fitCpu / 1000).toFixed(1)} s |`,
    `| fitAll, warm (previous hyper-parameters) | ${(warmMs / 1000).toFixed(1)} s | ${(warmCpu / 1000).toFixed(1)} s |`,
    `| detectCollusion (${flags.length} flags) | ${(detectMs / 1000).toFixed(1)} s | ${(detectCpu / 1000).toFixed(1)} s |`,
    `| estimatePlayer, mean per player (${(sim.ratings.length / sim.players.length).toFixed(1)} ratings each) | ${perPlayerUs.toFixed(0)} µs | |`,
  ].join('\n');
  return text;
}
