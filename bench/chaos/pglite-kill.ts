import path from 'node:path';
import { openDatabase } from '../../server/db/client';
import { startApp, type AppProcess } from '../server-process';
import { logSummary } from './server-log';
import { countBy, outcomeLabel, round, startLoad } from './driver';
import { createdId, prepareData, storedRatingIds, submissions } from './fixtures';
import { logFileFor, sleep, type ChaosContext, type ScenarioResult } from './scenario';

const CONNECTIONS = 8;
const LOAD_MS = 8000;

/**
 * The app on embedded PGlite killed (kill -9) while raters submit, then started again on the same
 * DATA_DIR: the database must open and hold every rating that was answered 201.
 */
export async function pgliteKill(context: ChaosContext): Promise<ScenarioResult> {
  const dataDir = path.join(context.workDir, 'pglite-data');
  const logFile = logFileFor(context, 'pglite-kill');
  const seeded = await openDatabase({ dataDir });
  const data = await prepareData(seeded, context.sessionSecret, { players: 2000, ratings: 4000, raters: 11 });
  await seeded.close();

  const appOptions = {
    entry: context.entry,
    port: context.appPort,
    sessionSecret: context.sessionSecret,
    dataDir,
    logFile,
  };
  const app = await startApp(appOptions);
  context.log(`[pglite-kill] server pid ${app.pid} on PGlite in ${dataDir}`);
  const acknowledged: number[] = [];
  const load = startLoad({
    baseUrl: app.baseUrl,
    connections: CONNECTIONS,
    next: submissions(data),
    timeoutMs: 5000,
    onOutcome: (outcome) => {
      const id = outcome.status === 201 ? createdId(outcome.body) : null;
      if (id !== null) acknowledged.push(id);
    },
  });
  await sleep(LOAD_MS);
  const inFlightAtKill = load.inFlight();
  const killedAt = performance.now();
  app.signal('SIGKILL');
  await app.exited;
  await load.stop();
  const afterKill = countBy(
    load.outcomes.filter((o) => o.start + o.ms >= killedAt),
    outcomeLabel,
  );
  context.log(
    `[pglite-kill] killed after ${acknowledged.length} acknowledged ratings; restarting on the same DATA_DIR`,
  );

  const failures: string[] = [];
  const restartFrom = performance.now();
  let restartSeconds: number | null = null;
  let throughApi: number | null = null;
  let restarted: AppProcess | undefined;
  try {
    restarted = await startApp(appOptions);
    restartSeconds = round((performance.now() - restartFrom) / 1000);
    // Through the API: each rater's own list.
    const listed = new Set<number>();
    for (const rater of data.raters) {
      const { baseUrl } = restarted;
      const response = await fetch(`${baseUrl}/api/my-ratings`, {
        headers: { cookie: rater.cookie },
        signal: AbortSignal.timeout(10_000),
      });
      if (response.status !== 200) {
        failures.push(`GET /api/my-ratings answered ${response.status} after the restart`);
        continue;
      }
      for (const rating of (await response.json()) as { id: number }[]) listed.add(rating.id);
    }
    throughApi = acknowledged.filter((id) => listed.has(id)).length;
    const exit = await restarted.stop();
    if (exit.code !== 0) failures.push(`the restarted server exited with ${exit.code ?? exit.signal} on SIGTERM`);
  } catch (error) {
    failures.push(`the restart failed: ${(error as Error).message}`);
    await restarted?.stop();
  }

  let stored = new Set<number>();
  try {
    const reopened = await openDatabase({ dataDir });
    stored = await storedRatingIds(reopened, acknowledged);
    await reopened.close();
  } catch (error) {
    failures.push(`the PGlite directory did not open: ${(error as Error).message}`);
  }
  const lost = acknowledged.filter((id) => !stored.has(id));
  if (lost.length > 0)
    failures.push(`${lost.length} acknowledged ratings are missing (ids ${lost.slice(0, 10).join(', ')})`);
  if (throughApi !== null && throughApi < acknowledged.length) {
    failures.push(`the raters' own lists show ${throughApi} of ${acknowledged.length} acknowledged ratings`);
  }

  return {
    name: 'pglite-kill',
    pass: failures.length === 0,
    target: 'after kill -9 the app restarts on the same DATA_DIR and every rating answered 201 is present',
    summary:
      `acknowledged ${acknowledged.length}, lost ${lost.length} (in the rater lists: ${throughApi ?? 'n/a'}); ` +
      `restart to healthy ${restartSeconds ?? 'failed'} s; in flight at the kill ${inFlightAtKill}`,
    failures,
    figures: {
      connections: CONNECTIONS,
      submitSeconds: LOAD_MS / 1000,
      acknowledged: acknowledged.length,
      submissionsPerSecond: round(acknowledged.length / (LOAD_MS / 1000)),
      inFlightAtKill,
      outcomesAtKill: afterKill,
      restartToHealthySeconds: restartSeconds,
      presentInRaterLists: throughApi,
      storedInDatabase: stored.size,
      lost: lost.length,
    },
    serverLog: logSummary(logFile),
  };
}
