import { residentKb } from '../server-process';
import { logSummary } from './server-log';
import { countBy, outcomeLabel, percentile, round, startLoad, maxOf } from './driver';
import { mixed } from './fixtures';
import { logFileFor, sleep, startPostgresApp, type ChaosContext, type ScenarioResult } from './scenario';

const CONNECTIONS = 50;
const SAMPLE_EVERY_MS = 5000;
const GROWTH_TARGET = 0.1;
/** Samples averaged at each end, so one garbage collection does not decide the figure. */
const SAMPLES_AVERAGED = 3;

const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / Math.max(1, values.length);

/**
 * Mixed load at 50 connections for the soak time: the server's resident memory must grow less than 10%
 * from the end of the warm-up to the end, and no answer may be an error other than 429.
 */
export async function soak(context: ChaosContext): Promise<ScenarioResult> {
  const seconds = context.soakSeconds;
  const warmupSeconds = Math.round(Math.min(60, Math.max(10, seconds * 0.1)));
  const setup = await context.postgres();
  const app = await startPostgresApp(context, 'soak', setup);
  const samples: { second: number; rssKb: number }[] = [];
  const load = startLoad({
    baseUrl: app.baseUrl,
    connections: CONNECTIONS,
    next: mixed(setup.data, 5),
    timeoutMs: 5000,
    keepCreatedBodies: false,
  });
  const startedAt = performance.now();
  try {
    context.log(`[soak] ${seconds} s at ${CONNECTIONS} connections (warm-up ${warmupSeconds} s)`);
    let lastReport = 0;
    while (performance.now() - startedAt < (warmupSeconds + seconds) * 1000) {
      await sleep(SAMPLE_EVERY_MS);
      const second = round((performance.now() - startedAt) / 1000, 0);
      samples.push({ second, rssKb: residentKb(app.pid) });
      if (second - lastReport >= 60) {
        lastReport = second;
        context.log(
          `[soak] ${second} s: RSS ${round(samples.at(-1)!.rssKb / 1024)} MB, ${load.outcomes.length} answers`,
        );
      }
    }
    await load.stop();
    const outcomes = load.outcomes.filter((o) => o.start >= startedAt + warmupSeconds * 1000);
    const measured = samples.filter((s) => s.second >= warmupSeconds);
    const startRss = mean(measured.slice(0, SAMPLES_AVERAGED).map((s) => s.rssKb));
    const endRss = mean(measured.slice(-SAMPLES_AVERAGED).map((s) => s.rssKb));
    const maxRss = maxOf(measured.map((s) => s.rssKb));
    const growth = (endRss - startRss) / startRss;
    const errors = outcomes.filter((o) => o.status === null || (o.status >= 300 && o.status !== 429));
    const statuses = countBy(outcomes, outcomeLabel);
    const byKind = (kind: string) => {
      const ms = outcomes.filter((o) => o.kind === kind).map((o) => o.ms);
      return {
        count: ms.length,
        p50Ms: round(percentile(ms, 50)),
        p99Ms: round(percentile(ms, 99)),
        maxMs: round(maxOf(ms)),
      };
    };

    const failures: string[] = [];
    if (!(growth < GROWTH_TARGET)) {
      failures.push(
        `resident memory grew ${round(growth * 100)}% (${round(startRss / 1024)} → ${round(endRss / 1024)} MB)`,
      );
    }
    if (errors.length > 0) failures.push(`${errors.length} errors: ${JSON.stringify(countBy(errors, outcomeLabel))}`);
    if (!app.alive()) failures.push('the server process died');
    return {
      name: 'soak',
      pass: failures.length === 0,
      target: `${seconds} s at ${CONNECTIONS} connections, mixed: RSS grows < 10% after warm-up, no error but 429`,
      summary:
        `RSS ${round(startRss / 1024)} → ${round(endRss / 1024)} MB (${growth >= 0 ? '+' : ''}${round(growth * 100)}%, max ${round(maxRss / 1024)} MB); ` +
        `${outcomes.length} answers at ${round(outcomes.length / seconds, 0)} req/s; errors ${errors.length}`,
      failures,
      figures: {
        seconds,
        warmupSeconds,
        connections: CONNECTIONS,
        mix: '4 reads (player page, signed-in search) : 1 submission',
        rssAfterWarmupMb: round(startRss / 1024),
        rssAtEndMb: round(endRss / 1024),
        rssMaxMb: round(maxRss / 1024),
        rssGrowthPercent: round(growth * 100),
        requestsPerSecond: round(outcomes.length / seconds),
        statuses,
        errors: errors.length,
        reads: byKind('read'),
        submissions: byKind('submit'),
        rssSamplesMb: samples.map((s) => [s.second, round(s.rssKb / 1024)]),
      },
      serverLog: logSummary(logFileFor(context, 'soak')),
    };
  } finally {
    await load.stop();
    await app.stop();
  }
}
