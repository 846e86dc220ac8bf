import { and, count, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { emailSignups, players, users } from '../../db/schema/index';
import { afterKeyset, exactTimeKey, keysetOrderBy, type KeysetOrder } from '../../lib/keyset';
import { normalizeForSearch } from '../../../common/text';

/** `%text%` for ILIKE, with the pattern characters in the text taken literally. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** One page of an admin list: rows after the cursor (its exact creation time and id), `limit` of them. */
export type ListPage<Id extends number | string> = {
  q?: string;
  limit: number;
  after?: { key: string; id: Id };
};

type ListedTable = typeof users | typeof players | typeof emailSignups;

function pageWhere(
  filter: SQL | undefined,
  order: KeysetOrder,
  after: ListPage<number | string>['after'],
  idType: string,
) {
  if (!after) return filter;
  return and(
    filter,
    afterKeyset(order, { key: sql`${after.key}::timestamptz`, id: sql`${after.id}::${sql.raw(idType)}` }),
  );
}

/**
 * The parts of an admin list's page query: newest first by creation and the ties by id (served by each table's
 * created_at index), after the cursor, limit + 1 rows (for cutPage), each with its cursor key.
 */
function newestFirstPage(table: ListedTable, filter: SQL | undefined, page: ListPage<number | string>) {
  const order: KeysetOrder = { key: table.createdAt, id: table.id, direction: 'desc' };
  return {
    where: pageWhere(filter, order, page.after, table === users ? 'uuid' : 'int'),
    orderBy: keysetOrderBy(order),
    limit: page.limit + 1,
    cursorKey: exactTimeKey(table.createdAt),
  };
}

/** How many rows of an admin list match its filter. */
async function countMatching(db: Executor, table: ListedTable, filter: SQL | undefined): Promise<number> {
  const [{ total }] = await db
    .select({ total: count() })
    .from(table as typeof users)
    .where(filter);
  return total;
}

/** Name (first, last or "first last") or e-mail contains q, any letter case. */
function userFilter(q: string | undefined): SQL | undefined {
  if (!q) return undefined;
  const pattern = containsPattern(q);
  return or(ilike(users.email, pattern), ilike(sql`concat_ws(' ', ${users.firstName}, ${users.lastName})`, pattern));
}

/** A page of users (limit + 1 rows read, for cutPage) and how many match q. */
export async function listUsers(db: Executor, options: ListPage<string>) {
  // Only the columns the admin list may show: no password, reset token or third-party id (docs/product.md#admin-calls).
  const fields = {
    id: users.id,
    email: users.email,
    firstName: users.firstName,
    lastName: users.lastName,
    isAdmin: users.isAdmin,
    authProvider: users.authProvider,
    createdAt: users.createdAt,
    updatedAt: users.updatedAt,
  };
  const filter = userFilter(options.q);
  const { where, orderBy, limit, cursorKey } = newestFirstPage(users, filter, options);
  const rows = await db
    .select({ ...fields, cursorKey })
    .from(users)
    .where(where)
    .orderBy(...orderBy)
    .limit(limit);
  return { rows, total: await countMatching(db, users, filter) };
}

/**
 * Name or location (through the normalised, trigram-indexed search columns, so accents and case
 * do not matter) or e-mail contains q.
 */
function playerFilter(q: string | undefined): SQL | undefined {
  if (!q) return undefined;
  const byEmail = ilike(players.email, containsPattern(q));
  const normalized = normalizeForSearch(q);
  if (!normalized) return byEmail;
  const pattern = containsPattern(normalized);
  return or(ilike(players.searchName, pattern), ilike(players.searchLocation, pattern), byEmail);
}

/** A page of players (limit + 1 rows read, for cutPage) and how many match q. */
export async function listPlayers(db: Executor, options: ListPage<number>) {
  const fields = {
    id: players.id,
    firstName: players.firstName,
    lastName: players.lastName,
    email: players.email,
    skillLevel: players.skillLevel,
    yearsPlaying: players.yearsPlaying,
    location: players.location,
    bio: players.bio,
    isVerified: players.isVerified,
    userId: players.userId,
    importedBy: players.importedBy,
    createdAt: players.createdAt,
    ratingCount: players.ratingCount,
  };
  const filter = playerFilter(options.q);
  const { where, orderBy, limit, cursorKey } = newestFirstPage(players, filter, options);
  const rows = await db
    .select({ ...fields, cursorKey })
    .from(players)
    .where(where)
    .orderBy(...orderBy)
    .limit(limit);
  return { rows, total: await countMatching(db, players, filter) };
}

/** A page of the launch list (limit + 1 rows read, for cutPage) and how many addresses contain q. */
export async function listEmailSignups(db: Executor, options: ListPage<number>) {
  const filter = options.q ? ilike(emailSignups.email, containsPattern(options.q)) : undefined;
  const fields = { id: emailSignups.id, email: emailSignups.email, createdAt: emailSignups.createdAt };
  const { where, orderBy, limit, cursorKey } = newestFirstPage(emailSignups, filter, options);
  const rows = await db
    .select({ ...fields, cursorKey })
    .from(emailSignups)
    .where(where)
    .orderBy(...orderBy)
    .limit(limit);
  return { rows, total: await countMatching(db, emailSignups, filter) };
}
