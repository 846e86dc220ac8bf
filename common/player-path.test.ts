import { describe, expect, it } from 'vitest';
import { headerSafeAddress, playerPath, playerSlug, publicLocation, publicPlace } from './player-path';

describe('player page addresses', () => {
  it('joins name, city and state in lower case without accents or punctuation', () => {
    expect(playerPath({ id: 1234, firstName: 'Jordan', lastName: 'Rivera', location: 'Austin, TX' })).toBe(
      '/players/1234/jordan-rivera-austin-tx',
    );
    expect(playerSlug({ firstName: 'José', lastName: "O'Brien-Núñez", location: 'San José, CA 95112' })).toBe(
      'jose-o-brien-nunez-san-jose-ca',
    );
  });

  it('still has a slug without a place or without letters', () => {
    expect(playerSlug({ firstName: 'Ann', lastName: 'Lee', location: null })).toBe('ann-lee');
    expect(playerSlug({ firstName: '李', lastName: '雷' })).toBe('李-雷');
    expect(playerSlug({ firstName: '!!', lastName: '??' })).toBe('player');
  });

  it('shows a place as city and state, never a street or ZIP', () => {
    expect(publicPlace('Austin, TX 78701')).toBe('Austin, TX');
    expect(publicPlace('12 Elm St, Austin, TX 78701-1234')).toBe('Austin, TX');
    expect(publicPlace('Austin')).toBe('Austin');
    expect(publicPlace('78701')).toBe('');
    expect(publicPlace(null)).toBe('');
  });

  it('drops what a free-text location cannot show as a place: a street without a number, a box, a run-on address', () => {
    expect(publicPlace('123 Main St Austin TX 78701')).toBe('');
    expect(publicPlace('Elm Street')).toBe('');
    expect(publicPlace('PO Box 12')).toBe('');
    expect(publicPlace('Ocean Blvd.')).toBe('');
    expect(publicPlace('Federal Way, WA')).toBe('Federal Way, WA');
    expect(publicPlace('Lakeside Club')).toBe('Lakeside Club');
    expect(publicLocation('123 Main St Austin TX 78701')).toBe('Unknown Location');
    expect(publicLocation('123 Main St, Austin, TX 78701')).toBe('Austin, TX');
  });

  it('percent-encodes an address with a name outside Latin-1, for a Location header', () => {
    const path = playerPath({ id: 7, firstName: 'Işıl', lastName: 'Kaya', location: 'Austin, TX' });
    expect(path).toBe('/players/7/isıl-kaya-austin-tx');
    expect(headerSafeAddress(path)).toBe('/players/7/is%C4%B1l-kaya-austin-tx');
    expect(headerSafeAddress('/players/8/李-小龙?q=a%20b&x=é')).toBe(
      '/players/8/%E6%9D%8E-%E5%B0%8F%E9%BE%99?q=a%20b&x=%C3%A9',
    );
    expect(headerSafeAddress('/players/9/ana-ruiz?utm_source=share')).toBe('/players/9/ana-ruiz?utm_source=share');
  });

  it('reads a picked suggestion and a trailing country as city and state', () => {
    expect(publicPlace('78701 — Austin, TX')).toBe('Austin, TX');
    expect(publicPlace('78701 - Austin, TX')).toBe('Austin, TX');
    expect(publicPlace('Austin, TX, USA')).toBe('Austin, TX');
    expect(publicPlace('12 Elm St, Austin, TX 78701, United States')).toBe('Austin, TX');
    expect(playerSlug({ firstName: 'Ann', lastName: 'Lee', location: '78701 — Austin, TX' })).toBe('ann-lee-austin-tx');
  });
});
