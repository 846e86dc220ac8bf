import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { ERROR_CODE_LIST, ERROR_CODES } from '../../common/error-codes';
import { DEFAULT_BODY_LIMIT } from '../app';
import { freshIp, GOOD_PASSWORD, uniqueEmail } from '../features/auth/auth-fixtures';
import { createPlayer, postRating, ratingBody } from '../features/ratings/ratings-fixtures';
import { signInAs } from '../test/sign-in';
import { createTestApp, type TestApp } from '../test/test-app';

/** The answer is JSON `{message, code}` with a code of common/error-codes.ts; returns the code. */
function codeOf(res: LightMyRequestResponse): string {
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  const body = res.json<{ message?: unknown; code?: unknown }>();
  expect(typeof body.message).toBe('string');
  expect(ERROR_CODE_LIST).toContain(body.code);
  return body.code as string;
}

describe('error answers carry a stable code', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(
      {},
      {
        extraRoutes: (app) =>
          app.get('/api/test/fails', { schema: { hide: true } }, async () => {
            throw new Error('something unexpected at SELECT secret FROM users');
          }),
      },
    );
  });
  afterAll(() => t.close());

  const register = (email: string, ip = freshIp()) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      remoteAddress: ip,
      payload: { email, password: GOOD_PASSWORD, firstName: 'Error', lastName: 'Codes' },
    });

  /** A sign-in whose body is sent as given, with its content type: for the body errors. */
  const rawLogin = (contentType: string, payload: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': contentType }, payload });

  it('400: a body that breaks its schema, and one that is not JSON', async () => {
    const invalid = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'nope' } });
    expect(invalid.statusCode).toBe(400);
    expect(codeOf(invalid)).toBe('validation_failed');
    const malformed = await rawLogin('application/json', '{"email":');
    expect(malformed.statusCode).toBe(400);
    expect(codeOf(malformed)).toBe('bad_request');
  });

  it('401 and 403 from the guard, the cross-site check and a rule', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/my-ratings' });
    expect(anonymous.statusCode).toBe(401);
    expect(codeOf(anonymous)).toBe('unauthenticated');

    const unconfirmed = await signInAs(t, { email: uniqueEmail('unconfirmed'), emailVerified: false });
    const player = await createPlayer(t);
    const refused = await postRating(t, unconfirmed, ratingBody(player.id));
    expect(refused.statusCode).toBe(403);
    expect(codeOf(refused)).toBe('email_unconfirmed');

    const user = await signInAs(t, { email: uniqueEmail('user') });
    const notAdmin = await t.app.inject({ method: 'GET', url: '/api/admin/users', headers: { cookie: user } });
    expect(notAdmin.statusCode).toBe(403);
    expect(codeOf(notAdmin)).toBe('admin_required');

    const crossSite = await t.app.inject({
      method: 'POST',
      url: '/api/ratings',
      headers: { origin: 'https://evil.example', cookie: user },
      payload: ratingBody(player.id),
    });
    expect(crossSite.statusCode).toBe(403);
    expect(codeOf(crossSite)).toBe('cross_site_refused');
  });

  it('404 for an unknown route and for an unknown player', async () => {
    const route = await t.app.inject({ method: 'GET', url: '/api/no-such-route' });
    expect(route.statusCode).toBe(404);
    expect(codeOf(route)).toBe('not_found');
    const player = await t.app.inject({ method: 'GET', url: '/api/players/2000000000' });
    expect(player.statusCode).toBe(404);
    expect(codeOf(player)).toBe('player_not_found');
  });

  it('409 for a second rating of the same player, and for an e-mail already registered', async () => {
    const rater = await signInAs(t, { email: uniqueEmail('rater') });
    const player = await createPlayer(t);
    expect((await postRating(t, rater, ratingBody(player.id))).statusCode).toBe(201);
    const again = await postRating(t, rater, ratingBody(player.id));
    expect(again.statusCode).toBe(409);
    expect(codeOf(again)).toBe('already_rated');
    expect(again.json()).toHaveProperty('existingRatingId');

    const email = uniqueEmail('taken');
    expect((await register(email)).statusCode).toBe(201);
    const taken = await register(email);
    expect(taken.statusCode).toBe(409);
    expect(codeOf(taken)).toBe('email_taken');
  });

  it('413 and 415 for bodies the server does not read', async () => {
    const large = await rawLogin(
      'application/json',
      JSON.stringify({ email: 'a@example.com', password: 'x'.repeat(DEFAULT_BODY_LIMIT) }),
    );
    expect(large.statusCode).toBe(413);
    expect(codeOf(large)).toBe('payload_too_large');
    const text = await rawLogin('text/plain', 'x');
    expect(text.statusCode).toBe(415);
    expect(codeOf(text)).toBe('unsupported_media_type');
  });

  it('429 from the per-address limit (@fastify/rate-limit) and from our sign-in limiter', async () => {
    const ip = freshIp();
    let signup: LightMyRequestResponse | undefined;
    for (let i = 0; i < 25 && signup?.statusCode !== 429; i += 1) {
      signup = await t.app.inject({
        method: 'POST',
        url: '/api/email-signup',
        remoteAddress: ip,
        payload: { email: uniqueEmail('signup') },
      });
    }
    expect(signup?.statusCode).toBe(429);
    expect(codeOf(signup!)).toBe('rate_limited');

    const email = uniqueEmail('locked');
    let login: LightMyRequestResponse | undefined;
    for (let i = 0; i < 10 && login?.statusCode !== 429; i += 1) {
      login = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: ip,
        payload: { email, password: 'Wrong-Password-1' },
      });
      if (login.statusCode === 401) expect(codeOf(login)).toBe('invalid_credentials');
    }
    expect(login?.statusCode).toBe(429);
    expect(codeOf(login!)).toBe('rate_limited');
  });

  it('500 keeps its message generic, with the request id and no detail of the failure', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/fails' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      message: 'Internal server error',
      code: 'internal_error',
      requestId: res.headers['x-request-id'],
    });
  });

  it('the OpenAPI document lists every code, in the shared error answers and in each route’s own', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
      info: { description: string };
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    }>();
    for (const code of ERROR_CODE_LIST) expect(doc.info.description).toContain(`\`${code}\`: ${ERROR_CODES[code]}`);
    const submit = doc.paths['/api/ratings'].post.responses;
    for (const status of ['400', '401', '403', '409', '500']) {
      expect(JSON.stringify(submit[status]), status).toContain(JSON.stringify(ERROR_CODE_LIST));
    }
  });
});
