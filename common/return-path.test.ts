import { describe, expect, it } from 'vitest';
import { safeReturnPath } from './return-path';
import { ENCODED_RETURN_TARGETS, HOSTILE_RETURN_TARGETS } from './return-path.fixtures';

const ORIGIN = 'https://ratings.example';

describe('safeReturnPath', () => {
  it('keeps a path of our own site, with its query and fragment', () => {
    expect(safeReturnPath('/players?q=ann#top', ORIGIN)).toBe('/players?q=ann#top');
    expect(safeReturnPath('/?tab=leaderboard', ORIGIN)).toBe('/?tab=leaderboard');
    expect(safeReturnPath('/verify', ORIGIN)).toBe('/verify');
    // Encoded slashes stay encoded: the browser reads them as one path segment on our host.
    expect(safeReturnPath('/%2F%2Fevil.example', ORIGIN)).toBe('/%2F%2Fevil.example');
    expect(safeReturnPath('/%5Cevil.example', ORIGIN)).toBe('/%5Cevil.example');
    expect(safeReturnPath('/a/../b', ORIGIN)).toBe('/b');
  });

  it.each(HOSTILE_RETURN_TARGETS.map((value) => [JSON.stringify(value), value]))('refuses %s', (_label, value) => {
    const result = safeReturnPath(value, ORIGIN);
    expect(result).toBe('/');
  });

  it('never returns a target that a browser resolves to another origin', () => {
    expect(HOSTILE_RETURN_TARGETS.length).toBeGreaterThanOrEqual(40);
    for (const value of [...HOSTILE_RETURN_TARGETS, ...ENCODED_RETURN_TARGETS, '/a//b', '/ok']) {
      const result = safeReturnPath(value, ORIGIN);
      expect(new URL(result, ORIGIN).origin).toBe(ORIGIN);
      expect(result.startsWith('/')).toBe(true);
      expect(result.startsWith('//')).toBe(false);
      // eslint-disable-next-line no-control-regex
      expect(result).not.toMatch(/^\/[\\/]|[\u0000-\u001f\\]/);
    }
  });

  it('treats null, undefined and a bad origin as the front page', () => {
    expect(safeReturnPath(null, ORIGIN)).toBe('/');
    expect(safeReturnPath(undefined, ORIGIN)).toBe('/');
    expect(safeReturnPath('/ok', 'not a url')).toBe('/');
  });
});
