import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryLimitStore } from '../../lib/limit-store';
import { createTestApp, type TestApp } from '../../test/test-app';
import { recount } from './integrity.service';
import {
  createWorld,
  operations,
  resetWorld,
  runOperation,
  type Operation,
  type OperationKind,
  type WorldSnapshot,
} from './rating-operations-fixtures';

/*
 * The rating effects as a property (docs/architecture.md#the-recount): whatever people and moderators do, in any
 * order (submit, edit, vote, release, take down, restore, merge, erase), every derived figure equals the recount
 * from the rows after every step. Refusals (4xx) are part of the game; a 5xx never is. A failure prints the shrunk
 * sequence, what each step answered and the mismatches; FC_SEED and FC_RUNS replay it or run deeper.
 */

const SEED = Number(process.env.FC_SEED ?? 20_261_128);
const RUNS = Number(process.env.FC_RUNS ?? 200);
const MAX_STEPS = 12;
const HOUR_MS = 3_600_000;

const describeOp = (op: Operation) => JSON.stringify(op);

describe('rating effects: every sequence of operations leaves 0 recount mismatches after each step', () => {
  let t: TestApp;
  let snapshot: WorldSnapshot;
  let limitClock = Date.now();
  /** Answers per operation, by status: evidence that each kind was exercised, not only refused. */
  const answers = new Map<OperationKind, Map<number, number>>();
  const tally = (kind: OperationKind, status: number) => {
    const byStatus = answers.get(kind) ?? new Map<number, number>();
    byStatus.set(status, (byStatus.get(status) ?? 0) + 1);
    answers.set(kind, byStatus);
  };

  beforeAll(async () => {
    // Each sequence starts an hour after the last as the rate limits see it, so one's tries never refuse the next's
    // (the world's accounts come back with the same ids).
    t = await createTestApp({}, { limitStore: createMemoryLimitStore({ now: () => limitClock }) });
    snapshot = await createWorld(t);
  });
  afterAll(() => t.close());

  it(`holds for ${RUNS} random sequences of 1-${MAX_STEPS} operations (seed ${SEED})`, async () => {
    const started = Date.now();
    let steps = 0;
    /** Releases that released something: anonymous ratings, edits or votes from at least 3 raters. */
    let releases = 0;
    const property = fc.asyncProperty(operations(MAX_STEPS), async (ops) => {
      limitClock += HOUR_MS;
      const world = await resetWorld(t, snapshot);
      const done: string[] = [];
      for (const [step, op] of ops.entries()) {
        const res = await runOperation(t, world, op);
        steps += 1;
        tally(op.kind, res.statusCode);
        if (op.kind === 'release' && res.statusCode === 200 && res.json<{ released: number }>().released > 0)
          releases += 1;
        done.push(`  ${step + 1}. ${describeOp(op)} -> ${res.statusCode}`);
        if (res.statusCode >= 500) {
          throw new Error(`step ${step + 1} answered ${res.statusCode}: ${res.body}\n${done.join('\n')}`);
        }
        const result = await recount(t.database.db);
        if (result.mismatchCount > 0) {
          const mismatches = result.mismatches.map(
            (m) =>
              `  ${m.table} (${m.check}) ${m.key}: stored ${JSON.stringify(m.stored)}, recounted ${JSON.stringify(m.recounted)}`,
          );
          throw new Error(
            `${result.mismatchCount} mismatch(es) after step ${step + 1}:\n${mismatches.join('\n')}\nsteps:\n${done.join('\n')}`,
          );
        }
      }
    });
    try {
      await fc.assert(property, { seed: SEED, numRuns: RUNS });
    } catch (error) {
      throw new Error(`Replay with FC_SEED=${SEED} FC_RUNS=${RUNS}.\n${(error as Error).message}`, { cause: error });
    }
    const summary = Object.fromEntries(
      [...answers].map(([kind, byStatus]) => [kind, Object.fromEntries([...byStatus].sort(([a], [b]) => a - b))]),
    );
    console.info(
      `rating effects property: ${RUNS} sequences, ${steps} steps in ${Date.now() - started} ms (seed ${SEED}); ${releases} releases released something; answers ${JSON.stringify(summary)}`,
    );
    // Each kind of operation took effect somewhere in the run, so none is only ever refused.
    for (const kind of ['submit', 'edit', 'vote', 'release', 'remove', 'restore', 'merge', 'erase'] as const) {
      const succeeded = [...(answers.get(kind) ?? new Map<number, number>())]
        .filter(([status]) => status < 300)
        .reduce((sum, [, count]) => sum + count, 0);
      expect(succeeded, `${kind} succeeded`).toBeGreaterThan(0);
    }
    expect(releases).toBeGreaterThan(0);
  }, 600_000);
});
