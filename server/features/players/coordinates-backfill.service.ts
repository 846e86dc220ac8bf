import type { Db } from '../../db/client';
import { locatePlace } from '../locations/locations.service';
import {
  isBackfillDone,
  markBackfillDone,
  playersWithoutCoordinates,
  setCoordinates,
  type PlacedPlayer,
} from './coordinates-backfill.repo';

export const COORDINATES_BACKFILL = 'player_coordinates';
const BATCH_SIZE = 1000;

/**
 * Gives players saved before coordinates existed theirs, from the bundled ZIP data (migration 0011 could
 * not: the data is not in the database). Runs once per database: recorded in data_backfills when done, so
 * a later start reads one row. Idempotent and safe on several instances at once: it only fills rows still
 * without coordinates, in batches, and `shouldStop` ends it between batches (the app is closing).
 * Returns how many players it placed.
 */
export async function backfillPlayerCoordinates(db: Db, shouldStop: () => boolean = () => false): Promise<number> {
  if (await isBackfillDone(db, COORDINATES_BACKFILL)) return 0;
  let placed = 0;
  let afterId = 0;
  for (;;) {
    if (shouldStop()) return placed;
    const batch = await playersWithoutCoordinates(db, afterId, BATCH_SIZE);
    if (batch.length === 0) break;
    const rows: PlacedPlayer[] = [];
    for (const { id, location } of batch) {
      const point = locatePlace(location);
      if (point) rows.push({ id, ...point });
    }
    await setCoordinates(db, rows);
    placed += rows.length;
    if (batch.length < BATCH_SIZE) break;
    afterId = batch[batch.length - 1].id;
  }
  await markBackfillDone(db, COORDINATES_BACKFILL);
  return placed;
}
