import type { Db } from '../db/client';
import { recount } from '../features/integrity/integrity.service';

/** Fails with the mismatching figures when any derived figure disagrees with the recount from the rows. */
export async function expectNoMismatches(db: Db): Promise<void> {
  const result = await recount(db);
  if (result.mismatchCount === 0) return;
  throw new Error(
    `The recount found ${result.mismatchCount} mismatch(es):\n${result.mismatches
      .map(
        (m) =>
          `  ${m.table} (${m.check}) ${m.key}: stored ${JSON.stringify(m.stored)}, recounted ${JSON.stringify(m.recounted)}`,
      )
      .join('\n')}`,
  );
}
