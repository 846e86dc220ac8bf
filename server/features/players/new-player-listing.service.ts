import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

/** Ratings (one per account) a player added by the rate wizard needs before search engines may list it. */
const RATERS_TO_LIST = 2;

type ListingColumns = { createdByUserId: SQLWrapper; userId: SQLWrapper; ratingCount: SQLWrapper };

/**
 * docs/product.md#new-players: a player an account added through the rate wizard (created by an account, linked to
 * none) is kept out of search engines (noindex, not in the sitemap) until a second account has rated it or its owner
 * has claimed it, so nobody can publish pages about made-up or unwilling people on their own. A rating counts once it
 * counts in rating_count (an anonymous one from its release).
 */
export const unvettedSql = (columns: ListingColumns): SQL<boolean> =>
  sql<boolean>`(${columns.createdByUserId} is not null and ${columns.userId} is null and ${columns.ratingCount} < ${sql.raw(String(RATERS_TO_LIST))})`;

/** The columns of `alias` (a table alias of players in hand-written SQL) for unvettedSql. */
export const listingColumnsOf = (alias: string): ListingColumns => ({
  createdByUserId: sql.raw(`${alias}.created_by_user_id`),
  userId: sql.raw(`${alias}.user_id`),
  ratingCount: sql.raw(`${alias}.rating_count`),
});
