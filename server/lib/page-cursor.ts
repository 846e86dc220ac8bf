import { AppError } from './app-error';

/**
 * Keyset paging: a cursor is the last row's sort key and id, so the next page starts after it whatever was
 * added meanwhile (an offset would repeat or skip rows). Opaque base64url JSON; a cursor we did not make is a 400.
 */
export type PageCursor = { key: number | string; id: number };

export function encodeCursor(cursor: PageCursor): string {
  return Buffer.from(JSON.stringify([cursor.key, cursor.id])).toString('base64url');
}

export function decodeCursor(raw: string | undefined): PageCursor | undefined {
  if (raw === undefined || raw === '') return undefined;
  try {
    const value: unknown = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
    if (
      Array.isArray(value) &&
      value.length === 2 &&
      (typeof value[0] === 'number' || typeof value[0] === 'string') &&
      Number.isSafeInteger(value[1])
    ) {
      return { key: value[0], id: value[1] as number };
    }
  } catch {
    // falls through to the 400 below
  }
  throw new AppError(400, 'Invalid cursor');
}

/**
 * Cuts a page read with `limit + 1` rows into the page and the next cursor (undefined on the last page).
 * `keyOf` gives a row's sort key (a number or an ISO date string).
 */
export function cutPage<Row extends { id: number }>(
  rows: Row[],
  limit: number,
  keyOf: (row: Row) => number | string,
): { items: Row[]; nextCursor: string | undefined } {
  if (rows.length <= limit) return { items: rows, nextCursor: undefined };
  const items = rows.slice(0, limit);
  const last = items[items.length - 1];
  return { items, nextCursor: encodeCursor({ key: keyOf(last), id: last.id }) };
}
