import pg from 'pg';
import { logSummary } from './server-log';
import {
  countBy,
  isMessageBody,
  outcomeLabel,
  percentile,
  round,
  send,
  startLoad,
  type Outcome,
  maxOf,
} from './driver';
import { logFileFor, sleep, startPostgresApp, type ChaosContext, type ScenarioResult } from './scenario';

/** More than the app's pool (node-postgres, 20 by default), so every pooled connection ends up waiting. */
const CONNECTIONS = 40;
const HOLD_MS = 30_000;
/** Long enough to see how long a waiting request really takes; past HANG_MS it counts as a hang. */
const CLIENT_TIMEOUT_MS = 45_000;
const HANG_MS = 5000;
const PROBE_EVERY_MS = 1000;

type Probe = { label: string; path: string };
const PROBES: Probe[] = [
  { label: 'health', path: '/api/health' },
  { label: 'player', path: '/api/players/1' },
  { label: 'noop', path: '/api/bench/noop' },
];

function latencies(outcomes: Outcome[]) {
  const ms = outcomes.map((o) => o.ms);
  return {
    count: outcomes.length,
    statuses: countBy(outcomes, outcomeLabel),
    p50Ms: round(percentile(ms, 50)),
    p99Ms: round(percentile(ms, 99)),
    maxMs: round(maxOf(ms)),
  };
}

/**
 * Every connection of the app's pool stuck behind a lock: a separate client holds `lock table players in
 * access exclusive mode` for 30 s while 40 connections read players. /api/health and new requests must
 * then answer 503 within the pool's acquire or the statement's lock timeout, not wait for the lock.
 */
export async function poolExhaustion(context: ChaosContext): Promise<ScenarioResult> {
  const setup = await context.postgres();
  const app = await startPostgresApp(context, 'pool-exhaustion', setup);
  const locker = new pg.Client({ connectionString: setup.cluster.url });
  await locker.connect();
  const probes: { probe: string; during: boolean; outcome: Promise<Outcome> }[] = [];
  let load: ReturnType<typeof startLoad> | undefined;
  try {
    const before = await send(app.baseUrl, { kind: 'health', method: 'GET', path: '/api/health' }, { timeoutMs: 5000 });
    await locker.query('begin');
    await locker.query('lock table players in access exclusive mode');
    const lockedAt = performance.now();
    context.log(`[pool-exhaustion] players locked for ${HOLD_MS / 1000} s; ${CONNECTIONS} connections read players`);
    load = startLoad({
      baseUrl: app.baseUrl,
      connections: CONNECTIONS,
      timeoutMs: CLIENT_TIMEOUT_MS,
      next: () => ({ kind: 'read', method: 'GET', path: `/api/players/${1 + Math.floor(Math.random() * 1000)}` }),
    });
    // Let the pool fill, then probe once a second until the lock goes.
    await sleep(2000);
    while (performance.now() - lockedAt < HOLD_MS - PROBE_EVERY_MS) {
      for (const { label, path } of PROBES) {
        probes.push({
          probe: label,
          during: true,
          outcome: send(app.baseUrl, { kind: label, method: 'GET', path }, { timeoutMs: CLIENT_TIMEOUT_MS }),
        });
      }
      await sleep(PROBE_EVERY_MS);
    }
    await locker.query('rollback');
    const releasedAt = performance.now();
    context.log('[pool-exhaustion] lock released');
    await sleep(3000);
    for (const { label, path } of PROBES) {
      probes.push({
        probe: label,
        during: false,
        outcome: send(app.baseUrl, { kind: label, method: 'GET', path }, { timeoutMs: CLIENT_TIMEOUT_MS }),
      });
    }
    const settled = await Promise.all(probes.map(async (p) => ({ ...p, result: await p.outcome })));
    await load.stop();

    const during = (label: string) => settled.filter((p) => p.during && p.probe === label).map((p) => p.result);
    const after = (label: string) => settled.filter((p) => !p.during && p.probe === label).map((p) => p.result);
    const loadDuringLock = load.outcomes.filter((o) => o.start < releasedAt);
    const loadAnswered503 = loadDuringLock.filter((o) => o.status === 503);

    const failures: string[] = [];
    for (const label of ['health', 'player']) {
      const results = during(label);
      const slow = results.filter((o) => o.status === null || o.ms > HANG_MS);
      if (slow.length > 0) {
        failures.push(
          `${slow.length} of ${results.length} ${label} probes took over ${HANG_MS / 1000} s (max ${round(maxOf(slow.map((o) => o.ms)))} ms, statuses ${JSON.stringify(countBy(slow, outcomeLabel))})`,
        );
      }
      // A 200 is an honest answer too: a connection came free in time, or the lock went while it waited.
      const refused = results.filter((o) => o.status !== 503 && o.status !== 200);
      if (refused.length > 0) {
        failures.push(`${label} probes answered ${JSON.stringify(countBy(refused, outcomeLabel))} instead of 503`);
      }
      const badBodies = results.filter((o) => o.status !== null && o.status >= 400 && !isMessageBody(o.body));
      if (label !== 'health' && badBodies.length > 0)
        failures.push(`${badBodies.length} ${label} errors not {message}`);
    }
    const loadHangs = loadDuringLock.filter((o) => o.status === null || o.ms > HANG_MS);
    if (loadHangs.length > 0) {
      failures.push(
        `${loadHangs.length} of ${loadDuringLock.length} loaded requests sent during the lock took over ${HANG_MS / 1000} s (max ${round(maxOf(loadHangs.map((o) => o.ms)))} ms)`,
      );
    }
    const fiveHundreds = load.outcomes.filter((o) => o.status === 500).length;
    if (fiveHundreds > 0) failures.push(`${fiveHundreds} loaded requests answered 500`);
    const healthAfter = after('health')[0];
    if (healthAfter?.status !== 200) failures.push(`health after the release answered ${outcomeLabel(healthAfter)}`);

    const healthDuring = latencies(during('health'));
    const playerDuring = latencies(during('player'));
    return {
      name: 'pool-exhaustion',
      pass: failures.length === 0,
      target: `with every pooled connection waiting on a lock, /api/health and new requests answer 503 (or 200 once served) within ${HANG_MS / 1000} s, never hang`,
      summary:
        `health during the lock ${JSON.stringify(healthDuring.statuses)} p50 ${healthDuring.p50Ms} ms max ${healthDuring.maxMs} ms; ` +
        `new player reads ${JSON.stringify(playerDuring.statuses)} p50 ${playerDuring.p50Ms} ms max ${playerDuring.maxMs} ms; ` +
        `loaded reads ${JSON.stringify(latencies(loadDuringLock).statuses)} max ${latencies(loadDuringLock).maxMs} ms`,
      failures,
      figures: {
        connections: CONNECTIONS,
        lockHeldSeconds: round((releasedAt - lockedAt) / 1000),
        healthBefore: { status: outcomeLabel(before), ms: round(before.ms) },
        healthDuringLock: healthDuring,
        newPlayerReadsDuringLock: playerDuring,
        noopDuringLock: latencies(during('noop')),
        loadedReadsSentDuringLock: latencies(loadDuringLock),
        retryAfterOn503: `${loadAnswered503.filter((o) => o.retryAfter).length} of ${loadAnswered503.length}`,
        sample503Body: loadAnswered503[0]?.body ?? during('player').find((o) => o.status === 503)?.body,
        afterRelease: Object.fromEntries(
          PROBES.map(({ label }) => [
            label,
            after(label).map((o) => ({ status: outcomeLabel(o), ms: round(o.ms) }))[0],
          ]),
        ),
      },
      serverLog: logSummary(logFileFor(context, 'pool-exhaustion')),
    };
  } finally {
    await load?.stop();
    await locker.end().catch(() => undefined);
    await app.stop();
  }
}
