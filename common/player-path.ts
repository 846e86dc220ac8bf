import { BULK_IMPORT_DEFAULTS } from './constants';
import { normalizeForSearch } from './text';

/** The part of a player's address that says who they are: "jordan-rivera-austin-tx" (name, then city and state). */
export function playerSlug(player: { firstName: string; lastName: string; location?: string | null }): string {
  const words = normalizeForSearch(`${player.firstName} ${player.lastName} ${publicPlace(player.location)}`);
  return words.replace(/ /g, '-').slice(0, 80).replace(/-+$/, '') || 'player';
}

/** A player's public page: `/players/1234/jordan-rivera-austin-tx`. A wrong or missing slug redirects here. */
export function playerPath(player: { id: number; firstName: string; lastName: string; location?: string | null }) {
  return `/players/${player.id}/${playerSlug(player)}`;
}

/**
 * An address (path and query) as an HTTP header may carry it, for a redirect's Location: every character outside
 * printable ASCII percent-encoded as UTF-8, so a name outside Latin-1 (李, ı) in a slug cannot fail the answer. What
 * is already percent-encoded stays as it is.
 */
export const headerSafeAddress = (address: string) =>
  address.replace(/[^\x21-\x7E]+/gu, (run) => encodeURIComponent(run));

/** A country after the place, as bulk imports write it: "Austin, TX, USA". */
const COUNTRY = /^(?:USA|U\.S\.A\.?|US|United States(?: of America)?)$/i;

/** A part that names a street or a box rather than a place: "Elm Street", "Ocean Blvd", "PO Box 12", "Suite B". */
const STREET =
  /\b(?:st|street|ave|avenue|rd|road|blvd|boulevard|dr|drive|ln|lane|ct|court|way|hwy|highway|pkwy|parkway|ter|terrace|cir|circle|trl|trail)\.?$|^(?:p\.?\s*o\.?\s*box|box|apt|suite|ste|unit)\b/i;

/**
 * The place we show publicly for a location text: city and state only, never a street, a ZIP or the country.
 * A place the ZIP data knows is stored as "Austin, TX" already (docs/product.md#places); this also reads the texts
 * stored as written: "Austin, TX 78701", "78701 — Austin, TX", "12 Elm St, Austin, TX, USA" → "Austin, TX";
 * "Austin" → "Austin". What cannot be read as a place is dropped rather than risked: a part with a number (a house
 * number), a lone part that names a street ("Elm Street"), so "123 Main St Austin TX 78701" → "".
 */
export function publicPlace(location: string | null | undefined): string {
  const parts = (location ?? '')
    .split(',')
    .map((part) =>
      part
        .replace(/\b\d{5}(?:-\d{4})?\b/g, '')
        // The dash of a suggestion's label ("78701 — Austin"), left at the start once the ZIP is gone.
        .replace(/^\s*[—–-]+/, '')
        .replace(/\s+/g, ' ')
        .trim(),
    )
    .filter(Boolean);
  if (parts.length > 1 && COUNTRY.test(parts.at(-1)!)) parts.pop();
  const last = parts.at(-1) ?? '';
  const stateOnly = /^[A-Za-z]{2}$/.test(last);
  const kept = stateOnly ? parts.slice(-2) : parts.slice(-1);
  // A part with a house number is never shown, nor a lone part named as a street (before a state it is a city:
  // "Federal Way, WA").
  return kept.filter((part) => !/\d/.test(part) && (stateOnly || !STREET.test(part))).join(', ');
}

/**
 * A player's `location` as anyone but the player and admins gets it (docs/product.md#places): the public place, or
 * "Unknown Location" when nothing of the text can be shown.
 */
export const publicLocation = (location: string | null | undefined) =>
  publicPlace(location) || BULK_IMPORT_DEFAULTS.location;
