import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { dataBackfills } from '../../db/schema/index';
import { playersWithoutHistory, refreshHistory } from './estimate-history.service';

/** Recorded in data_backfills once every player with an estimate has a stored history. */
export const HISTORY_BACKFILL = 'estimate-history';
/** Players per pass of the worker: a few hundred small fits, then the worker looks at marked players again. */
const BACKFILL_BATCH = 500;

/** Where this process's backfill has got to (player ids are walked in order, once). */
const cursorByDb = new WeakMap<Db, number>();

/**
 * Past quarters for players whose estimate predates stored history (the data of an earlier version): one batch per
 * idle pass of the worker, never at start and never in a request. Answers how many players it filled.
 */
export async function backfillHistoryBatch(db: Db): Promise<number> {
  const after = cursorByDb.get(db) ?? 0;
  if (after < 0) return 0;
  const [done] = await db.select().from(dataBackfills).where(eq(dataBackfills.name, HISTORY_BACKFILL));
  if (done) {
    cursorByDb.set(db, -1);
    return 0;
  }
  const ids = await playersWithoutHistory(db, BACKFILL_BATCH, after);
  if (ids.length === 0) {
    await db.insert(dataBackfills).values({ name: HISTORY_BACKFILL }).onConflictDoNothing();
    cursorByDb.set(db, -1);
    return 0;
  }
  await refreshHistory(db, ids);
  cursorByDb.set(db, ids[ids.length - 1]);
  return ids.length;
}
