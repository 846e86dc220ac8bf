import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chownSync, createWriteStream, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

/**
 * A throw-away PostgreSQL cluster of our own (initdb in a temp directory, its own port), so the chaos run
 * can kill its postmaster without touching the machine's main server on 5432.
 */
export type Cluster = {
  port: number;
  /** The chaos database's URL. */
  url: string;
  /** The running postmaster's pid (0 when it is down). */
  pid: () => number;
  /** Starts the postmaster; resolves with how many attempts it took once it accepts connections. */
  start: () => Promise<number>;
  /** kill -9 of the postmaster, as a crash would. */
  killPostmaster: () => Promise<void>;
  destroy: () => Promise<void>;
};

const MAIN_POSTGRES_PORT = 5432;

function binDirectory(): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  for (const version of versions) {
    const bin = path.join(root, version, 'bin');
    if (existsSync(path.join(bin, 'postgres'))) return bin;
  }
  throw new Error(`no PostgreSQL binaries under ${root}/*/bin`);
}

/** initdb and postgres refuse to run as root: run them as the postgres account when we are root. */
function runAs(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
  const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
  return { uid, gid };
}

async function canConnect(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

export async function createCluster(options: { port: number; log: (message: string) => void }): Promise<Cluster> {
  const { port, log } = options;
  if (port === MAIN_POSTGRES_PORT) throw new Error('the chaos cluster must not use the main PostgreSQL port 5432');
  const bin = binDirectory();
  const owner = runAs();
  const root = mkdtempSync(path.join(os.tmpdir(), 'chaos-pg-'));
  const dataDir = path.join(root, 'data');
  if (owner) chownSync(root, owner.uid, owner.gid);

  const init = spawnSync(
    path.join(bin, 'initdb'),
    ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8'],
    { ...owner, encoding: 'utf8' },
  );
  if (init.status !== 0) throw new Error(`initdb failed: ${init.stderr}`);

  const maintenanceUrl = `postgres://postgres@127.0.0.1:${port}/postgres`;
  const url = `postgres://postgres@127.0.0.1:${port}/chaos`;
  const logFile = createWriteStream(path.join(root, 'postgres.log'), { flags: 'a' });
  let child: ChildProcess | undefined;
  let exited: Promise<void> = Promise.resolve();

  const spawnPostmaster = () => {
    const started = spawn(
      path.join(bin, 'postgres'),
      [
        ...['-D', dataDir, '-p', String(port), '-k', '/tmp', '-c', 'listen_addresses=127.0.0.1', '-c', 'fsync=on'],
        // After a crash PostgreSQL syncs its data directory before recovery: one syncfs, not a fsync per file.
        ...['-c', 'recovery_init_sync_method=syncfs'],
      ],
      { ...owner, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    started.stdout?.pipe(logFile, { end: false });
    started.stderr?.pipe(logFile, { end: false });
    exited = new Promise((resolve) => started.once('exit', () => resolve()));
    return started;
  };

  const start = async () => {
    const deadline = Date.now() + 60_000;
    // After a kill -9, orphaned backends may still hold the old shared memory for a moment: retry.
    for (let attempt = 1; ; attempt += 1) {
      child = spawnPostmaster();
      const current = child;
      for (let i = 0; i < 120 && current.exitCode === null; i += 1) {
        if (await canConnect(maintenanceUrl)) return attempt;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      if (current.exitCode === null) {
        current.kill('SIGKILL');
        await exited;
      }
      if (Date.now() > deadline) throw new Error(`the chaos PostgreSQL did not start; see ${root}/postgres.log`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  };

  await start();
  const admin = new pg.Client({ connectionString: maintenanceUrl });
  await admin.connect();
  await admin.query('create database chaos');
  await admin.end();
  log(`own PostgreSQL (${path.basename(path.dirname(bin))}) on port ${port}, data in ${dataDir}`);

  return {
    port,
    url,
    pid: () => (child && child.exitCode === null && child.signalCode === null ? (child.pid ?? 0) : 0),
    start,
    killPostmaster: async () => {
      if (!child?.pid || child.exitCode !== null) throw new Error('the chaos PostgreSQL is not running');
      process.kill(child.pid, 'SIGKILL');
      await exited;
    },
    destroy: async () => {
      if (child && child.exitCode === null && child.signalCode === null) {
        // Fast shutdown (SIGINT): rolls back open transactions and exits.
        child.kill('SIGINT');
        const timer = setTimeout(() => child?.kill('SIGKILL'), 15_000);
        await exited;
        clearTimeout(timer);
      }
      logFile.end();
      rmSync(root, { recursive: true, force: true });
    },
  };
}
