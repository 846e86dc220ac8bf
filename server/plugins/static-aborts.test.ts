import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import type { App } from '../deps';
import { parseEnv } from '../env';
import { capturedLog } from '../test/captured-log';
import { openTestDatabase } from '../test/test-app';

/** Several megabytes that compress slowly and poorly, so an answer is still being sent when the client leaves. */
const bulky = () => randomBytes(12 * 1024 * 1024).toString('base64');

type LogLine = { level: number; msg?: string; err?: { message?: string } };

describe('a client that goes away mid-download', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'pr-aborts-'));
  const { lines, stream } = capturedLog();
  let app: App;
  let port: number;

  beforeAll(async () => {
    mkdirSync(path.join(root, 'assets'));
    writeFileSync(path.join(root, 'index.html'), '<html><head><!--app-head--></head><body></body></html>');
    // No .br/.gz sibling: compressed as it is sent to a browser that accepts it.
    writeFileSync(path.join(root, 'assets', 'plain-1a2b.js'), bulky());
    // With a sibling: the .br is sent as it is.
    writeFileSync(path.join(root, 'assets', 'packed-3c4d.js'), bulky());
    writeFileSync(path.join(root, 'assets', 'packed-3c4d.js.br'), randomBytes(16 * 1024 * 1024));
    app = await buildApp({
      env: parseEnv({ NODE_ENV: 'test' }),
      database: await openTestDatabase(),
      mailer: { send: async () => {} },
      logger: { level: 'debug', stream },
      serveClient: true,
      clientRoot: root,
      ssrEntry: path.join(root, 'no-ssr.js'),
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await app.close();
    rmSync(root, { recursive: true, force: true });
  });

  /** Starts downloading `file` from the listening server and hangs up once the first bytes arrive. */
  const abortMidway = (file: string, acceptEncoding: string) =>
    new Promise<void>((resolve, reject) => {
      const request = http.get(
        { host: '127.0.0.1', port, path: `/assets/${file}`, headers: { 'accept-encoding': acceptEncoding } },
        (response) => {
          expect(response.statusCode).toBe(200);
          response.once('data', () => {
            request.destroy();
            resolve();
          });
        },
      );
      request.on('error', (error) => (request.destroyed ? undefined : reject(error)));
    });

  const logged = () =>
    lines
      .join('')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as LogLine);
  const closedEarly = () => logged().filter((line) => line.msg === 'stream closed prematurely').length;

  it('is no error in the log, whether the file is compressed on the way, sent as it is, or sent precompressed', async () => {
    for (const [file, encoding] of [
      ['plain-1a2b.js', 'gzip, deflate, br'],
      ['plain-1a2b.js', 'identity'],
      ['packed-3c4d.js', 'gzip, deflate, br'],
    ]) {
      const before = closedEarly();
      await abortMidway(file, encoding);
      // Fastify notes each hang-up (at info); the compressing stream reports it too, right after.
      await expect.poll(closedEarly, { timeout: 10_000 }).toBe(before + 1);
    }
    await expect
      .poll(() => logged().filter((line) => line.err?.message === 'premature close').length, { timeout: 10_000 })
      .toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(logged().filter((line) => line.level >= 50)).toEqual([]);
  });
});
