import { normalizeForSearch } from '../../../common/text';
import { locatePlace, pointOfPlace, placeText, resolvePlace } from '../locations/locations.service';

type PlaceParts = { city: string | null; state: string | null; zip: string | null };

/**
 * A player's place as stored (docs/product.md#places): a place the ZIP data knows as its parts and "City, ST";
 * any other text as written, without parts (a bulk import's own text, 'Unknown Location').
 */
export function placeColumns(location: string): PlaceParts & { location: string } {
  const place = resolvePlace(location);
  if (!place) return { location, city: null, state: null, zip: null };
  return { location: placeText(place), ...place };
}

/**
 * The search columns every insert and name/location update must keep in step: the normalised texts (the place's
 * ZIP among them: it is not shown, but a search by ZIP finds the players who gave it, as it did when the ZIP was in
 * the text), and the place's coordinates for the search near a place (its ZIP's, else its city's; null when the
 * data cannot place it).
 */
export function searchColumns(player: { firstName: string; lastName: string; location: string } & Partial<PlaceParts>) {
  const { city, state, zip } = player;
  const point = city && state ? pointOfPlace({ city, state, zip: zip ?? null }) : locatePlace(player.location);
  return {
    searchName: normalizeForSearch(`${player.firstName} ${player.lastName}`),
    searchLast: normalizeForSearch(player.lastName),
    searchLocation: normalizeForSearch(zip ? `${player.location} ${zip}` : player.location),
    latitude: point?.latitude ?? null,
    longitude: point?.longitude ?? null,
  };
}
