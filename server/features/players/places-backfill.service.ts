import type { Db } from '../../db/client';
import { isBackfillDone, markBackfillDone } from './coordinates-backfill.repo';
import { playersWithoutPlace, setPlaces, type PlacedRow } from './places-backfill.repo';
import { placeColumns, searchColumns } from './search-columns';

export const PLACES_BACKFILL = 'player_places';
const BATCH_SIZE = 1000;

/**
 * Gives players saved before place parts existed theirs (migration 0018 could not: the ZIP data is not in the
 * database): a location the data knows ("78701 — Austin, TX", "Austin, TX 78701", "Austin, TX, USA") gets its
 * city, state and ZIP and is shown as "Austin, TX"; any other text stays as it is, without parts. Runs once per
 * database (recorded in data_backfills), in batches, only on rows still without parts, so it is safe on several
 * instances at once; `shouldStop` ends it between batches. Returns how many players it placed.
 */
export async function backfillPlayerPlaces(db: Db, shouldStop: () => boolean = () => false): Promise<number> {
  if (await isBackfillDone(db, PLACES_BACKFILL)) return 0;
  let placed = 0;
  let afterId = 0;
  for (;;) {
    if (shouldStop()) return placed;
    const batch = await playersWithoutPlace(db, afterId, BATCH_SIZE);
    if (batch.length === 0) break;
    const rows: PlacedRow[] = [];
    for (const { id, location } of batch) {
      const place = placeColumns(location);
      if (place.city === null || place.state === null) continue;
      const { searchLocation, latitude, longitude } = searchColumns({ firstName: '', lastName: '', ...place });
      rows.push({
        id,
        readLocation: location,
        ...place,
        city: place.city,
        state: place.state,
        searchLocation,
        latitude,
        longitude,
      });
    }
    await setPlaces(db, rows);
    placed += rows.length;
    if (batch.length < BATCH_SIZE) break;
    afterId = batch[batch.length - 1].id;
  }
  await markBackfillDone(db, PLACES_BACKFILL);
  return placed;
}
