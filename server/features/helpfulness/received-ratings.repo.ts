import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { mapColumns, preparedStatement, selectColumns } from '../../db/prepared';
import { players, playerSkill, ratingHelpfulness, ratings, users } from '../../db/schema/index';
import { afterKeyset, keysetOrderBy, type KeysetOrder } from '../../lib/keyset';
import type { ListSort } from '../../../common/schemas/shared';

/*
 * Received ratings (Ratings About Me) are a hot read (decision 003): one prepared statement per database, order and
 * first or later page reads the player's owner and a page of the list together (ratings_player_listed_idx for
 * newest) with the rater's name and the caller's own helpfulness vote (rating_helpfulness_rating_user_key).
 *
 * The cursor of the newest order carries the last row's id only, never its time: the player may decode a cursor,
 * and an anonymous rating is listed at its release's period start (docs/product.md#anonymity), its id is random. The
 * statement reads the time from the cursor's rating, of this player only. Only released ratings are listed: an
 * anonymous rating waiting for its release is its rater's alone.
 */

/** The orders of docs/product.md#paging, as My Ratings has them: newest first, or by overall stars; ties newest first. */
const RECEIVED_ORDERS: Record<ListSort, KeysetOrder> = {
  newest: { key: ratings.listedAt, id: ratings.id, direction: 'desc' },
  highest: { key: ratings.overallRating, id: ratings.id, direction: 'desc' },
  lowest: { key: ratings.overallRating, id: ratings.id, direction: 'asc' },
};

export type ReceivedPage = { sort: ListSort; limit: number; after?: { key: number; id: number } };

/** The statement of findReceivedRatings; plain rows, mapped by mapColumns (Drizzle's nested mapping cost a sixth of the call). */
function receivedStatement(sort: ListSort, paged: boolean): () => SQL {
  return () => {
    const [p, r, u, h] = [players, ratings, users, ratingHelpfulness];
    const order = RECEIVED_ORDERS[sort];
    const playerId = sql`${sql.placeholder('playerId')}::int`;
    const cursorId = sql`${sql.placeholder('cursorId')}::int`;
    const cursorRating = (column: SQL) =>
      sql`(select ${column} from ${r} where ${r.id} = ${cursorId} and ${r.playerId} = ${playerId})`;
    let after = sql``;
    if (paged && sort === 'newest') {
      // The plain bound lets the index range start at the cursor's time; the row comparison breaks the ties.
      after = sql` and ${r.listedAt} <= ${cursorRating(sql`${r.listedAt}`)}
        and ${afterKeyset(order, { key: cursorRating(sql`${r.listedAt}`), id: cursorId })}`;
    } else if (paged) {
      after = sql` and ${afterKeyset(order, { key: sql`${sql.placeholder('cursorKey')}::float8`, id: cursorId })}`;
    }
    const cursorKey = sort === 'newest' ? r.id : r.overallRating;
    return sql`select ${p.userId} as "ownerUserId", ${selectColumns(r, 'ratings')},
        ${u.firstName} as "raterFirstName", ${u.lastName} as "raterLastName",
        ${h.helpfulnessScore} as "userHelpfulnessScore",
        (${playerSkill.weights} ->> ${r.id}::text)::float8 as "weight",
        ${cursorKey} as "cursorKey"
      from ${p}
      left join ${playerSkill} on ${playerSkill.playerId} = ${p.id}
      left join ${r} on ${r.playerId} = ${p.id} and ${r.listedAt} is not null${after}
      left join ${u} on ${u.id} = ${r.raterUserId}
      left join ${h} on ${h.ratingId} = ${r.id} and ${h.userId} = ${sql.placeholder('callerId')}::uuid
      where ${p.id} = ${playerId}
      order by ${sql.join(keysetOrderBy(order), sql`, `)}
      limit ${sql.placeholder('limit')}::int + 1`;
  };
}

const statementName = (sort: ListSort, paged: boolean) =>
  `helpfulness_received_ratings_${sort}${paged ? '_after' : ''}`;

/** One statement per order, for the first page and for a later one. */
const receivedStatements = new Map(
  (Object.keys(RECEIVED_ORDERS) as ListSort[]).flatMap((sort) =>
    [false, true].map((paged) => {
      const name = statementName(sort, paged);
      return [name, preparedStatement<Record<string, unknown>>(name, receivedStatement(sort, paged))] as const;
    }),
  ),
);

export type ReceivedRow = {
  rating: typeof ratings.$inferSelect;
  raterFirstName: string | null;
  raterLastName: string | null;
  userHelpfulnessScore: number | null;
  weight: number | null;
  /** The row's key in the page's order: its id for newest, else its overall stars. */
  cursorKey: number;
};

/** The player's owner (undefined: no such player) and a page of the ratings it received (limit + 1 rows read). */
export async function findReceivedRatings(db: Db, playerId: number, callerId: string, page: ReceivedPage) {
  const values = {
    playerId,
    callerId,
    limit: page.limit,
    ...(page.after
      ? { cursorId: page.after.id, ...(page.sort === 'newest' ? {} : { cursorKey: page.after.key }) }
      : {}),
  };
  const rows = await receivedStatements.get(statementName(page.sort, page.after !== undefined))!.run(db, values);
  if (rows.length === 0) return undefined;
  return {
    ownerUserId: rows[0].ownerUserId as string | null,
    // A player without ratings comes back as one row of nulls (left join).
    ratings: rows.flatMap((row): ReceivedRow[] =>
      row.id === null
        ? []
        : [
            {
              rating: mapColumns(ratings, row),
              raterFirstName: row.raterFirstName as string | null,
              raterLastName: row.raterLastName as string | null,
              userHelpfulnessScore: row.userHelpfulnessScore as number | null,
              weight: row.weight === null ? null : Number(row.weight),
              cursorKey: Number(row.cursorKey),
            },
          ],
    ),
  };
}
