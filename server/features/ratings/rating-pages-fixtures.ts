import { getTableColumns, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { ratings } from '../../db/schema/index';
import type { TestApp } from '../../test/test-app';
import { NEXT_CURSOR_HEADER } from '../../../common/schemas/shared';
import { applyFixtureRating, getJson } from './ratings-fixtures';

/*
 * The rating lists a page at a time (My Ratings here, Ratings About Me in helpfulness): 55 ratings written
 * straight to the table so their times and stars are known, including ties, each applied to its player as it counts.
 */

export type Listed = { id: number; overallRating: number; createdAt: string; isAnonymous: boolean };

export const COUNT = 55;
const BASE = Date.parse('2026-03-02T12:00:00.000Z');

/** The i-th rating's stars (1-5, many ties) and time (a minute apart; two pairs share one exact time). */
const starsOf = (i: number) => 1 + ((i * 7) % 5);
const minuteOf = (i: number) => (i === 11 || i === 30 ? i - 1 : i);

export async function insertRatings(
  t: TestApp,
  rows: { playerId: number; raterEmail: string; i: number; micros?: number }[],
) {
  const inserted = await t.database.db
    .insert(ratings)
    .values(
      rows.map(({ playerId, raterEmail, i, micros }) => {
        const createdAt =
          micros === undefined
            ? new Date(BASE + minuteOf(i) * 60_000)
            : sql`${new Date(BASE).toISOString()}::timestamptz + make_interval(secs => ${micros} / 1000000.0)`;
        return {
          playerId,
          raterEmail,
          isAnonymous: i % 4 === 0,
          serveReturn: 3,
          groundstrokesThirdShot: 3,
          netPlayVolleysDinks: 3,
          movementCourtAwareness: 3,
          mentalPhysicalGame: 3,
          overallRating: starsOf(i),
          // Microseconds apart within one millisecond when asked: a cursor must not lose them.
          createdAt,
          // Stored as out already, an anonymous one too (docs/product.md#anonymity).
          listedAt: createdAt,
          publishedAt: createdAt,
        };
      }),
    )
    .returning({
      ...getTableColumns(ratings),
      // The stored time to the microsecond: a Date keeps milliseconds, and ids are random (decision 023).
      createdAtMicros: sql<string>`(extract(epoch from ${ratings.createdAt}) * 1000000)::bigint::text`,
    });
  for (const { createdAtMicros: _micros, ...row } of inserted) await applyFixtureRating(t.database.db, row);
  return inserted.map(({ id, overallRating, createdAt, createdAtMicros }) => ({
    id,
    overallRating,
    createdAt,
    createdAtMicros,
  }));
}

/** What each order must give, computed here from the rows: ties by id descending (newest first). */
export function expectedOrder(
  rows: { id: number; overallRating: number; createdAt: Date; createdAtMicros: string }[],
  sort: string,
): number[] {
  const sorted = [...rows].sort((a, b) => {
    const byKey =
      sort === 'newest'
        ? Number(BigInt(b.createdAtMicros) - BigInt(a.createdAtMicros))
        : sort === 'highest'
          ? b.overallRating - a.overallRating
          : a.overallRating - b.overallRating;
    return byKey || b.id - a.id;
  });
  return sorted.map((row) => row.id);
}

/** Follows x-next-cursor to the end, checking each page's size; answers the ids in the order read. */
export async function readAll(
  t: TestApp,
  path: string,
  cookie: string,
  limit: number,
): Promise<{ ids: number[]; pages: number[] }> {
  const ids: number[] = [];
  const pages: number[] = [];
  let cursor: string | undefined;
  for (let guard = 0; guard < 100; guard += 1) {
    const separator = path.includes('?') ? '&' : '?';
    const url = `${path}${separator}limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    const res = await getJson(t, url, { cookie });
    expect(res.statusCode).toBe(200);
    const page = res.json<Listed[]>();
    ids.push(...page.map((rating) => rating.id));
    pages.push(page.length);
    const next = res.headers[NEXT_CURSOR_HEADER];
    if (next === undefined) return { ids, pages };
    cursor = String(next);
  }
  throw new Error('more than 100 pages');
}
