import { describe, expect, it } from 'vitest';
import { claimBlock } from './claim-block';

const signedIn = { isAuthenticated: true, userId: 'u1', linkedPlayerId: null };

describe('claimBlock (docs/product.md#claim-rules)', () => {
  it('lets a signed-in user claim an unlinked player', () => {
    expect(claimBlock({ id: 7, userId: null }, signedIn)).toBeNull();
  });

  it('asks a signed-out visitor to sign in first', () => {
    expect(
      claimBlock({ id: 7, userId: null }, { isAuthenticated: false, userId: null, linkedPlayerId: null })?.title,
    ).toBe('Authentication required');
  });

  it('says "Already linked" for the caller\'s own profile, by user id or by linked player', () => {
    expect(claimBlock({ id: 7, userId: 'u1' }, signedIn)?.title).toBe('Already linked');
    expect(claimBlock({ id: 7, userId: 'dev-acting' }, { ...signedIn, linkedPlayerId: 7 })?.title).toBe(
      'Already linked',
    );
  });

  it('says "Profile unavailable" for a player linked to someone else', () => {
    expect(claimBlock({ id: 7, userId: 'u2' }, signedIn)?.title).toBe('Profile unavailable');
  });
});
