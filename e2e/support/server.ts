import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const E2E_ADMIN = { email: 'admin@pickleball.test', key: 'e2e-admin-key-123456' };
export const E2E_DEVELOPERS = {
  regular: { id: 'devuser', password: 'devpass123' },
  admin: { id: 'devadmin', password: 'devpass456' },
};

export type RunningServer = { baseUrl: string; stop: () => Promise<void>; logs: () => string };

export type StartOptions = {
  /** Runs on the fresh data directory before the server starts (e.g. seeds what no screen can create). */
  prepare?: (dataDir: string) => Promise<void>;
  /** A port chosen beforehand (freePort), when something must know the address before the server starts. */
  port?: number;
};

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** The real server (`tsx server/main.ts`) on a free port with a fresh PGlite database of its own. */
export async function startServer(
  extraEnv: Record<string, string> = {},
  options: StartOptions = {},
): Promise<RunningServer> {
  const port = options.port ?? (await freePort());
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pr-e2e-'));
  await options.prepare?.(dataDir);
  const baseUrl = `http://127.0.0.1:${port}`;
  let output = '';
  const child: ChildProcess = spawn('npx', ['tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      PUBLIC_URL: baseUrl,
      DEMO_MODE: 'true',
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_KEY: E2E_ADMIN.key,
      DEV_USERS: `${E2E_DEVELOPERS.regular.id}:${E2E_DEVELOPERS.regular.password},${E2E_DEVELOPERS.admin.id}:${E2E_DEVELOPERS.admin.password}:admin`,
      LOG_LEVEL: 'warn',
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));

  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    try {
      const res = await fetch(`${baseUrl}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not start in time:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }

  return {
    baseUrl,
    logs: () => output,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
