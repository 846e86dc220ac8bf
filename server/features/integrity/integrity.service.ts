import { openDatabase, type Database, type Db } from '../../db/client';
import type { StoredMismatch } from '../../db/schema/index';
import type { IntegrityReply } from '../../../common/schemas/integrity';
import { findLatestIntegrityCheck, insertIntegrityCheck, type IntegrityCheckRow } from './integrity.repo';
import { recountChecks, type RecountResult } from './recount.repo';

/*
 * The recount as an oracle (docs/architecture.md#the-recount): every derived figure recomputed from the rows. Tests
 * run it after each API test file and after every step of the property test; production runs it hourly and reports
 * the mismatches in GET /api/admin/integrity and the integrity_mismatches metric.
 */

/** Mismatches kept per check in a stored result: enough to find the cause, never the whole table. */
const KEPT_PER_CHECK = 20;

export type Recount = {
  mismatches: StoredMismatch[];
  mismatchCount: number;
  perCheck: { check: string; mismatches: number }[];
};

function summarise(results: RecountResult): Recount {
  return {
    mismatches: results.flatMap(({ check, rows }) =>
      rows.map((row) => ({ table: check.table, check: check.name, ...row })),
    ),
    mismatchCount: results.reduce((total, result) => total + result.total, 0),
    perCheck: results.map(({ check, total }) => ({ check: `${check.table}: ${check.name}`, mismatches: total })),
  };
}

/** Runs every check in one snapshot (tests, the seed's verification). */
export async function recount(db: Db, keptPerCheck = KEPT_PER_CHECK): Promise<Recount> {
  return summarise((await recountChecks(db, keptPerCheck))!);
}

/**
 * Runs `work` on a connection of its own without the requests' statement and read timeouts (PostgreSQL): the
 * recount reads whole tables, for longer than a request may at a million ratings, and must not hold a pool
 * connection the requests need. PGlite is one connection, development-sized: its own.
 */
export async function onRecountConnection<T>(database: Database, work: (db: Db) => Promise<T>): Promise<T> {
  if (!database.url) return work(database.db);
  const own = await openDatabase({ url: database.url, poolSize: 1, timeouts: { statementMs: 0 } });
  try {
    return await work(own.db);
  } finally {
    await own.close();
  }
}

/** Runs the recount now and stores its result; undefined when another instance is running one (`exclusive`). */
export async function runIntegrityCheck(
  db: Db,
  ranBy: string,
  options: { exclusive?: boolean } = {},
): Promise<IntegrityCheckRow | undefined> {
  const started = performance.now();
  const results = await recountChecks(db, KEPT_PER_CHECK, options);
  if (!results) return undefined;
  const result = summarise(results);
  return insertIntegrityCheck(db, {
    durationMs: Math.round(performance.now() - started),
    mismatchCount: result.mismatchCount,
    mismatches: result.mismatches,
    ranBy,
  });
}

/** The schedule's pass: a recount when the latest is older than `everyMs`, by one instance at a time. */
export async function checkIntegrityIfDue(database: Database, everyMs: number, now = new Date()): Promise<boolean> {
  const latest = await findLatestIntegrityCheck(database.db);
  if (latest && now.getTime() - latest.checkedAt.getTime() < everyMs) return false;
  const ran = await onRecountConnection(database, (db) => runIntegrityCheck(db, 'schedule', { exclusive: true }));
  return ran !== undefined;
}

export function toIntegrityReply(row: IntegrityCheckRow | undefined): IntegrityReply {
  return {
    checkedAt: row?.checkedAt.toISOString() ?? null,
    durationMs: row?.durationMs ?? null,
    mismatchCount: row?.mismatchCount ?? 0,
    mismatches: row?.mismatches ?? [],
  };
}

/** GET /api/admin/integrity: the latest stored recount. */
export async function getIntegrity(db: Db): Promise<IntegrityReply> {
  return toIntegrityReply(await findLatestIntegrityCheck(db));
}

/** The integrity gauges' reading: the latest recount's mismatches and time. */
export async function integrityGaugeReading(db: Db): Promise<{ mismatchCount: number | null; checkedAt: Date | null }> {
  const latest = await findLatestIntegrityCheck(db);
  return { mismatchCount: latest?.mismatchCount ?? null, checkedAt: latest?.checkedAt ?? null };
}
