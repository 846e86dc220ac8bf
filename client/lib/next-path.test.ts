import { describe, expect, it } from 'vitest';
import { ENCODED_RETURN_TARGETS, HOSTILE_RETURN_TARGETS } from '@common/return-path.fixtures';
import { authPathOnTo, loginPathBackTo, safeNextPath } from './next-path';

const ORIGIN = 'http://localhost:5000';

describe('sign-in return path', () => {
  it('asks /login to come back to the tab the user was on', () => {
    expect(loginPathBackTo('/?tab=my-ratings')).toBe('/login?next=%2F%3Ftab%3Dmy-ratings');
    expect(loginPathBackTo('/')).toBe('/login');
    const next = new URLSearchParams(loginPathBackTo('/?tab=leaderboard').split('?')[1]).get('next');
    expect(safeNextPath(next, ORIGIN)).toBe('/?tab=leaderboard');
  });

  it('keeps where the visitor was going from sign-in to sign-up and back', () => {
    expect(authPathOnTo('/register', '/?tab=rate&player=7')).toBe('/register?next=%2F%3Ftab%3Drate%26player%3D7');
    expect(authPathOnTo('/login', '/?tab=rate&player=7')).toBe('/login?next=%2F%3Ftab%3Drate%26player%3D7');
    expect(authPathOnTo('/register', null)).toBe('/register');
    expect(authPathOnTo('/register', '/')).toBe('/register');
  });

  it('never leads to another site, for any hostile next', () => {
    expect(HOSTILE_RETURN_TARGETS.length).toBeGreaterThanOrEqual(40);
    // `next` arrives URL-decoded from the query string, so the raw values are what the page sees.
    for (const hostile of HOSTILE_RETURN_TARGETS) expect(safeNextPath(hostile, ORIGIN)).toBe('/');
    // The same values as they arrive through /login?next=… (encoded, then decoded by URLSearchParams).
    for (const hostile of HOSTILE_RETURN_TARGETS) {
      const next = new URLSearchParams(`next=${encodeURIComponent(hostile)}`).get('next');
      expect(safeNextPath(next, ORIGIN)).toBe('/');
    }
    // Encoded or look-alike slashes are kept as one path segment of our own site.
    for (const odd of ENCODED_RETURN_TARGETS) {
      const kept = safeNextPath(odd, ORIGIN);
      expect(new URL(kept, ORIGIN).origin).toBe(ORIGIN);
      expect(kept.startsWith('//')).toBe(false);
    }
    expect(safeNextPath(null, ORIGIN)).toBe('/');
    expect(safeNextPath('/verify', ORIGIN)).toBe('/verify');
  });
});
