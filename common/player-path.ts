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
 * The place we show publicly for a free-text location: city and state only, never a street or a ZIP.
 * "Austin, TX 78701" → "Austin, TX"; "12 Elm St, Austin, TX 78701" → "Austin, TX"; "Austin" → "Austin".
 */
export function publicPlace(location: string | null | undefined): string {
  const parts = (location ?? '')
    .split(',')
    .map((part) =>
      part
        .replace(/\b\d{5}(?:-\d{4})?\b/g, '')
        .replace(/\s+/g, ' ')
        .trim(),
    )
    .filter(Boolean);
  const last = parts.at(-1) ?? '';
  const stateOnly = /^[A-Za-z]{2}$/.test(last);
  const kept = stateOnly ? parts.slice(-2) : parts.slice(-1);
  // A part with a house number is a street: never shown.
  return kept.filter((part) => !/\d/.test(part)).join(', ');
}
