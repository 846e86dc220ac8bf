import type { SQL } from 'drizzle-orm';
import type { Executor } from '../client';

/** The rows a statement returns: `{ rows }` on node-postgres and on PGlite alike, which Drizzle types as unknown. */
export async function queryRows<T>(db: Executor, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: T[] }).rows;
}
