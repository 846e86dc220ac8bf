import {
  LOCATION_PER_STATE_MAX,
  LOCATION_QUERY_MIN,
  LOCATION_SUGGESTIONS_MAX,
  type LocationSuggestion,
} from '../../../common/schemas/locations';
import { normalizeForSearch } from '../../../common/text';
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

function placePoint(index: ZipIndex, cityText: string, stateText: string): Coordinates | null {
  const state = stateCode(index, stateText);
  if (!state) return null;
  for (const city of cityPrefixes(cityText)) {
    const point = index.placePoints.get(`${city}|${state}`);
    if (point) return point;
  }
  return null;
}

/**
 * Where a location is: its 5-digit ZIP when the data knows it ("Austin, TX 78701", "78701 — Austin, TX"),
 * else its place, "City, ST" or "City, State" (the mean point of the place's ZIPs), also with a street before it
 * or a country after it ("12 Elm St, Austin, TX, USA"). A city without a state is not placed: "Springfield" is in
 * more than 30 states.
 */
export function locatePlace(text: string, index: ZipIndex = zipIndex()): Coordinates | null {
  const zip = /(?<!\d)(\d{5})(?:-\d{4})?(?!\d)/.exec(text)?.[1];
  const byZip = zip === undefined ? undefined : index.zipPoints.get(zip);
  if (byZip) return byZip;
  // What is left once ZIPs and the label's dash are gone: "Austin, TX" or "Austin TX".
  const parts = text
    .replace(/[\d—–-]+/g, ' ')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  if (parts.length === 1) {
    const words = parts[0];
    const lastSpace = words.lastIndexOf(' ');
    return lastSpace === -1 ? null : placePoint(index, words.slice(0, lastSpace), words.slice(lastSpace + 1));
  }
  // The last part that names a state, with the city just before it.
  for (let i = parts.length - 1; i >= 1; i--) {
    const point = placePoint(index, parts[i - 1], parts[i]);
    if (point) return point;
  }
  return null;
}
