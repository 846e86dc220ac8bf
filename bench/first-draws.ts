import { writeFileSync } from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { playerPath } from '../common/player-path';
import type { Database } from '../server/db/client';
import { measure, warmUp, type Measurement } from './load';
import type { Scenario } from './scenarios';
import { startServer } from './server-process';

/*
 * The first-draws attack (docs/product.md#first-draws): one address asks for player pages and preview images nobody
 * asked for before, as fast as its connections allow, while another client reads pages the server keeps. Measured:
 * the reader's p99 on kept pages alone, then under the attack, with the limit (FIRST_DRAWS_PER_MINUTE's default)
 * and without it (0), each beside the primary-key reference route of the same server.
 */

const READER = '198.51.100.10';
const ATTACKER = '203.0.113.66';
/** The server believes X-Forwarded-For from the load generator, so the two clients are two addresses. */
const PROXY = '127.0.0.1';

type Target = { page: string; image: string };

async function uncachedTargets(database: Database, count: number): Promise<Target[]> {
  const result = (await database.db.execute(
    sql`select id, first_name, last_name, location from players order by random() limit ${count}`,
  )) as { rows: { id: number; first_name: string; last_name: string; location: string }[] };
  return result.rows.map((row) => ({
    page: playerPath({ id: row.id, firstName: row.first_name, lastName: row.last_name, location: row.location }),
    image: `/og/players/${row.id}.png`,
  }));
}

/**
 * flood: the attacker's connections ask as fast as they can, past its budget too (it then gets the fallbacks);
 * paced: it asks for new pages and pictures exactly as fast as its budget lets it draw them (one every 3 s at 20 a
 * minute), i.e. as fast as one address may have the server draw.
 */
export type AttackMode = 'flood' | 'paced';

export type AttackRun = {
  /** FIRST_DRAWS_PER_MINUTE of the server (0: no limit). */
  limitPerMinute: number;
  mode: AttackMode;
  pk: Measurement;
  alone: Measurement;
  underAttack: Measurement;
  /** underAttack p99 / alone p99 (target: at most 2). */
  p99Ratio: number;
  attacker: { connections: number; requestsPerSecond: number; non2xx: number; errors: number };
};

export type AttackOptions = {
  databaseUrl: string;
  sessionSecret: string;
  database: Database;
  statsClient: pg.Client;
  pk: Scenario;
  /** The kept pages the reader cycles through (drawn once before the measurement). */
  keptPaths: string[];
  seconds: number;
  readerConnections: number;
  attackerConnections: number;
  nodeArgs?: string[];
};

function cycle<T>(items: readonly T[]): () => T {
  let index = 0;
  return () => items[index++ % items.length];
}

/** Page, picture, page, ...: each of a player nobody asked for in this server's life. */
function attackPaths(targets: Target[]) {
  let next = 0;
  return () => {
    const target = targets[Math.floor(next / 2) % targets.length];
    const path = next % 2 === 0 ? target.page : target.image;
    next += 1;
    return path;
  };
}

/** Paced: one request each 60 / limit seconds, from the start, until stopped; answers how many were made. */
function pacedAttack(baseUrl: string, limitPerMinute: number, nextPath: () => string) {
  let made = 0;
  const ask = () => {
    made += 1;
    void fetch(`${baseUrl}${nextPath()}`, { headers: { 'accept-encoding': 'br, gzip', 'x-forwarded-for': ATTACKER } })
      .then((response) => response.arrayBuffer())
      .catch(() => undefined);
  };
  ask();
  const timer = setInterval(ask, 60_000 / Math.max(limitPerMinute, 1));
  return () => {
    clearInterval(timer);
    return made;
  };
}

async function attackRun(
  options: AttackOptions,
  limitPerMinute: number,
  mode: AttackMode,
  targets: Target[],
): Promise<AttackRun> {
  const phase = `first-draws-${mode}-${limitPerMinute === 0 ? 'unlimited' : `${limitPerMinute}-a-minute`}`;
  const server = await startServer({
    databaseUrl: options.databaseUrl,
    sessionSecret: options.sessionSecret,
    extraEnv: { TRUST_PROXY: PROXY, FIRST_DRAWS_PER_MINUTE: String(limitPerMinute) },
    nodeArgs: options.nodeArgs,
  });
  try {
    const keptPath = cycle(options.keptPaths);
    const reader: Scenario = {
      name: 'reader-kept-pages',
      route: 'GET /players/:id/:slug (HTML, kept), another address',
      kind: 'read',
      method: 'GET',
      headers: { 'accept-encoding': 'br, gzip', 'x-forwarded-for': READER },
      next: () => ({ path: keptPath() }),
    };
    // Drawn from a third address, so neither client's budget is spent on them.
    for (const page of options.keptPaths) {
      await (
        await fetch(`${server.baseUrl}${page}`, { headers: { 'x-forwarded-for': '198.51.100.99' } })
      ).arrayBuffer();
    }
    await warmUp(server, options.pk, 2);
    await warmUp(server, reader, 2);
    const { connections: n, seconds } = { connections: options.readerConnections, seconds: options.seconds };
    const pk = await measure(phase, server, options.pk, n, seconds, options.statsClient);
    const alone = await measure(phase, server, reader, n, seconds, options.statsClient);

    const nextPath = attackPaths(targets);
    if (mode === 'paced') {
      const stop = pacedAttack(server.baseUrl, limitPerMinute, nextPath);
      const underAttack = await measure(phase, server, reader, n, seconds, options.statsClient);
      const made = stop();
      return {
        limitPerMinute,
        mode,
        pk,
        alone,
        underAttack: { ...underAttack, scenario: 'reader-kept-pages-under-attack' },
        p99Ratio: alone.p99Ms > 0 ? underAttack.p99Ms / alone.p99Ms : 0,
        attacker: { connections: 1, requestsPerSecond: made / seconds, non2xx: 0, errors: 0 },
      };
    }
    const attack = autocannon({
      url: server.baseUrl,
      connections: options.attackerConnections,
      duration: seconds + 2,
      requests: [
        {
          method: 'GET',
          headers: { 'accept-encoding': 'br, gzip', 'x-forwarded-for': ATTACKER },
          setupRequest: (request) => ({ ...request, path: nextPath() }),
        },
      ],
    });
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const underAttack = await measure(phase, server, reader, n, seconds, options.statsClient);
    const attacked = await attack;
    return {
      limitPerMinute,
      mode,
      pk,
      alone,
      underAttack: { ...underAttack, scenario: 'reader-kept-pages-under-attack' },
      p99Ratio: alone.p99Ms > 0 ? underAttack.p99Ms / alone.p99Ms : 0,
      attacker: {
        connections: options.attackerConnections,
        requestsPerSecond: attacked.requests.average,
        non2xx: attacked.non2xx,
        errors: attacked.errors,
      },
    };
  } finally {
    await server.stop();
  }
}

/**
 * The attack at the pace the default limit allows, then flooding past it, then flooding a server without the limit:
 * the limit's worth is the difference.
 */
export async function measureFirstDrawsAttack(
  options: AttackOptions,
  runs: [number, AttackMode][] = [
    [20, 'paced'],
    [20, 'flood'],
    [0, 'flood'],
  ],
): Promise<AttackRun[]> {
  const results: AttackRun[] = [];
  for (const [limit, mode] of runs) {
    // Fresh players for each server: none of them is kept anywhere yet.
    const targets = await uncachedTargets(options.database, 20_000);
    results.push(await attackRun(options, limit, mode, targets));
  }
  return results;
}

export function firstDrawsMarkdown(runs: AttackRun[], meta: { date: string; dataset: Record<string, number> }): string {
  const ms = (value: number) => `${value.toFixed(0)} ms`;
  const lines = [
    `# First draws under attack (${meta.date})`,
    '',
    `Dataset: ${Object.entries(meta.dataset)
      .map(([table, rows]) => `${table} ${rows.toLocaleString('en-US')}`)
      .join(', ')}.`,
    '',
    'One address (the attacker) asks for player pages and preview images of players nobody asked for before,',
    'alternating page and picture: paced, as fast as its budget of first draws lets it have them drawn (one every',
    '60/limit s); flood, as fast as its connections allow (past the budget it gets the facts and the site picture).',
    'Another address (the reader) reads pages the server keeps. p99 of the reader alone, then under the attack; the',
    'primary-key reference route of the same server beside.',
    '',
    '| FIRST_DRAWS_PER_MINUTE | attacker | pk p99 | reader p99 alone | reader p99 under attack | ratio (target ≤ 2) | reader req/s alone / attacked | attacker req/s (connections) |',
    '| --- | --- | --- | --- | --- | --- | --- | --- |',
    ...runs.map(
      (run) =>
        `| ${run.limitPerMinute === 0 ? '0 (no limit)' : run.limitPerMinute} | ${run.mode} | ${ms(run.pk.p99Ms)} | ${ms(run.alone.p99Ms)} | ${ms(run.underAttack.p99Ms)} | ${run.p99Ratio.toFixed(2)}× | ${run.alone.requestsPerSecond.toFixed(0)} / ${run.underAttack.requestsPerSecond.toFixed(0)} | ${run.attacker.requestsPerSecond.toFixed(run.attacker.requestsPerSecond < 10 ? 2 : 0)} (${run.attacker.connections}) |`,
    ),
    '',
  ];
  return lines.join('\n');
}

export function writeFirstDrawsResults(
  directory: string,
  runs: AttackRun[],
  meta: { date: string; dataset: Record<string, number> },
) {
  const stamp = meta.date.replace(/[:]/g, '-').replace(/\..*$/, '');
  const file = path.join(directory, `first-draws-${stamp}.md`);
  writeFileSync(file, firstDrawsMarkdown(runs, meta));
  writeFileSync(file.replace(/\.md$/, '.json'), `${JSON.stringify({ meta, runs }, null, 2)}\n`);
  return file;
}
