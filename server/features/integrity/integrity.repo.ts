import { desc } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { integrityChecks } from '../../db/schema/index';

export type IntegrityCheckRow = typeof integrityChecks.$inferSelect;

export async function insertIntegrityCheck(
  db: Executor,
  row: typeof integrityChecks.$inferInsert,
): Promise<IntegrityCheckRow> {
  const [stored] = await db.insert(integrityChecks).values(row).returning();
  return stored;
}

export async function findLatestIntegrityCheck(db: Executor): Promise<IntegrityCheckRow | undefined> {
  const [row] = await db.select().from(integrityChecks).orderBy(desc(integrityChecks.checkedAt)).limit(1);
  return row;
}
