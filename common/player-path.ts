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

/** A country after the place, as bulk imports write it: "Austin, TX, USA". */
const COUNTRY = /^(?:USA|U\.S\.A\.?|US|United States(?: of America)?)$/i;

/**
 * The place we show publicly for a location text: city and state only, never a street, a ZIP or the country.
 * A place the ZIP data knows is stored as "Austin, TX" already (docs/product.md#places); this also reads the texts
 * stored as written: "Austin, TX 78701", "78701 — Austin, TX", "12 Elm St, Austin, TX, USA" → "Austin, TX";
 * "Austin" → "Austin".
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
  // A part with a house number is a street: never shown.
  return kept.filter((part) => !/\d/.test(part)).join(', ');
}
