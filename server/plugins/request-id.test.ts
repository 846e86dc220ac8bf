import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import type { Database } from '../db/client';
import type { App } from '../deps';
import { parseEnv } from '../env';
import { openTestDatabase } from '../test/test-app';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('request ids', () => {
  let app: App;
  let database: Database;
  const logLines: Record<string, unknown>[] = [];

  beforeAll(async () => {
    database = await openTestDatabase();
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of String(chunk).split('\n').filter(Boolean)) {
          logLines.push(JSON.parse(line) as Record<string, unknown>);
        }
        done();
      },
    });
    app = await buildApp({
      env: parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'info' }),
      database,
      logger: { stream },
    });
    app.get('/api/test/fails', { schema: { hide: true } }, async (request) => {
      request.log.info('about to fail');
      throw new Error('something unexpected');
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('every answer names its request in x-request-id, a new id each time', async () => {
    const answers = await Promise.all([
      app.inject({ method: 'GET', url: '/api/health/live' }),
      app.inject({ method: 'GET', url: '/api/nope' }),
      app.inject({ method: 'GET', url: '/api/players/abc' }),
      app.inject({ method: 'GET', url: '/api/my-ratings' }),
      app.inject({ method: 'POST', url: '/api/ratings', headers: { origin: 'https://evil.example' }, payload: {} }),
      app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'text/plain' }, payload: 'x' }),
    ]);
    expect(answers.map((res) => res.statusCode)).toEqual([200, 404, 400, 401, 403, 415]);
    const ids = answers.map((res) => res.headers['x-request-id']);
    for (const id of ids) expect(id).toMatch(UUID);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('a 500 gives the request id in its body, and every log line of that request carries it', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/test/fails' });
    expect(res.statusCode).toBe(500);
    const id = res.headers['x-request-id'];
    expect(res.json()).toEqual({ message: 'Internal server error', code: 'internal_error', requestId: id });
    const lines = logLines.filter((line) => line.reqId === id);
    expect(lines.map((line) => line.msg)).toEqual([
      'incoming request',
      'about to fail',
      'unhandled error',
      'request completed',
    ]);
    expect(JSON.stringify(res.json())).not.toContain('something unexpected');
  });
});
