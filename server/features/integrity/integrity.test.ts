import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { checkIntegrityIfDue, getIntegrity } from './integrity.service';

/* docs/architecture.md#the-recount: the schedule runs the recount once per period, for the whole cluster. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const HOUR = 3_600_000;

describe('the scheduled recount', () => {
  it('runs when none has run for the period, not again within it, and again after it', async () => {
    expect(await getIntegrity(t.database.db)).toEqual({
      checkedAt: null,
      durationMs: null,
      mismatchCount: 0,
      mismatches: [],
    });
    const start = new Date();
    expect(await checkIntegrityIfDue(t.database, HOUR, start)).toBe(true);
    const first = await getIntegrity(t.database.db);
    expect(first).toMatchObject({ mismatchCount: 0, mismatches: [] });
    expect(first.checkedAt).not.toBeNull();
    expect(await checkIntegrityIfDue(t.database, HOUR, new Date(start.getTime() + HOUR / 2))).toBe(false);
    expect(await checkIntegrityIfDue(t.database, HOUR, new Date(start.getTime() + 2 * HOUR))).toBe(true);
  });
});
