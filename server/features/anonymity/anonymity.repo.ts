import { desc, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { anonymityReleases } from '../../db/schema/index';

/** One release at a time across instances: held until the caller's transaction ends. */
export async function takeReleaseLock(db: Executor): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext('anonymity_release'))`);
}

export type ReleaseRecord = typeof anonymityReleases.$inferSelect;

export async function findLastRelease(db: Executor): Promise<ReleaseRecord | undefined> {
  const [row] = await db.select().from(anonymityReleases).orderBy(desc(anonymityReleases.id)).limit(1);
  return row;
}

export async function insertRelease(db: Executor, release: typeof anonymityReleases.$inferInsert): Promise<void> {
  await db.insert(anonymityReleases).values(release);
}
