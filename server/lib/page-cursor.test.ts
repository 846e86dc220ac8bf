import { describe, expect, it } from 'vitest';
import { cutPage, decodeCursor, decodeTextIdCursor, encodeCursor, readCursor } from './page-cursor';

describe('page cursors', () => {
  it('reads back what it wrote', () => {
    expect(decodeCursor(encodeCursor({ key: '2026-11-25T10:00:00.000Z', id: 7 }))).toEqual({
      key: '2026-11-25T10:00:00.000Z',
      id: 7,
    });
    expect(decodeCursor(encodeCursor({ key: 4.5, id: 2 }))).toEqual({ key: 4.5, id: 2 });
    expect(decodeCursor(undefined)).toBeUndefined();
  });

  it('refuses a cursor it did not make with 400 Invalid cursor', () => {
    for (const raw of [
      'x',
      Buffer.from('{"a":1}').toString('base64url'),
      Buffer.from('[1,1.5]').toString('base64url'),
      // Ids are int4 from 1: past 2^31-1, 0 or negative would fail the cast in SQL.
      Buffer.from('[1,2147483648]').toString('base64url'),
      Buffer.from('[1,1e30]').toString('base64url'),
      Buffer.from('[1,0]').toString('base64url'),
      Buffer.from('[1,-5]').toString('base64url'),
    ]) {
      expect(() => decodeCursor(raw)).toThrow(expect.objectContaining({ statusCode: 400, message: 'Invalid cursor' }));
    }
    expect(decodeCursor(Buffer.from('[1,2147483647]').toString('base64url'))).toEqual({ key: 1, id: 2_147_483_647 });
  });

  it('cuts limit + 1 rows into a page and the next cursor, and the last page has none', () => {
    const rows = [1, 2, 3].map((id) => ({ id, score: id * 10 }));
    const first = cutPage(rows, 2, (row) => row.score);
    expect(first.items.map((row) => row.id)).toEqual([1, 2]);
    expect(decodeCursor(first.nextCursor)).toEqual({ key: 20, id: 2 });
    expect(cutPage(rows, 3, (row) => row.score).nextCursor).toBeUndefined();
  });

  it('reads text ids and checks a cursor against its list: exact time or number key, integer or uuid id', () => {
    const uuid = '0b6f3c2e-4d1a-4f6b-9c7e-2a1b3c4d5e6f';
    const time = '2026-11-25T10:00:00.123456Z';
    expect(decodeTextIdCursor(encodeCursor({ key: time, id: uuid }))).toEqual({ key: time, id: uuid });
    expect(readCursor(encodeCursor({ key: time, id: uuid }), { key: 'time', id: 'uuid' })).toEqual({
      key: time,
      id: uuid,
    });
    expect(readCursor(encodeCursor({ key: 4.5, id: 3 }), { key: 'number', id: 'int' })).toEqual({ key: 4.5, id: 3 });
    expect(readCursor(undefined, { key: 'time', id: 'int' })).toBeUndefined();
    for (const [cursor, kinds] of [
      [
        { key: 4.5, id: 3 },
        { key: 'time', id: 'int' },
      ],
      [
        { key: '2026-02-31T00:00:00.000000Z', id: 3 },
        { key: 'time', id: 'int' },
      ],
      [
        { key: '2026-11-25T10:00:00.123Z', id: 3 },
        { key: 'time', id: 'int' },
      ],
      [
        { key: time, id: 3_000_000_000 },
        { key: 'time', id: 'int' },
      ],
      [
        { key: time, id: 'not-a-uuid' },
        { key: 'time', id: 'uuid' },
      ],
      [
        { key: 'high', id: 3 },
        { key: 'number', id: 'int' },
      ],
    ] as const) {
      expect(() => readCursor(encodeCursor(cursor), kinds)).toThrow(
        expect.objectContaining({ statusCode: 400, message: 'Invalid cursor' }),
      );
    }
  });
});
