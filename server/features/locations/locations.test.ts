import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import type { LocationSuggestion, LocationsReply, ResolvePlaceReply } from '../../../common/schemas/locations';
import { locatePlace, resolvePlace, suggestLocations } from './locations.service';
import { buildZipIndex, zipIndex } from './zip-index';

const perStateCounts = (suggestions: LocationSuggestion[]) =>
  suggestions.reduce((counts, s) => counts.set(s.state, (counts.get(s.state) ?? 0) + 1), new Map<string, number>());

describe('suggestLocations (bundled ZIP data)', () => {
  it('matches a ZIP prefix, using at most the first 5 digits', () => {
    expect(suggestLocations('90210')).toEqual([
      { zip: '90210', city: 'Beverly Hills', state: 'CA', label: '90210 — Beverly Hills, CA' },
    ]);
    expect(suggestLocations('90210-1234').map((s) => s.zip)).toEqual(['90210']);
    expect(suggestLocations('0050').map((s) => s.label)).toEqual(['00501 — Holtsville, NY']);
    const prefixed = suggestLocations('100');
    expect(prefixed.length).toBeGreaterThan(0);
    for (const s of prefixed) expect(s.zip.startsWith('100')).toBe(true);
    expect(suggestLocations('00000')).toEqual([]);
  });

  it('matches a city prefix, exact city first and bigger places before smaller ones', () => {
    const cities = suggestLocations('springfield');
    expect(cities.length).toBe(10);
    for (const s of cities) expect(s.city).toBe('Springfield');
    expect(cities.slice(0, 3).map((s) => s.state)).toEqual(expect.arrayContaining(['IL', 'MA', 'MO']));
    const prefix = suggestLocations('spring');
    expect(prefix[0]).toMatchObject({ city: 'Spring', state: 'TX' });
    for (const s of prefix) expect(s.city.toLowerCase().startsWith('spring')).toBe(true);
  });

  it('narrows a city by ", ST" or by the state name, ignoring case and accents', () => {
    expect(suggestLocations('Springfield, IL').map((s) => s.label)).toEqual(['62701 — Springfield, IL']);
    expect(suggestLocations('springfield, mass').map((s) => s.state)).toEqual(['MA']);
    expect(suggestLocations('austin, tx')).toEqual([
      { zip: '73301', city: 'Austin', state: 'TX', label: '73301 — Austin, TX' },
    ]);
    expect(suggestLocations('Omaha, NE').map((s) => s.state)).toEqual(['NE']);
    expect(suggestLocations('juana díaz').map((s) => s.state)).toEqual(['PR']);
    expect(suggestLocations('Springfield, ZZ')).toEqual([]);
  });

  it('reads St, Ft and Mt as Saint, Fort and Mount', () => {
    expect(suggestLocations('st louis, mo').map((s) => s.city)).toEqual(['Saint Louis']);
    expect(suggestLocations('ft worth').map((s) => s.label)).toEqual(['76101 — Fort Worth, TX']);
    expect(suggestLocations('mt vernon')[0].city).toBe('Mount Vernon');
  });

  it('answers at most 10 suggestions with at most 2 per state (docs/product.md#place-suggestions)', () => {
    for (const q of ['sa', 'spring', 'mount', 'new', '9', '90', '902', '1', '11']) {
      const suggestions = suggestLocations(q);
      expect(suggestions.length, q).toBeLessThanOrEqual(10);
      for (const [state, count] of perStateCounts(suggestions)) expect(count, `${q} ${state}`).toBeLessThanOrEqual(2);
    }
    expect(suggestLocations('sa')).toHaveLength(10);
    expect(suggestLocations('902')).toHaveLength(2);
  });

  it('answers nothing for fewer than 2 characters or no match', () => {
    expect(suggestLocations('')).toEqual([]);
    expect(suggestLocations(' a ')).toEqual([]);
    expect(suggestLocations('9')).toEqual([]);
    expect(suggestLocations('qqqqq')).toEqual([]);
    expect(suggestLocations(', TX')).toEqual([]);
  });

  it('keeps one place per city and state, shown with its lowest ZIP', () => {
    const index = buildZipIndex(
      {
        '11111': { zip: '11111', city: 'Twin', state: 'AA' },
        '11110': { zip: '11110', city: 'Twin', state: 'AA' },
        '22222': { zip: '22222', city: 'Twin', state: 'BB' },
        '33333': { zip: '33333', city: 'Twinkle', state: 'AA' },
      },
      { AA: 'Alpha State', BB: 'Beta State' },
    );
    expect(suggestLocations('twin', index).map((s) => s.label)).toEqual([
      '11110 — Twin, AA',
      '22222 — Twin, BB',
      '33333 — Twinkle, AA',
    ]);
    expect(suggestLocations('twin, beta', index).map((s) => s.label)).toEqual(['22222 — Twin, BB']);
    expect(suggestLocations('1111', index).map((s) => s.zip)).toEqual(['11110', '11111']);
  });
});

describe('locatePlace (coordinates of a location, bundled ZIP data)', () => {
  const zipPoint = (zip: string) => zipIndex().zipPoints.get(zip);

  it('places a location by its ZIP, in any of the forms people and the suggestions write', () => {
    expect(zipPoint('78701')).toEqual({ latitude: 30.2713, longitude: -97.7426 });
    for (const text of ['78701', 'Austin, TX 78701', '78701 — Austin, TX', '12 Elm St, Austin, TX 78701-1234']) {
      expect(locatePlace(text), text).toEqual(zipPoint('78701'));
    }
  });

  it('else by "City, ST" or "City, State", at the mean point of the place\'s ZIPs', () => {
    const austin = locatePlace('Austin, TX')!;
    expect(austin.latitude).toBeCloseTo(30.31, 1);
    expect(austin.longitude).toBeCloseTo(-97.76, 1);
    for (const text of ['austin, texas', 'Austin TX', 'Austin, TX, USA', '12 Elm St, Austin, TX', 'Austin, TX 99999']) {
      expect(locatePlace(text), text).toEqual(austin);
    }
    expect(locatePlace('St Louis, MO')).toEqual(locatePlace('Saint Louis, Missouri'));
  });

  it('does not place a city without a state, an unknown ZIP or a made-up place', () => {
    for (const text of ['Springfield', 'Austin', '00000', 'Atlantis, ZZ', 'The moon', '']) {
      expect(locatePlace(text), text).toBeNull();
    }
  });

  it("uses the mean of a place's ZIPs from the data it is given", () => {
    const index = buildZipIndex(
      {
        '11110': { zip: '11110', city: 'Twin', state: 'AA', latitude: 10, longitude: -20 },
        '11111': { zip: '11111', city: 'Twin', state: 'AA', latitude: 12, longitude: -22 },
      },
      { AA: 'Alpha State' },
    );
    expect(locatePlace('Twin, AA', index)).toEqual({ latitude: 11, longitude: -21 });
    expect(locatePlace('twin, alpha state', index)).toEqual({ latitude: 11, longitude: -21 });
    expect(locatePlace('11111', index)).toEqual({ latitude: 12, longitude: -22 });
  });
});

describe("resolvePlace (a location field's place, bundled ZIP data)", () => {
  const austin78701 = { city: 'Austin', state: 'TX', zip: '78701' };

  it('reads every form the suggestions and people write into city, state and ZIP', () => {
    for (const text of ['78701 — Austin, TX', '78701 - Austin, TX', 'Austin, TX 78701', '78701', ' 78701-1234 ']) {
      expect(resolvePlace(text), text).toEqual(austin78701);
    }
    for (const text of ['Austin, TX', 'austin, texas', 'Austin TX', 'Austin, TX, USA', '12 Elm St, Austin, TX']) {
      expect(resolvePlace(text), text).toEqual({ city: 'Austin', state: 'TX', zip: null });
    }
    expect(resolvePlace('st louis, mo')).toEqual({ city: 'Saint Louis', state: 'MO', zip: null });
    // 78613 is Cedar Park's by the data, and its people often write Austin: a city of the ZIP's state is kept.
    expect(resolvePlace('Austin, TX 78613')).toEqual({ city: 'Austin', state: 'TX', zip: '78613' });
  });

  it('knows no made-up place, unknown ZIP, city without state, or city with a ZIP of another state', () => {
    for (const text of [
      'Mars Base One',
      'zzzz',
      '00000',
      'Austin',
      'Atlantis, ZZ',
      'Austin, TX 00000',
      'Boise, ID 78701',
      '',
      '—',
    ]) {
      expect(resolvePlace(text), text).toBeNull();
    }
  });
});

describe('GET /api/locations', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const get = (query: string) => t.app.inject({ method: 'GET', url: `/api/locations${query}` });

  it('is public and answers {suggestions} in the ZIP-first label form', async () => {
    const res = await get('?q=90210');
    expect(res.statusCode).toBe(200);
    expect(res.json<LocationsReply>()).toEqual({
      suggestions: [{ zip: '90210', city: 'Beverly Hills', state: 'CA', label: '90210 — Beverly Hills, CA' }],
    });
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('answers city and city+state queries within the limits', async () => {
    const city = (await get('?q=springfield')).json<LocationsReply>().suggestions;
    expect(city).toHaveLength(10);
    for (const [, count] of perStateCounts(city)) expect(count).toBeLessThanOrEqual(2);
    const narrowed = (await get(`?q=${encodeURIComponent('Springfield, MO')}`)).json<LocationsReply>();
    expect(narrowed.suggestions.map((s) => s.label)).toEqual(['65801 — Springfield, MO']);
  });

  it('answers no suggestions for a missing or 1-character q', async () => {
    expect((await get('')).json()).toEqual({ suggestions: [] });
    expect((await get('?q=a')).json()).toEqual({ suggestions: [] });
  });

  it('refuses an over-long q and unknown parameters', async () => {
    expect((await get(`?q=${'a'.repeat(101)}`)).statusCode).toBe(400);
    expect((await get('?q=austin&state=TX')).statusCode).toBe(400);
  });
});

describe('GET /api/locations/resolve', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const resolve = (q: string) =>
    t.app.inject({ method: 'GET', url: `/api/locations/resolve?q=${encodeURIComponent(q)}` });

  it('is public and answers the place a form would store, shown without its ZIP', async () => {
    const res = await resolve('78701 — Austin, TX');
    expect(res.statusCode).toBe(200);
    expect(res.json<ResolvePlaceReply>()).toEqual({
      place: { city: 'Austin', state: 'TX', zip: '78701', location: 'Austin, TX' },
    });
    expect((await resolve('Mars Base One')).json()).toEqual({ place: null });
    expect((await resolve('  ')).json()).toEqual({ place: null });
  });

  it('refuses an over-long or missing q', async () => {
    expect((await resolve('a'.repeat(201))).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/locations/resolve' })).statusCode).toBe(400);
  });
});
