import { AsyncLocalStorage } from 'node:async_hooks';
import pg from 'pg';
import { buildApp } from '../server/app';
import { openDatabase } from '../server/db/client';
import { parseEnv } from '../server/env';
import { eraseBenchRatings, type BenchUser } from './bench-database';
import type { Scenario } from './scenarios';

/*
 * Runs each hot call once in-process (buildApp + inject) while recording every SQL statement the
 * app sends, then replays those statements under EXPLAIN (ANALYZE, BUFFERS) inside a transaction
 * that is rolled back. What is explained is exactly what the routes run, whoever wrote them.
 */

type Statement = { text: string; values: unknown[] | undefined };
type Explained = Statement & { ms: number; plan: string[]; error?: string };

let recording: Statement[] | null = null;
let hooked = false;
/**
 * Set for the explained request and what it starts: the background jobs' statements (the trust worker's look for
 * marks, the leaderboard refresh) run on their own timers outside it, and are not charged to the call they overlap.
 */
const explainedRequest = new AsyncLocalStorage<true>();

function hookQueries(): void {
  if (hooked) return;
  hooked = true;
  type Query = (this: pg.Client, ...args: unknown[]) => unknown;
  const prototype = pg.Client.prototype as unknown as { query: Query };
  const original = prototype.query;
  prototype.query = function (this: pg.Client, ...args: unknown[]) {
    if (recording && explainedRequest.getStore()) {
      const [first, second] = args;
      if (typeof first === 'string')
        recording.push({ text: first, values: Array.isArray(second) ? second : undefined });
      else if (first && typeof first === 'object' && 'text' in first && typeof first.text === 'string') {
        const values = 'values' in first && Array.isArray(first.values) ? (first.values as unknown[]) : undefined;
        recording.push({ text: first.text, values: values ?? (Array.isArray(second) ? second : undefined) });
      }
    }
    return original.apply(this, args);
  };
}

const CONTROL = /^\s*(begin|commit|rollback|savepoint|release|set\s)/i;
const SCAN = /(Seq Scan|Index Only Scan|Index Scan|Bitmap Heap Scan|Bitmap Index Scan)( Backward)?( using \S+)? on \S+/;
/** A sequential scan worth a reader's attention: one that took at least this long. */
const SLOW_SCAN_MS = 5;

async function explainAll(client: pg.PoolClient, statements: Statement[]): Promise<Explained[]> {
  const explained: Explained[] = [];
  await client.query('begin');
  try {
    for (const [index, statement] of statements.entries()) {
      const savepoint = `s${index}`;
      await client.query(`savepoint ${savepoint}`);
      try {
        const result = await client.query<{ 'QUERY PLAN': string }>({
          text: `explain (analyze, buffers) ${statement.text}`,
          values: statement.values,
        });
        const plan = result.rows.map((row) => row['QUERY PLAN']);
        const time = plan.find((line) => line.startsWith('Execution Time'));
        explained.push({ ...statement, plan, ms: time ? Number(/([\d.]+) ms/.exec(time)?.[1] ?? 0) : 0 });
        await client.query(`release savepoint ${savepoint}`);
      } catch (error) {
        await client.query(`rollback to savepoint ${savepoint}`);
        explained.push({ ...statement, plan: [], ms: 0, error: (error as Error).message });
      }
    }
  } finally {
    await client.query('rollback');
  }
  return explained;
}

function gist(plan: string[]): string {
  const scans = plan
    .map((line) => {
      const scan = SCAN.exec(line)?.[0];
      if (!scan) return undefined;
      const finishedAt = Number(/actual time=[\d.]+\.\.([\d.]+)/.exec(line)?.[1] ?? 0);
      return scan.startsWith('Seq Scan') && finishedAt >= SLOW_SCAN_MS ? `**${scan}**` : scan;
    })
    .filter((scan): scan is string => Boolean(scan));
  const other = plan
    .map(
      (line) =>
        /(Sort Method: [^ ]+(?: [^ ]+)?|HashAggregate|GroupAggregate|Nested Loop|Hash Join|Merge Join)/.exec(line)?.[1],
    )
    .filter((node): node is string => Boolean(node));
  return [...new Set([...scans, ...other])].join('; ') || '(no table access)';
}

const oneLine = (text: string, max = 160) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max)}…` : flat;
};

export async function explainHotCalls(options: {
  databaseUrl: string;
  sessionSecret: string;
  scenarios: Scenario[];
  submitters: BenchUser[];
}): Promise<string> {
  hookQueries();
  const database = await openDatabase({ url: options.databaseUrl, poolSize: 4, timeouts: { statementMs: 0 } });
  const env = parseEnv({
    NODE_ENV: 'production',
    PUBLIC_URL: 'http://localhost:5000',
    DATABASE_URL: options.databaseUrl,
    SESSION_SECRET: options.sessionSecret,
    LOG_LEVEL: 'silent',
    BENCH_ROUTES: 'true',
    // Every leaderboard request computes, so its query is what gets explained.
    LEADERBOARD_CACHE_SECONDS: '0',
  });
  const app = await buildApp({ env, database, serveClient: true });
  await app.ready();
  const pool = (database.db as unknown as { $client: pg.Pool }).$client;
  const sections: string[] = [];
  const summary: string[] = [];
  try {
    for (const scenario of options.scenarios.filter((candidate) => candidate.name !== 'noop')) {
      if (scenario.kind !== 'write') {
        const warm = scenario.next();
        await app.inject({
          method: scenario.method,
          url: warm.path,
          headers: { ...scenario.headers, ...warm.headers },
          payload: warm.body,
        });
      }
      const request = scenario.next();
      recording = [];
      // `await` inside: inject sends the request when awaited, which must happen within the context.
      const response = await explainedRequest.run(
        true,
        async () =>
          await app.inject({
            method: scenario.method,
            url: request.path,
            headers: { ...scenario.headers, ...request.headers },
            payload: request.body,
          }),
      );
      await new Promise((resolve) => setTimeout(resolve, 50));
      const statements = recording.filter((statement) => !CONTROL.test(statement.text));
      recording = null;
      if (scenario.kind === 'write' && response.statusCode < 300) {
        const created = response.json<{ id?: number; rating?: { id?: number } }>();
        const ratingId = created.id ?? created.rating?.id;
        if (ratingId) await eraseBenchRatings(database.db, options.submitters);
      }

      const client = await pool.connect();
      let explained: Explained[];
      try {
        // The second pass runs on warm caches, as the steady state of the load test does.
        await explainAll(client, statements);
        explained = await explainAll(client, statements);
      } finally {
        client.release();
      }
      const total = explained.reduce((sum, statement) => sum + statement.ms, 0);
      summary.push(
        `| ${scenario.name} | ${response.statusCode} | ${explained.length} | ${total.toFixed(2)} | ${explained
          .filter((statement) => statement.ms >= 0.5 || /\*\*/.test(gist(statement.plan)))
          .map((statement) => `${gist(statement.plan)} (${statement.ms.toFixed(2)} ms)`)
          .join('<br>')} |`,
      );
      sections.push(
        [
          `## ${scenario.name}: ${scenario.route}`,
          '',
          `Request ${scenario.method} ${request.path} answered ${response.statusCode}; ${explained.length} statements, ${total.toFixed(2)} ms of execution in PostgreSQL.`,
          '',
          ...explained.map((statement, i) =>
            [
              `${i + 1}. \`${oneLine(statement.text)}\``,
              `   - ${statement.error ? `error: ${statement.error}` : `${statement.ms.toFixed(3)} ms; ${gist(statement.plan)}`}`,
              ...(statement.ms >= 1
                ? ['', '   ```', ...statement.plan.slice(0, 30).map((line) => `   ${line}`), '   ```', '']
                : []),
            ].join('\n'),
          ),
          '',
        ].join('\n'),
      );
    }
  } finally {
    await app.close();
    await database.close();
  }
  return `# EXPLAIN (ANALYZE, BUFFERS) of the hot calls

Generated by \`npm run bench\` on ${new Date().toISOString()}: each call below was made once in-process
against the bench database; every statement it sent was then replayed under EXPLAIN ANALYZE in a
rolled-back transaction (second pass, warm cache). Bold: a sequential scan that took 5 ms or more.
Leaderboard caching is off here (LEADERBOARD_CACHE_SECONDS=0), so its queries are explained.

| call | status | statements | PostgreSQL ms | notable plan nodes |
|---|---|---|---|---|
${summary.join('\n')}

${sections.join('\n')}`;
}
