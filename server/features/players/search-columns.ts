import { normalizeForSearch } from '../../../common/text';
import { locatePlace } from '../locations/locations.service';

/**
 * The search columns every insert and name/location update must keep in step: the normalised texts, and
 * the location's coordinates for the search near a place (null when the bundled data cannot place it).
 */
export function searchColumns(player: { firstName: string; lastName: string; location: string }) {
  const point = locatePlace(player.location);
  return {
    searchName: normalizeForSearch(`${player.firstName} ${player.lastName}`),
    searchLast: normalizeForSearch(player.lastName),
    searchLocation: normalizeForSearch(player.location),
    latitude: point?.latitude ?? null,
    longitude: point?.longitude ?? null,
  };
}
