import type { Executor } from '../../db/client';
import { DECISION_OUTCOMES, DECISION_SOURCES } from '../../../common/community';
import { REMOVAL_RULES } from '../../../common/removal-rules';
import {
  TRANSPARENCY_MONTHS,
  type TransparencyMonth,
  type TransparencyReport,
} from '../../../common/schemas/transparency';
import { TRUST_FLAG_TYPES } from '../../../common/schemas/trust';
import { findFigures, type FigureRow } from './transparency.repo';

/** "2026-11" of a UTC month start. */
const monthKey = (date: Date) => date.toISOString().slice(0, 7);

/** The first instant (UTC) of the month `back` months before the one `now` is in. */
function monthStart(now: Date, back: number): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
}

const emptyMonth = (month: string): TransparencyMonth => ({
  month,
  reports: { received: 0, byReason: REMOVAL_RULES.map((key) => ({ key, count: 0 })) },
  decisions: {
    total: 0,
    byOutcome: DECISION_OUTCOMES.map((key) => ({ key, count: 0 })),
    byRule: [...REMOVAL_RULES, 'none' as const].map((key) => ({ key, count: 0 })),
    bySource: DECISION_SOURCES.map((key) => ({ key, count: 0 })),
    medianHoursFromReport: null,
  },
  appeals: { received: 0, decided: 0, reversed: 0 },
  automaticHolds: 0,
  flags: TRUST_FLAG_TYPES.map((type) => ({ type, confirmed: 0, dismissed: 0 })),
  ratingsRemoved: 0,
  accountsErased: 0,
});

const add = (list: { key: string; count: number }[], key: string, value: number) => {
  const entry = list.find((item) => item.key === key);
  if (entry) entry.count += value;
};

function addFigure(month: TransparencyMonth, { figure, key, value }: FigureRow) {
  switch (figure) {
    case 'report':
      month.reports.received += value;
      return add(month.reports.byReason, key, value);
    case 'outcome':
      month.decisions.total += value;
      return add(month.decisions.byOutcome, key, value);
    case 'rule':
      return add(month.decisions.byRule, key, value);
    case 'source':
      return add(month.decisions.bySource, key, value);
    case 'median-hours':
      month.decisions.medianHoursFromReport = Math.round(value * 10) / 10;
      return;
    case 'appeal-received':
      month.appeals.received += value;
      return;
    case 'appeal-decided':
      month.appeals.decided += value;
      if (key === 'reversed') month.appeals.reversed += value;
      return;
    case 'automatic-hold':
      month.automaticHolds += value;
      return;
    case 'flag': {
      const [type, status] = key.split(':');
      const flags = month.flags.find((entry) => entry.type === type);
      if (flags && (status === 'confirmed' || status === 'dismissed')) flags[status] += value;
      return;
    }
    case 'removed':
      month.ratingsRemoved += value;
      return;
    case 'erased':
      month.accountsErased += value;
  }
}

/**
 * GET /api/transparency (docs/product.md#transparency): the months from the oldest with anything in it (at most
 * TRANSPARENCY_MONTHS back) to the current one, newest first.
 */
export async function getTransparencyReport(db: Executor, now = new Date()): Promise<TransparencyReport> {
  const rows = await findFigures(db, monthStart(now, TRANSPARENCY_MONTHS - 1));
  const months = new Map<string, TransparencyMonth>();
  let oldestBack = 0;
  for (let back = 0; back < TRANSPARENCY_MONTHS; back += 1) {
    const key = monthKey(monthStart(now, back));
    months.set(key, emptyMonth(key));
    if (rows.some((row) => row.month === key)) oldestBack = back;
  }
  for (const row of rows) {
    const month = months.get(row.month);
    if (month) addFigure(month, row);
  }
  return { generatedAt: now.toISOString(), months: [...months.values()].slice(0, oldestBack + 1) };
}
