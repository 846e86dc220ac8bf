import { logSummary, logTail } from './server-log';
import { countBy, isMessageBody, outcomeLabel, round, startLoad, type Outcome, maxOf } from './driver';
import { createdId, mixed, storedRatingIds } from './fixtures';
import { logFileFor, sleep, startPostgresApp, withDatabase, type ChaosContext, type ScenarioResult } from './scenario';

const CONNECTIONS = 20;
const CLIENT_TIMEOUT_MS = 5000;
const WARMUP_MS = 3000;
const BASELINE_MS = 10_000;
const OUTAGE_MS = 10_000;
const AFTER_RESTART_MS = 20_000;
const RECOVERY_TARGET_S = 10;
/** "Back to its earlier throughput": a full second at this share of the baseline's rate. */
const RECOVERED_SHARE = 0.9;

const end = (outcome: Outcome) => outcome.start + outcome.ms;
const ok = (outcome: Outcome) => outcome.status !== null && outcome.status >= 200 && outcome.status < 300;

/**
 * PostgreSQL killed (kill -9 of the postmaster) under reads and submissions, restarted 10 s later: the
 * app must answer 503 {message} meanwhile, never hang or leak a 500, come back to its throughput within
 * 10 s of the restart, and keep every rating it acknowledged.
 */
export async function pgKill(context: ChaosContext): Promise<ScenarioResult> {
  const setup = await context.postgres();
  const app = await startPostgresApp(context, 'pg-kill', setup);
  const acknowledged: number[] = [];
  const load = startLoad({
    baseUrl: app.baseUrl,
    connections: CONNECTIONS,
    next: mixed(setup.data, 4),
    timeoutMs: CLIENT_TIMEOUT_MS,
    onOutcome: (outcome) => {
      if (outcome.status !== 201) return;
      const id = createdId(outcome.body);
      if (id !== null) acknowledged.push(id);
    },
  });
  try {
    await sleep(WARMUP_MS);
    const baselineFrom = performance.now();
    await sleep(BASELINE_MS);
    const killedAt = performance.now();
    context.log(`[pg-kill] kill -9 postmaster ${setup.cluster.pid()}`);
    await setup.cluster.killPostmaster();
    await sleep(OUTAGE_MS - (performance.now() - killedAt));
    const restartAt = performance.now();
    const attempts = await setup.cluster.start();
    const acceptingAt = performance.now();
    context.log(
      `[pg-kill] PostgreSQL accepting again ${round((acceptingAt - restartAt) / 1000)} s after the restart (${attempts} start attempts)`,
    );
    await sleep(AFTER_RESTART_MS + 1000);
    await load.stop();

    const outcomes = load.outcomes;
    const baselineRate =
      outcomes.filter((o) => ok(o) && end(o) >= baselineFrom && end(o) < killedAt).length / (BASELINE_MS / 1000);
    // Everything that ended between the kill and PostgreSQL accepting again.
    const outage = outcomes.filter((o) => end(o) >= killedAt && end(o) < acceptingAt);
    const outageStatuses = countBy(outage, outcomeLabel);
    const failedAnswers = outcomes.filter((o) => !ok(o));
    const hangs = outcomes.filter((o) => o.error === 'timeout');
    const fiveHundreds = outcomes.filter((o) => o.status === 500);
    const badBodies = failedAnswers.filter((o) => o.status !== null && !isMessageBody(o.body));
    const outageNon503 = outage.filter((o) => !ok(o) && o.status !== 503);
    const with503 = outcomes.filter((o) => o.status === 503);

    // Recovery: the end of the first full second (sliding by 100 ms) at RECOVERED_SHARE of the baseline
    // rate, counted from when PostgreSQL accepts connections again: its own crash recovery is not the app's.
    const successEnds = outcomes.filter(ok).map(end);
    let recoveredAt: number | null = null;
    for (let from = acceptingAt; from + 1000 <= acceptingAt + AFTER_RESTART_MS; from += 100) {
      const inSecond = successEnds.filter((t) => t >= from && t < from + 1000).length;
      if (inSecond >= RECOVERED_SHARE * baselineRate) {
        recoveredAt = from + 1000;
        break;
      }
    }
    const recoverySeconds = recoveredAt === null ? null : round((recoveredAt - acceptingAt) / 1000);
    const afterRate = outcomes.filter((o) => ok(o) && end(o) >= acceptingAt + AFTER_RESTART_MS - 10_000).length / 10;

    const stored = await withDatabase(setup.cluster.url, (database) => storedRatingIds(database, acknowledged));
    const lost = acknowledged.filter((id) => !stored.has(id));
    const alive = app.alive();
    const exit = alive ? null : await app.exited;

    const failures: string[] = [];
    if (exit) {
      const after = round((exit.at - killedAt) / 1000);
      failures.push(`the server process died ${after} s after the kill (exit ${exit.code ?? exit.signal})`);
    }
    if (hangs.length > 0) {
      const kinds = countBy(hangs, (o) => o.kind);
      failures.push(
        `${hangs.length} requests got no answer within ${CLIENT_TIMEOUT_MS / 1000} s (${JSON.stringify(kinds)})`,
      );
    }
    if (fiveHundreds.length > 0) {
      failures.push(`${fiveHundreds.length} answers were 500 (body ${JSON.stringify(fiveHundreds[0].body ?? '')})`);
    }
    if (outageNon503.length > 0) {
      failures.push(
        `during the outage, answers other than 2xx/503: ${JSON.stringify(countBy(outageNon503, outcomeLabel))}`,
      );
    }
    if (badBodies.length > 0) failures.push(`${badBodies.length} error answers were not {message} JSON`);
    if (recoverySeconds === null || recoverySeconds > RECOVERY_TARGET_S) {
      failures.push(
        `throughput not back to ${RECOVERED_SHARE * 100}% of ${round(baselineRate)} req/s within ${RECOVERY_TARGET_S} s of PostgreSQL accepting again (${recoverySeconds === null ? `not within ${AFTER_RESTART_MS / 1000} s` : `${recoverySeconds} s`})`,
      );
    }
    if (lost.length > 0)
      failures.push(`${lost.length} acknowledged ratings are missing (ids ${lost.slice(0, 10).join(', ')})`);

    const maxLatency = round(maxOf(outcomes.map((o) => o.ms)));
    const figures = {
      connections: CONNECTIONS,
      mix: '3 reads (player page, signed-in search) : 1 submission',
      baselineRequestsPerSecond: round(baselineRate),
      outageSeconds: round((acceptingAt - killedAt) / 1000),
      postgresAcceptingAfterRestartSeconds: round((acceptingAt - restartAt) / 1000),
      statusesDuringOutage: outageStatuses,
      answersDuringOutage: outage.length,
      outageAnswersPerSecond: round(outage.length / ((acceptingAt - killedAt) / 1000)),
      retryAfterOn503: `${with503.filter((o) => o.retryAfter).length} of ${with503.length}`,
      hangs: hangs.length,
      // When each hang was sent, in seconds from the kill (PostgreSQL accepted again at outageSeconds).
      hangsSentAfterKillSeconds: hangs.map((o) => round((o.start - killedAt) / 1000, 2)),
      status500: fiveHundreds.length,
      sample500Body: fiveHundreds[0]?.body,
      sample503Body: with503[0]?.body,
      maxLatencyMs: maxLatency,
      maxLatencyDuringOutageMs: round(maxOf(outage.map((o) => o.ms))),
      recoverySeconds,
      recoveryFromRestartCommandSeconds: recoveredAt === null ? null : round((recoveredAt - restartAt) / 1000),
      requestsPerSecondLast10s: round(afterRate),
      statusesOverall: countBy(outcomes, outcomeLabel),
      acknowledged: acknowledged.length,
      stored: stored.size,
      lost: lost.length,
      serverAlive: alive,
      serverLogTail: exit ? logTail(logFileFor(context, 'pg-kill')) : undefined,
      serverExit: exit && {
        code: exit.code,
        signal: exit.signal,
        secondsAfterKill: round((exit.at - killedAt) / 1000),
      },
    };
    return {
      name: 'pg-kill',
      pass: failures.length === 0,
      target:
        'app up; 503 {message} while PostgreSQL is gone (no hang > 5 s, no 500); throughput back within 10 s of PostgreSQL accepting again; no acknowledged rating lost',
      summary:
        `acknowledged ${acknowledged.length}, lost ${lost.length}; outage statuses ${JSON.stringify(outageStatuses)}; ` +
        `hangs ${hangs.length}, 500s ${fiveHundreds.length}; max latency ${maxLatency} ms; ` +
        `recovery ${recoverySeconds ?? '>' + AFTER_RESTART_MS / 1000} s after PostgreSQL accepted again (${round((acceptingAt - restartAt) / 1000)} s after its restart; baseline ${round(baselineRate)} req/s)`,
      failures,
      figures,
      serverLog: logSummary(logFileFor(context, 'pg-kill')),
    };
  } finally {
    await load.stop();
    if (!setup.cluster.pid()) await setup.cluster.start();
    await app.stop();
  }
}
