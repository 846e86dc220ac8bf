import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_HINT_COOKIE } from '../../common/session-hint';
import { freshIp, signUpWithPassword, uniqueEmail } from '../features/auth/auth-fixtures';
import { signInAs } from '../test/sign-in';
import { createTestApp, type TestApp } from '../test/test-app';
import { ABSOLUTE_TIMEOUT_MS } from './session';

const hintOf = (res: LightMyRequestResponse) => res.cookies.find((cookie) => cookie.name === SESSION_HINT_COOKIE);

describe('the session hint cookie (what the app reads to know whether to look the user up)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const get = (url: string, cookie?: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers: { ...headers, ...(cookie ? { cookie } : {}) } });

  it('is set, readable by scripts, with the session at sign-up and sign-in, and cleared at sign-out', async () => {
    const { res: signUp, email } = await signUpWithPassword(t);
    expect(hintOf(signUp)).toMatchObject({ value: 'user', path: '/', sameSite: 'Lax' });
    expect(hintOf(signUp)?.httpOnly).toBeUndefined();
    // It lasts as long as the session cookie: the session's absolute lifetime.
    expect(hintOf(signUp)?.maxAge).toBeGreaterThan(ABSOLUTE_TIMEOUT_MS / 1000 - 60);

    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: freshIp(),
      payload: { email, password: 'Correct-Horse-9' },
    });
    expect(signIn.statusCode).toBe(200);
    expect(hintOf(signIn)?.value).toBe('user');
    const session = signIn.cookies.find((cookie) => cookie.name === 'pr_session');
    const cookie = `pr_session=${session?.value}; ${SESSION_HINT_COOKIE}=user`;

    // While both agree, answers leave the cookies alone.
    expect(hintOf(await get('/api/auth/user', cookie))).toBeUndefined();

    const out = await get('/api/logout', cookie, { 'sec-fetch-site': 'same-origin' });
    expect(out.statusCode).toBe(302);
    expect(hintOf(out)).toMatchObject({ value: '', path: '/' });
  });

  it('says "developer" for a developer session, whose app then asks no user lookup', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/dev-login',
      remoteAddress: freshIp(),
      payload: { userId: 'devuser', password: 'devpass123' },
    });
    expect(res.statusCode).toBe(200);
    expect(hintOf(res)?.value).toBe('developer');
  });

  it('is given to a browser whose session predates it, on its next answer, made private', async () => {
    const cookie = await signInAs(t, { email: uniqueEmail('older') });
    const page = await get('/api/auth/user', cookie);
    expect(page.statusCode).toBe(200);
    expect(hintOf(page)?.value).toBe('user');
    expect(page.headers['cache-control']).toBe('no-store');
  });

  it('is cleared once the session is gone (ended elsewhere, expired or unknown), on an answer made private', async () => {
    const res = await get('/api/config', `pr_session=no-such-session; ${SESSION_HINT_COOKIE}=user`);
    expect(res.statusCode).toBe(200);
    expect(hintOf(res)).toMatchObject({ value: '' });
    expect(res.headers['cache-control']).toBe('private, no-cache');
    // A visitor who never signed in is told nothing.
    expect(hintOf(await get('/api/config'))).toBeUndefined();
  });

  it('is never set or cleared on an answer a shared cache may keep', async () => {
    const res = await get('/robots.txt', `${SESSION_HINT_COOKIE}=user`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    expect(res.headers['set-cookie']).toBeUndefined();
  });
});
