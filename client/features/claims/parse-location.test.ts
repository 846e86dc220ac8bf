import { describe, expect, it } from 'vitest';
import { parseLocation } from './parse-location';

describe('parseLocation (docs/product.md#claim-dialog)', () => {
  it('reads the ZIP-first form of a location suggestion', () => {
    expect(parseLocation('78701 — Austin, TX')).toEqual({ zip: '78701', city: 'Austin', state: 'TX' });
  });

  it('accepts an en dash, a hyphen, extra spaces and a ZIP+4 in the ZIP-first form', () => {
    expect(parseLocation('  18701 – Wilkes-Barre ,  PA ')).toEqual({ zip: '18701', city: 'Wilkes-Barre', state: 'PA' });
    expect(parseLocation('10001-1234 - New York, NY')).toEqual({ zip: '10001-1234', city: 'New York', state: 'NY' });
  });

  it("reads the 'City, ST 12345' form", () => {
    expect(parseLocation('Austin, TX 78701')).toEqual({ city: 'Austin', state: 'TX', zip: '78701' });
    expect(parseLocation('Winston-Salem, nc 27101')).toEqual({ city: 'Winston-Salem', state: 'NC', zip: '27101' });
  });

  it('keeps a comma inside the city and takes the last part as the state', () => {
    expect(parseLocation('Brooklyn, New York, NY 11201')).toEqual({
      city: 'Brooklyn, New York',
      state: 'NY',
      zip: '11201',
    });
  });

  it('accepts a full state name, a missing ZIP and a trailing country', () => {
    expect(parseLocation('Springfield, Illinois 62701')).toEqual({
      city: 'Springfield',
      state: 'Illinois',
      zip: '62701',
    });
    expect(parseLocation('Saint Louis, MO')).toEqual({ city: 'Saint Louis', state: 'MO', zip: '' });
    expect(parseLocation('Denver, CO, USA')).toEqual({ city: 'Denver', state: 'CO', zip: '' });
  });

  it('takes a bare ZIP as the ZIP and other text as the city', () => {
    expect(parseLocation('02139')).toEqual({ city: '', state: '', zip: '02139' });
    expect(parseLocation('Unknown Location')).toEqual({ city: 'Unknown Location', state: '', zip: '' });
    expect(parseLocation('   ')).toEqual({ city: '', state: '', zip: '' });
  });

  it("reads 'City, ST' alone, in any letter case", () => {
    expect(parseLocation('Austin, TX')).toEqual({ city: 'Austin', state: 'TX', zip: '' });
    expect(parseLocation('austin, tx')).toEqual({ city: 'austin', state: 'TX', zip: '' });
  });

  it('takes a bare ZIP+4 as the ZIP, and a number that is not a ZIP as text', () => {
    expect(parseLocation('78701-1234')).toEqual({ city: '', state: '', zip: '78701-1234' });
    expect(parseLocation('1234')).toEqual({ city: '1234', state: '', zip: '' });
    expect(parseLocation('787011')).toEqual({ city: '787011', state: '', zip: '' });
  });

  it('finds no state or ZIP in text in neither form', () => {
    expect(parseLocation('Austin 78701')).toEqual({ city: 'Austin 78701', state: '', zip: '' });
    expect(parseLocation('Austin,')).toEqual({ city: 'Austin,', state: '', zip: '' });
    expect(parseLocation(', TX')).toEqual({ city: ', TX', state: '', zip: '' });
  });
});
