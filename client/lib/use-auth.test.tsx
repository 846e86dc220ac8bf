import { fakeApi, type ApiCall } from '@client/test/fake-api';
import { SIGNED_IN_USER } from '@client/test/render-with-app';
import { SESSION_HINT_COOKIE } from '@common/session-hint';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { currentUserQuery, developerQuery } from './use-auth';

let calls: ApiCall[];

beforeEach(() => {
  calls = fakeApi(({ path }) => {
    if (path === '/api/auth/user') return { body: SIGNED_IN_USER };
    if (path === '/api/dev-auth/user') return { body: { userId: 'devuser' } };
    return undefined;
  });
});
afterEach(() => {
  document.cookie = `${SESSION_HINT_COOKIE}=; max-age=0; path=/`;
});

/** Both user lookups, as the app makes them on load. */
async function lookUp() {
  const client = new QueryClient();
  const [user, developer] = await Promise.all([client.fetchQuery(currentUserQuery), client.fetchQuery(developerQuery)]);
  return { user, developer, asked: calls.map((call) => call.path) };
}

describe('the user lookups (docs/product.md#sign-in-calls) and the session hint', () => {
  it('ask nothing of a browser without a session: nobody is signed in, and no 401 is logged', async () => {
    expect(await lookUp()).toEqual({ user: null, developer: null, asked: [] });
  });

  it('ask only the user lookup for a user session, and only the developer lookup for a developer session', async () => {
    document.cookie = `${SESSION_HINT_COOKIE}=user; path=/`;
    expect(await lookUp()).toEqual({ user: SIGNED_IN_USER, developer: null, asked: ['/api/auth/user'] });

    calls.length = 0;
    document.cookie = `${SESSION_HINT_COOKIE}=developer; path=/`;
    expect(await lookUp()).toEqual({ user: null, developer: { userId: 'devuser' }, asked: ['/api/dev-auth/user'] });
  });

  it('ask both when the hint is one this app does not know', async () => {
    document.cookie = `${SESSION_HINT_COOKIE}=something-new; path=/`;
    expect((await lookUp()).asked.sort()).toEqual(['/api/auth/user', '/api/dev-auth/user']);
  });
});
