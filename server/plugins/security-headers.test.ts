import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODE_LIST } from '../../common/error-codes';
import { createTestApp, type TestApp } from '../test/test-app';

/** One raw HTTP exchange over a real socket, for requests no HTTP client would send. */
function rawExchange(port: number, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(request));
    let answer = '';
    socket.on('data', (chunk) => (answer += String(chunk)));
    socket.on('close', () => resolve(answer));
    socket.on('error', reject);
  });
}

function parseRaw(answer: string) {
  const [head = '', body = ''] = answer.split('\r\n\r\n');
  const [statusLine = '', ...lines] = head.split('\r\n');
  const headers = Object.fromEntries(
    lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
  );
  return { status: Number(statusLine.split(' ')[1]), headers, body };
}

describe('every answer carries the security headers and the {message} shape', () => {
  let t: TestApp;
  let base: string;
  let port: number;

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as { port: number }).port;
    base = `http://127.0.0.1:${port}`;
  });
  afterAll(() => t.close());

  const expectHardened = (headers: Record<string, string | undefined>, body: string) => {
    expect(headers['content-security-policy']).toContain("default-src 'self'");
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const json = JSON.parse(body) as Record<string, unknown>;
    expect(typeof json.message).toBe('string');
    expect(ERROR_CODE_LIST).toContain(json.code);
    expect(Object.keys(json).filter((key) => !['message', 'code', 'errors'].includes(key))).toEqual([]);
    expect(body).not.toMatch(/FST_|ERR_|statusCode/);
  };

  it.each([
    ['a path parameter of 120 digits', `/api/players/${'1'.repeat(120)}`, {}, 414],
    ['an unknown API path', '/api/nope', {}, 404],
    ['a malformed id', '/api/players/abc', {}, 400],
    ['a path that is not valid percent-encoding', '/api/players/%E0%A4%A', {}, 400],
    ['a method no route has', '/api/health', { method: 'PROPFIND' }, 404],
  ])('%s', async (_label, path, init: RequestInit, status) => {
    const res = await fetch(`${base}${path}`, init);
    expect(res.status).toBe(status);
    expectHardened(Object.fromEntries(res.headers), await res.text());
  });

  it.each([
    ['a body that is not JSON', { 'content-type': 'application/json' }, '{"email":', 400],
    ['a body of another type', { 'content-type': 'application/xml' }, '<a/>', 415],
    ['a body over the limit', { 'content-type': 'application/json' }, `"${'x'.repeat(5 * 1024 * 1024)}"`, 413],
  ])('%s', async (_label, headers: Record<string, string>, body, status) => {
    const res = await fetch(`${base}/api/auth/login`, { method: 'POST', headers, body });
    expect(res.status).toBe(status);
    expectHardened(Object.fromEntries(res.headers), await res.text());
  });

  it('headers too large (431), answered by Node before Fastify sees the request', async () => {
    const answer = parseRaw(
      await rawExchange(port, `GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`),
    );
    expect(answer.status).toBe(431);
    expectHardened(answer.headers, answer.body);
  });

  it('a request line that is not HTTP (400)', async () => {
    const answer = parseRaw(await rawExchange(port, 'NOT HTTP AT ALL\r\n\r\n'));
    expect(answer.status).toBe(400);
    expectHardened(answer.headers, answer.body);
  });
});
