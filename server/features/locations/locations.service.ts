import {
  PLACE_UNKNOWN_MESSAGE,
  LOCATION_PER_STATE_MAX,
  LOCATION_QUERY_MIN,
  LOCATION_SUGGESTIONS_MAX,
  type LocationSuggestion,
} from '../../../common/schemas/locations';
import { normalizeForSearch } from '../../../common/text';
import { badRequest } from '../../lib/app-error';
import { lowerBound, zipIndex, type Coordinates, type Place, type ZipEntry, type ZipIndex } from './zip-index';

/** A place's latitude and longitude, for other features' distance queries (search near a place). */
export type { Coordinates } from './zip-index';

const toSuggestion = ({ zip, city, state }: ZipEntry): LocationSuggestion => ({
  zip,
  city,
  state,
  label: `${zip} — ${city}, ${state}`,
});

/** docs/product.md#place-suggestions: at most 10 suggestions and at most 2 per state, taken in the order given. */
function capped(candidates: Iterable<ZipEntry>): LocationSuggestion[] {
  const perState = new Map<string, number>();
  const suggestions: LocationSuggestion[] = [];
  for (const candidate of candidates) {
    const count = perState.get(candidate.state) ?? 0;
    if (count >= LOCATION_PER_STATE_MAX) continue;
    perState.set(candidate.state, count + 1);
    suggestions.push(toSuggestion(candidate));
    if (suggestions.length >= LOCATION_SUGGESTIONS_MAX) break;
  }
  return suggestions;
}

function* zipsWithPrefix(index: ZipIndex, prefix: string) {
  for (let i = lowerBound(index.zips, prefix, (entry) => entry.zip); i < index.zips.length; i++) {
    if (!index.zips[i].zip.startsWith(prefix)) return;
    yield index.zips[i];
  }
}

/** "ST" matches that state exactly; anything else is a prefix of the state's name (or of its code). */
function stateFilter(index: ZipIndex, text: string): ((state: string) => boolean) | null {
  const wanted = normalizeForSearch(text.replace(/\d+/g, ''));
  if (!wanted) return null;
  const code = wanted.toUpperCase();
  if (code.length === 2 && index.stateNames.has(code)) return (state) => state === code;
  return (state) => state.toLowerCase().startsWith(wanted) || index.stateNames.get(state)!.startsWith(wanted);
}

// The data spells these words out ("Saint Louis", "Fort Worth", "Mount Vernon"); people often don't.
const ABBREVIATIONS: Record<string, string> = { st: 'saint', ste: 'sainte', ft: 'fort', mt: 'mount' };

function cityPrefixes(cityText: string): string[] {
  const prefix = normalizeForSearch(cityText);
  if (!prefix) return [];
  const [first, ...rest] = prefix.split(' ');
  const spelled = ABBREVIATIONS[first];
  return spelled && rest.length > 0 ? [prefix, [spelled, ...rest].join(' ')] : [prefix];
}

function placesMatching(index: ZipIndex, cityText: string, stateText: string | undefined): Place[] {
  const prefixes = cityPrefixes(cityText);
  const inState = stateText === undefined ? null : stateFilter(index, stateText);
  const matches: Place[] = [];
  for (const prefix of prefixes) {
    for (let i = lowerBound(index.places, prefix, (place) => place.key); i < index.places.length; i++) {
      const place = index.places[i];
      if (!place.key.startsWith(prefix)) break;
      if (!inState || inState(place.state)) matches.push(place);
    }
  }
  const exact = (place: Place) => Number(prefixes.includes(place.key));
  // The exact city first, then bigger places (more ZIPs) first, then by name.
  return [...new Set(matches)].sort(
    (a, b) =>
      exact(b) - exact(a) || b.zipCount - a.zipCount || a.key.localeCompare(b.key) || a.state.localeCompare(b.state),
  );
}

/**
 * US ZIP/city suggestions for the location fields (docs/product.md#player-registration, docs/product.md#claim-dialog, docs/product.md#player-calls):
 * digits are a ZIP prefix (first 5 digits); otherwise a city prefix with an optional ", ST" or
 * ", State name".
 */
export function suggestLocations(query: string, index: ZipIndex = zipIndex()): LocationSuggestion[] {
  const text = query.trim();
  if (text.length < LOCATION_QUERY_MIN) return [];
  if (/^\d/.test(text)) {
    const digits = text.replace(/\D/g, '').slice(0, 5);
    return capped(zipsWithPrefix(index, digits));
  }
  const comma = text.lastIndexOf(',');
  const cityText = comma === -1 ? text : text.slice(0, comma);
  const stateText = comma === -1 ? undefined : text.slice(comma + 1);
  return capped(placesMatching(index, cityText, stateText));
}

/** A state's two-letter code from "TX", "tx" or "Texas"; null when it names none. */
function stateCode(index: ZipIndex, text: string): string | null {
  const wanted = normalizeForSearch(text);
  if (!wanted) return null;
  if (wanted.length === 2 && index.stateNames.has(wanted.toUpperCase())) return wanted.toUpperCase();
  for (const [code, name] of index.stateNames) if (name === wanted) return code;
  return null;
}

/** A 5-digit ZIP (a ZIP+4 counts by its first 5 digits), not part of a longer number. */
const ZIP_IN_TEXT = /(?<!\d)(\d{5})(?:-\d{4})?(?!\d)/;
/** A country after the place, as bulk imports write it ("Austin, TX, USA"). */
const COUNTRY_AFTER = /\s*,?\s*\b(?:USA|U\.S\.A\.?|US|United States(?: of America)?)\.?\s*$/i;

function findPlace(index: ZipIndex, cityText: string, stateText: string): Place | null {
  const state = stateCode(index, stateText);
  if (!state) return null;
  for (const city of cityPrefixes(cityText)) {
    const place = index.placesByKey.get(`${city}|${state}`);
    if (place) return place;
  }
  return null;
}

/**
 * The place a text names by city and state: "Austin, TX", "Austin TX", "austin, texas", also with a street before
 * it, a ZIP or a label's dash around it or a country after it. Undefined when the text has no words besides ZIPs
 * ("78701"); null when its words name no place we know ("Austin" alone: "Springfield" is in more than 30 states).
 */
function namedPlace(index: ZipIndex, text: string): Place | null | undefined {
  const words = text.replace(COUNTRY_AFTER, '').replace(/[\d—–-]+/g, ' ');
  if (!/\p{L}/u.test(words)) return undefined;
  const parts = words
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  if (parts.length === 1) {
    const lastSpace = parts[0].lastIndexOf(' ');
    return lastSpace === -1 ? null : findPlace(index, parts[0].slice(0, lastSpace), parts[0].slice(lastSpace + 1));
  }
  // The last part that names a state, with the city just before it.
  for (let i = parts.length - 1; i >= 1; i--) {
    const place = findPlace(index, parts[i - 1], parts[i]);
    if (place) return place;
  }
  return null;
}

function zipEntry(index: ZipIndex, zip: string): ZipEntry | null {
  const entry = index.zips[lowerBound(index.zips, zip, (candidate) => candidate.zip)];
  return entry?.zip === zip ? entry : null;
}

/**
 * Where a location is: its 5-digit ZIP when the data knows it ("Austin, TX 78701", "78701 — Austin, TX"),
 * else its place, "City, ST" or "City, State" (the mean point of the place's ZIPs), also with a street before it
 * or a country after it ("12 Elm St, Austin, TX, USA"). A city without a state is not placed.
 */
export function locatePlace(text: string, index: ZipIndex = zipIndex()): Coordinates | null {
  const zip = ZIP_IN_TEXT.exec(text)?.[1];
  const byZip = zip === undefined ? undefined : index.zipPoints.get(zip);
  if (byZip) return byZip;
  const place = namedPlace(index, text);
  return place ? (index.placePoints.get(`${place.key}|${place.state}`) ?? null) : null;
}

/** A US place the ZIP data knows: the city and state as the data spells them, and the ZIP when one was given. */
export type KnownPlace = { city: string; state: string; zip: string | null };

/**
 * The place a location field's text names, in any form the suggestions and people write: "78701 — Austin, TX"
 * (a picked suggestion), "Austin, TX 78701", "Austin, Texas", "78701" (docs/product.md#places). Null when the data
 * does not know it: an unknown ZIP, a city without its state, a made-up place, or a city written with a ZIP of
 * another state. A city written with a ZIP of its own state is kept as written: a ZIP may serve several towns.
 */
export function resolvePlace(text: string, index: ZipIndex = zipIndex()): KnownPlace | null {
  const zip = ZIP_IN_TEXT.exec(text)?.[1];
  const named = namedPlace(index, text);
  if (zip === undefined) return named ? { city: named.city, state: named.state, zip: null } : null;
  const entry = zipEntry(index, zip);
  if (!entry) return null;
  if (named === undefined) return { city: entry.city, state: entry.state, zip };
  return named?.state === entry.state ? { city: named.city, state: named.state, zip } : null;
}

/** How a known place is shown everywhere, never with its ZIP: "Austin, TX". */
export const placeText = (place: Pick<KnownPlace, 'city' | 'state'>) => `${place.city}, ${place.state}`;

/** A known place's point: its ZIP's, else the mean of the place's ZIPs. */
export function pointOfPlace(place: KnownPlace, index: ZipIndex = zipIndex()): Coordinates | null {
  if (place.zip !== null) return index.zipPoints.get(place.zip) ?? null;
  return index.placePoints.get(`${normalizeForSearch(place.city)}|${place.state}`) ?? null;
}

/**
 * A form's place, refused with 400 when the ZIP data does not know it (docs/product.md#places): the message says what
 * to write, and `errors` names the field, so the form shows it under that field.
 */
export function requireKnownPlace(text: string, field: string, message = PLACE_UNKNOWN_MESSAGE): KnownPlace {
  const place = resolvePlace(text);
  if (!place) throw badRequest(message, 'place_unknown', { errors: [{ path: field, message }] });
  return place;
}
