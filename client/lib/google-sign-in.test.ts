import { describe, expect, it } from 'vitest';
import { googleSignInUrl } from './google-sign-in';

describe('Google sign-in URL', () => {
  it('starts at /api/login?provider=google, with the return path when there is one', () => {
    expect(googleSignInUrl()).toBe('/api/login?provider=google');
    expect(googleSignInUrl('/')).toBe('/api/login?provider=google');
    const url = new URL(googleSignInUrl('/?tab=leaderboard'), 'http://site.test');
    expect(url.pathname).toBe('/api/login');
    expect(url.searchParams.get('provider')).toBe('google');
    expect(url.searchParams.get('returnTo')).toBe('/?tab=leaderboard');
  });
});
