import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { preparedStatement } from '../../db/prepared';
import {
  appeals,
  dataRequests,
  flaggedComments,
  moderationDecisions,
  ratingRemovals,
  ratingReports,
  trustFlags,
} from '../../db/schema/index';

/*
 * The transparency report's figures (docs/product.md#transparency), read from the rows other features write, in one
 * statement: each row is a month (UTC), a figure, a key within it, and its value. Read-only.
 */

export type FigureRow = { month: string; figure: string; key: string; value: number };

const monthOf = (column: unknown) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM')`;
const since = sql`${sql.placeholder('since')}::timestamptz`;

const figuresStatement = preparedStatement<{ since: string }>(
  'transparency_figures',
  () => sql`
    select ${monthOf(ratingReports.createdAt)} as month, 'report' as figure, ${ratingReports.reason} as key,
      count(*)::float8 as value
    from ${ratingReports} where ${ratingReports.createdAt} >= ${since} group by 1, 3
    union all
    select ${monthOf(moderationDecisions.decidedAt)}, 'outcome', ${moderationDecisions.outcome}, count(*)::float8
    from ${moderationDecisions} where ${moderationDecisions.decidedAt} >= ${since} group by 1, 3
    union all
    select ${monthOf(moderationDecisions.decidedAt)}, 'rule', coalesce(${moderationDecisions.rule}, 'none'),
      count(*)::float8
    from ${moderationDecisions} where ${moderationDecisions.decidedAt} >= ${since} group by 1, 3
    union all
    select ${monthOf(moderationDecisions.decidedAt)}, 'source', ${moderationDecisions.source}, count(*)::float8
    from ${moderationDecisions} where ${moderationDecisions.decidedAt} >= ${since} group by 1, 3
    union all
    select ${monthOf(moderationDecisions.decidedAt)}, 'median-hours', '',
      percentile_cont(0.5) within group (
        order by extract(epoch from ${moderationDecisions.decidedAt} - ${ratingReports.createdAt}) / 3600
      )
    from ${ratingReports} join ${moderationDecisions} on ${moderationDecisions.id} = ${ratingReports.decisionId}
    where ${moderationDecisions.decidedAt} >= ${since} group by 1
    union all
    select ${monthOf(appeals.createdAt)}, 'appeal-received', '', count(*)::float8
    from ${appeals} where ${appeals.createdAt} >= ${since} group by 1
    union all
    select ${monthOf(appeals.decidedAt)}, 'appeal-decided', ${appeals.outcome}, count(*)::float8
    from ${appeals} where ${appeals.decidedAt} >= ${since} group by 1, 3
    union all
    select ${monthOf(flaggedComments.createdAt)}, 'automatic-hold', '', count(*)::float8
    from ${flaggedComments}
    where ${flaggedComments.createdAt} >= ${since} and ${flaggedComments.flagReason} <> 'decision' group by 1
    union all
    select ${monthOf(trustFlags.reviewedAt)}, 'flag', ${trustFlags.type} || ':' || ${trustFlags.status}, count(*)::float8
    from ${trustFlags}
    where ${trustFlags.reviewedAt} >= ${since} and ${trustFlags.status} in ('confirmed', 'dismissed') group by 1, 3
    union all
    select ${monthOf(ratingRemovals.actedAt)}, 'removed', '', count(*)::float8
    from ${ratingRemovals} where ${ratingRemovals.action} = 'remove' and ${ratingRemovals.actedAt} >= ${since} group by 1
    union all
    select ${monthOf(dataRequests.at)}, 'erased', '', count(*)::float8
    from ${dataRequests} where ${dataRequests.kind} = 'erase' and ${dataRequests.at} >= ${since} group by 1`,
);

/** Every figure from `since` (the first instant of the report's oldest month) on. */
export async function findFigures(db: Executor, since: Date): Promise<FigureRow[]> {
  const rows = await figuresStatement.run(db, { since: since.toISOString() });
  return rows.map((row) => ({
    month: String(row.month),
    figure: String(row.figure),
    key: String(row.key),
    value: Number(row.value),
  }));
}
