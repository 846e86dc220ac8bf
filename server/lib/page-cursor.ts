import { AppError } from './app-error';

/**
 * Keyset paging: a cursor is the last row's sort key and id, so the next page starts after it whatever was
 * added meanwhile (an offset would repeat or skip rows). Opaque base64url JSON; a cursor we did not make is a 400.
 */
export type PageCursor = { key: number | string; id: number };
/** The cursor of a list whose rows have text ids (users: uuid). */
export type TextIdCursor = { key: number | string; id: string };

export function encodeCursor(cursor: { key: number | string; id: number | string }): string {
  return Buffer.from(JSON.stringify([cursor.key, cursor.id])).toString('base64url');
}

/** Integer ids are PostgreSQL int4 and start at 1: anything else would fail the `::int` cast in SQL (a 500). */
const INT_MAX = 2_147_483_647;
const isIntId = (id: unknown): id is number => Number.isInteger(id) && (id as number) >= 1 && (id as number) <= INT_MAX;

export function decodeCursor(raw: string | undefined): PageCursor | undefined {
  return decodeWith(raw, isIntId);
}

/** decodeCursor for text ids: at most 64 characters. */
export function decodeTextIdCursor(raw: string | undefined): TextIdCursor | undefined {
  return decodeWith(raw, (id): id is string => typeof id === 'string' && id.length > 0 && id.length <= 64);
}

function decodeWith<Id extends number | string>(
  raw: string | undefined,
  isId: (id: unknown) => id is Id,
): { key: number | string; id: Id } | undefined {
  if (raw === undefined || raw === '') return undefined;
  try {
    const value: unknown = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
    if (
      Array.isArray(value) &&
      value.length === 2 &&
      ((typeof value[0] === 'number' && Number.isFinite(value[0])) || typeof value[0] === 'string') &&
      isId(value[1])
    ) {
      return { key: value[0], id: value[1] };
    }
  } catch {
    // falls through to the 400 below
  }
  throw new AppError(400, 'Invalid cursor', 'invalid_cursor');
}

/**
 * Cuts a page read with `limit + 1` rows into the page and the next cursor (undefined on the last page).
 * `keyOf` gives a row's sort key (a number or an ISO date string).
 */
export function cutPage<Row extends { id: number | string }>(
  rows: Row[],
  limit: number,
  keyOf: (row: Row) => number | string,
): { items: Row[]; nextCursor: string | undefined } {
  if (rows.length <= limit) return { items: rows, nextCursor: undefined };
  const items = rows.slice(0, limit);
  const last = items[items.length - 1];
  return { items, nextCursor: encodeCursor({ key: keyOf(last), id: last.id }) };
}

/** exactTimeKey's form (server/lib/keyset.ts): ISO 8601 UTC with microseconds. */
const EXACT_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type KeyKind = { time: string; number: number };
type IdKind = { int: number; uuid: string };

/**
 * A cursor checked against the list it pages: its key of the list's kind (an exact time or a number) and its id
 * an integer id or a uuid, so a cursor of another list or a forged one is a 400, never a cast error in SQL.
 */
export function readCursor<K extends keyof KeyKind, I extends keyof IdKind>(
  raw: string | undefined,
  kinds: { key: K; id: I },
): { key: KeyKind[K]; id: IdKind[I] } | undefined {
  const cursor = kinds.id === 'int' ? decodeCursor(raw) : decodeTextIdCursor(raw);
  if (!cursor) return undefined;
  const keyOk = kinds.key === 'time' ? isExactTime(cursor.key) : typeof cursor.key === 'number';
  const idOk = kinds.id === 'int' ? isIntId(cursor.id) : typeof cursor.id === 'string' && UUID.test(cursor.id);
  if (!keyOk || !idOk) throw new AppError(400, 'Invalid cursor', 'invalid_cursor');
  return cursor as { key: KeyKind[K]; id: IdKind[I] };
}

/** The form, and a real date (no 31 February) so PostgreSQL can read it. */
function isExactTime(key: number | string): boolean {
  if (typeof key !== 'string' || !EXACT_TIME.test(key)) return false;
  const millis = `${key.slice(0, 23)}Z`;
  const date = new Date(millis);
  return !Number.isNaN(date.getTime()) && date.toISOString() === millis;
}
