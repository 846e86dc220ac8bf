import { describe, expect, it } from 'vitest';
import { loginPathBackTo, safeNextPath } from './next-path';

describe('sign-in return path', () => {
  it('asks /login to come back to the tab the user was on', () => {
    expect(loginPathBackTo('/?tab=my-ratings')).toBe('/login?next=%2F%3Ftab%3Dmy-ratings');
    expect(loginPathBackTo('/')).toBe('/login');
    const next = new URLSearchParams(loginPathBackTo('/?tab=leaderboard').split('?')[1]).get('next');
    expect(safeNextPath(next)).toBe('/?tab=leaderboard');
  });

  it('never leads to another site', () => {
    for (const hostile of ['//evil.example/x', '/\\evil.example', 'https://evil.example/', 'javascript:alert(1)', '']) {
      expect(safeNextPath(hostile)).toBe('/');
    }
    expect(safeNextPath(null)).toBe('/');
    expect(safeNextPath('/verify')).toBe('/verify');
  });
});
