import { asc, desc, sql, type AnyColumn, type SQL } from 'drizzle-orm';

/**
 * The SQL half of keyset paging (server/lib/page-cursor.ts holds the cursor): a list ordered by one key, then by
 * id descending, so rows with equal keys come newest first whichever way the key runs.
 */
export type KeysetOrder = { key: AnyColumn | SQL; id: AnyColumn; direction: 'asc' | 'desc' };

/** ORDER BY of the order: the key its way, then id descending. */
export function keysetOrderBy(order: KeysetOrder): SQL[] {
  return [order.direction === 'desc' ? desc(order.key) : asc(order.key), desc(order.id)];
}

/**
 * The rows after the cursor row (its key and id given as SQL values, cast to the columns' types). Written as a
 * row comparison when both run descending, so an index on (key, id) or (key) serves it as a range.
 */
export function afterKeyset(order: KeysetOrder, cursor: { key: SQL; id: SQL }): SQL {
  if (order.direction === 'desc') return sql`(${order.key}, ${order.id}) < (${cursor.key}, ${cursor.id})`;
  return sql`(${order.key} > ${cursor.key} or (${order.key} = ${cursor.key} and ${order.id} < ${cursor.id}))`;
}

/**
 * A timestamp as an exact sort key: ISO 8601 in UTC with microseconds. A JavaScript Date keeps milliseconds only,
 * so a key read from one would skip the rows within the same millisecond as the cursor's row.
 */
export function exactTimeKey(column: AnyColumn): SQL<string> {
  return sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
}
