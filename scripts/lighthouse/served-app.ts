/** The production build, served on a free port with a throw-away seeded database, for the Lighthouse run. */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';

function newestMtime(target: string): number {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(target).map((entry) => newestMtime(path.join(target, entry))));
}

export function buildIfStale(output: string, sources: string[], script: string) {
  if (existsSync(output) && newestMtime(output) >= Math.max(...sources.map(newestMtime))) return;
  console.log(`Building (${script})…`);
  const build = spawnSync(process.execPath, [script], { stdio: 'inherit' });
  if (build.status !== 0) throw new Error(`${script} failed`);
}

export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });

export async function waitUntilUp(url: string, server: ChildProcess) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`The server exited with code ${server.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The server did not answer ${url} within 60 s`);
}

/** This environment without DATABASE_URL: the run's database is a throw-away PGlite directory. */
function embeddedDatabaseEnv(): NodeJS.ProcessEnv {
  const { DATABASE_URL: _unused, ...rest } = process.env;
  return rest;
}

/** A small seeded database (players with ratings and estimates), so a player page has something to show. */
export function seedDatabase(dataDir: string) {
  const seed = spawnSync(
    process.execPath,
    [path.resolve('node_modules/tsx/dist/cli.mjs'), 'server/db/seed.ts', '--players', '300', '--ratings', '3000'],
    { stdio: ['ignore', 'ignore', 'inherit'], env: { ...embeddedDatabaseEnv(), DATA_DIR: dataDir } },
  );
  if (seed.status !== 0) throw new Error('Seeding the Lighthouse database failed');
}

/** The path of the most-rated public player among the sitemap's first page: a page worth sharing. */
export async function playerPagePath(base: string): Promise<string> {
  const index = await (await fetch(`${base}/sitemap.xml`)).text();
  const sitemaps = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
  const players = sitemaps.find((url) => url.includes('players'));
  if (!players) throw new Error('The sitemap lists no players');
  const urls = [...(await (await fetch(players)).text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
  let best = { path: '', ratings: -1 };
  for (const url of urls.slice(0, 60)) {
    const id = /\/players\/(\d+)/.exec(url)?.[1];
    const page = (await (await fetch(`${base}/api/players/${id}/page`)).json()) as {
      ratingCount?: number;
      skill?: { reliability?: { ratings?: number } };
    };
    const ratings = page.skill?.reliability?.ratings ?? 0;
    if (ratings > best.ratings) best = { path: new URL(url).pathname, ratings };
  }
  if (!best.path) throw new Error('No player page found through the sitemap');
  return best.path;
}

export function startServer(port: number, dataDir: string) {
  const compiled = path.resolve('dist/server/main.js');
  if (existsSync(compiled) && existsSync('scripts/build-server.mjs'))
    buildIfStale('dist/server/main.js', ['server', 'common'], 'scripts/build-server.mjs');
  const command = existsSync(compiled)
    ? [compiled]
    : [path.resolve('node_modules/tsx/dist/cli.mjs'), path.resolve('server/main.ts')];
  return spawn(process.execPath, command, {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...embeddedDatabaseEnv(),
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: `http://localhost:${port}`,
      // Production refuses weak secrets: fresh random ones for this run only.
      SESSION_SECRET: randomBytes(32).toString('base64'),
      LOG_LEVEL: 'warn',
    },
  });
}
