import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshIp } from '../features/auth/auth-fixtures';
import { createTestApp, type TestApp } from '../test/test-app';

const REFUSED = { message: 'Cross-site request refused', code: 'cross_site_refused' };

describe('cross-site request forgery and request bodies', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const login = (
    headers: Record<string, string>,
    payload: string | object = { email: 'a@example.com', password: 'x' },
  ) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: freshIp(),
      headers: { 'content-type': 'application/json', ...headers },
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    });

  it.each([
    [{ origin: 'https://evil.example' }],
    [{ origin: 'http://localhost:5000.evil.example' }],
    [{ origin: 'null' }],
    [{ 'sec-fetch-site': 'cross-site' }],
    [{ 'sec-fetch-site': 'same-site' }],
    [{ origin: 'http://localhost:5000', 'sec-fetch-site': 'cross-site' }],
    // The Host header is the caller's to write: an Origin matching only it is still foreign to PUBLIC_URL.
    [{ origin: 'http://evil.example', host: 'evil.example' }],
    [{ origin: 'http://evil.example', host: 'evil.example', 'sec-fetch-site': 'same-origin' }],
  ])('refuses a POST with %j (403)', async (headers) => {
    const res = await login(headers);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(REFUSED);
  });

  it('refuses other state-changing methods the same way', async () => {
    for (const method of ['PUT', 'DELETE', 'PATCH'] as const) {
      const res = await t.app.inject({ method, url: '/api/ratings/1', headers: { origin: 'https://evil.example' } });
      expect(res.statusCode).toBe(403);
    }
  });

  it.each([
    [{ origin: 'http://localhost:5000', 'sec-fetch-site': 'same-origin' }],
    [{ 'sec-fetch-site': 'none' }],
    [{}],
  ])('lets a same-origin or non-browser POST through to the route: %j', async (headers) => {
    const res = await login(headers);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Invalid email or password', code: 'invalid_credentials' });
  });

  it('does not block cross-site GETs, which change nothing', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/auth/user',
      headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(res.statusCode).toBe(401);
  });

  it.each(['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x'])(
    'refuses a %s body with 415 (a form can post those cross-site without a preflight)',
    async (contentType) => {
      const res = await login({ 'content-type': contentType }, 'email=a@example.com&password=x');
      expect(res.statusCode).toBe(415);
      expect(res.json()).toEqual({ message: 'Content-Type must be application/json', code: 'unsupported_media_type' });
    },
  );

  it('answers malformed JSON with 400 {message}', async () => {
    const res = await login({}, '{"email": "a@example.com", ');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Request body is not valid JSON', code: 'bad_request' });
  });

  it('answers an oversize body with 413 {message}', async () => {
    const res = await login({}, { email: 'a@example.com', password: 'x'.repeat(5 * 1024 * 1024) });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: 'Request body is too large', code: 'payload_too_large' });
  });

  it('refuses a body over 64 KiB on a route without a limit of its own', async () => {
    const res = await login({}, { email: 'a@example.com', password: 'x'.repeat(100 * 1024) });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: 'Request body is too large', code: 'payload_too_large' });
  });

  it('answers unknown fields and wrong types with 400 and the field', async () => {
    const extra = await login({}, { email: 'a@example.com', password: 'x', role: 'admin' });
    expect(extra.statusCode).toBe(400);
    expect(extra.json()).toEqual({
      message: 'Unknown field: role',
      code: 'validation_failed',
      errors: [{ path: 'role', message: 'Unknown field: role' }],
    });

    const wrongType = await login({}, { email: 42, password: 'x' });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json()).toEqual({
      message: 'Please enter a valid email address',
      code: 'validation_failed',
      errors: [{ path: 'email', message: 'Please enter a valid email address' }],
    });

    const notObject = await login({}, '[1,2]');
    expect(notObject.statusCode).toBe(400);
    expect(notObject.json()).toMatchObject({ message: expect.any(String) as unknown });
  });
});

describe('the origin check on a development server started on another port without PUBLIC_URL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ PORT: '5610', PUBLIC_URL: '' });
  });
  afterAll(() => t.close());

  const loginFrom = (origin: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: freshIp(),
      headers: { 'content-type': 'application/json', origin },
      payload: { email: 'a@example.com', password: 'x' },
    });

  it.each(['http://localhost:5610', 'http://127.0.0.1:5610', 'http://[::1]:5610'])(
    'lets a form posted from %s through (the same server under a loopback name)',
    async (origin) => {
      const res = await loginFrom(origin);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'Invalid email or password', code: 'invalid_credentials' });
    },
  );

  it.each(['http://localhost:5000', 'http://127.0.0.1:5611', 'http://192.168.1.20:5610'])(
    'refuses a POST from %s, another server',
    async (origin) => {
      const res = await loginFrom(origin);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual(REFUSED);
    },
  );
});
